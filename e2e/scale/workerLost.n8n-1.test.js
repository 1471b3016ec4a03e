'use strict';
/**
 * A worker lost mid-batch on n8n 1.123.81 (./workerLost.js), replaced by a new worker: with n8n's
 * default settings, then with QUEUE_WORKER_MAX_STALLED_COUNT=0 as docs/reliability.md tells a team on 1.x to
 * set; and restarted on its own folder.
 */
const { ensure, show } = require('../../scripts/lib/assertions');
const { DEALS, FAULT_AFTER, startFaultCluster } = require('./batchFaults');
const {
	NO_RERUN,
	describeLoss,
	expectCrashedAfterLoss,
	expectLostMidBatch,
	expectRefusedAfterLoss,
	loseAWorker,
	stopWorkers,
} = require('./workerLost');

const VERSION = '1.123.81';
const cleanups = [];
let rerun;
let notRerun;
let restarted;

beforeAll(async () => {
	const started = await startFaultCluster(VERSION, cleanups, {});
	rerun = await loseAWorker(started, 'A');
	console.log(describeLoss(VERSION, rerun));
	// The team's fix: every worker restarted with the setting.
	await stopWorkers(started.cluster);
	await Promise.all([started.cluster.startWorker(NO_RERUN), started.cluster.startWorker(NO_RERUN)]);
	notRerun = await loseAWorker(started, 'B', { env: NO_RERUN });
	console.log(describeLoss(VERSION, notRerun));
	restarted = await loseAWorker(started, 'C', { env: NO_RERUN, inPlace: true });
	console.log(describeLoss(VERSION, restarted));
}, 20 * 60_000);
afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

test("n8n's default: another worker runs the whole batch again, so each deal the lost worker had created gets a second version, and the output names only the second run's", () => {
	ensure(rerun.status === 'success' && rerun.ranOn.length === 2, `the execution: ${show(rerun)}`);
	ensure(rerun.dealsWithAVersion === DEALS, `deals with a version: ${show(rerun)}`);
	ensure(
		rerun.dealsTwice >= rerun.createdWhenKilled && rerun.dealsTwice === rerun.versions - DEALS,
		`deals created twice: ${show(rerun)}`,
	);
	ensure(rerun.named === DEALS, `versions the output names: ${show(rerun)}`);
});

test('with QUEUE_WORKER_MAX_STALLED_COUNT=0, a new worker in its place: the execution fails with n8n’s "failed to be processed too many times"; nothing runs again, no deal has two versions, nothing names the versions made', () =>
	expectRefusedAfterLoss(notRerun));

test('with QUEUE_WORKER_MAX_STALLED_COUNT=0, the lost worker restarted on its folder: it marks the execution crashed (its event log shows it unfinished); nothing runs again, no deal has two versions, nothing names the versions made', () =>
	expectCrashedAfterLoss(restarted));

test(`each batch's worker was lost mid-batch: at least ${FAULT_AFTER} of ${DEALS} versions made, not all`, () =>
	expectLostMidBatch([rerun, notRerun, restarted]));
