'use strict';
/**
 * A worker lost mid-batch on n8n 2.41.1 (./workerLost.js), which never runs a lost job again (it sets
 * Bull's maxStalledCount to 0 itself): replaced by a new worker, and restarted on its own folder.
 */
const { DEALS, FAULT_AFTER, startFaultCluster } = require('./batchFaults');
const {
	describeLoss,
	expectCrashedAfterLoss,
	expectLostMidBatch,
	expectRefusedAfterLoss,
	loseAWorker,
} = require('./workerLost');

const VERSION = '2.41.1';
const cleanups = [];
let replaced;
let restarted;

beforeAll(async () => {
	const started = await startFaultCluster(VERSION, cleanups, {});
	replaced = await loseAWorker(started, 'A');
	console.log(describeLoss(VERSION, replaced));
	restarted = await loseAWorker(started, 'B', { inPlace: true });
	console.log(describeLoss(VERSION, restarted));
}, 15 * 60_000);
afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

test('a new worker in its place: the execution fails with n8n’s "failed to be processed too many times"; nothing runs again, no deal has two versions, nothing names the versions made', () =>
	expectRefusedAfterLoss(replaced));

test('the lost worker restarted on its folder: it marks the execution crashed (its event log shows it unfinished); nothing runs again, no deal has two versions, nothing names the versions made', () =>
	expectCrashedAfterLoss(restarted));

test(`each batch's worker was lost mid-batch: at least ${FAULT_AFTER} of ${DEALS} versions made, not all`, () =>
	expectLostMidBatch([replaced, restarted]));
