'use strict';
/**
 * A worker lost in the middle of a batch (./batchFaults.js): the worker running it is killed (SIGKILL)
 * once `FAULT_AFTER` of its versions exist, and a new worker takes its place, on a user folder of its
 * own (a new container) or on the lost worker's (the same container restarted, its volume kept).
 * Measured: what n8n does with the execution, the versions against the deals, and which of them the
 * execution's stored data names.
 */
const { ensure, show } = require('../../scripts/lib/assertions');
const {
	DEALS,
	FASTER_STALLED_CHECK,
	FAULT_AFTER,
	executionEnded,
	ranBy,
	sendBatch,
	versionsOf,
	waitFor,
	whatIsLeft,
} = require('./batchFaults');
const { stopChild } = require('./services');

/** What docs/reliability.md tells a team on n8n 1.x to set (2.x forces it): a lost job is not run again. */
const NO_RERUN = { QUEUE_WORKER_MAX_STALLED_COUNT: '0' };

/**
 * Sends the batch `label`, kills the worker running it once `FAULT_AFTER` versions exist, starts a
 * worker with `env` in its place, on a user folder of its own (a new container) or, `inPlace`, on the
 * lost worker's (the same container restarted, its volume kept), and waits for n8n to end the execution.
 */
async function loseAWorker({ n8n, sandbox, cluster }, label, { env = {}, inPlace = false } = {}) {
	const mine = () => versionsOf(sandbox, label);
	const execution = await sendBatch(cluster, label);
	const worker = await waitFor(
		() =>
			ranBy(cluster, execution.id).find(
				(candidate) => candidate.child.exitCode === null && candidate.child.signalCode === null,
			),
		`the worker running execution ${execution.id}`,
		60_000,
	);
	await waitFor(() => mine().length >= FAULT_AFTER, `${FAULT_AFTER} versions of ${label}`, 120_000);
	worker.child.kill('SIGKILL');
	const lostAt = Date.now();
	const createdWhenKilled = mine().length;
	await cluster.startWorker(
		{ ...FASTER_STALLED_CHECK, ...env },
		inPlace ? worker.userFolder : undefined,
	);
	const ended = await executionEnded(cluster, execution.id);
	return {
		label,
		replacement: inPlace ? 'restarted on its folder' : 'a new worker',
		executionId: execution.id,
		status: ended.status,
		seconds: Math.round((Date.now() - lostAt) / 1000),
		lostWorker: worker.number,
		ranOn: ranBy(cluster, execution.id).map((candidate) => candidate.number),
		createdWhenKilled,
		...whatIsLeft(n8n, cluster, execution.id, mine()),
	};
}

/** One line of figures, as `npm run test:scale` prints them. */
function describeLoss(version, f) {
	return (
		`lost worker: n8n ${version}, batch ${f.label}: worker ${f.lostWorker} killed at ${f.createdWhenKilled} of ${DEALS} versions, ${f.replacement} in its place; ` +
		`execution ${f.executionId} ${f.status} ${f.seconds} s later (run on workers ${f.ranOn.join(', ')}); ` +
		`${f.versions} versions for ${f.dealsWithAVersion} deals, ${f.dealsTwice} deals twice; ` +
		`${f.named} named in the execution's data; its error: ${f.errorMessage ?? 'none'}`
	);
}

/**
 * Nothing was run again: every version is a different deal's, those made before the loss at least,
 * not every deal's, and the execution's stored data names none of them.
 */
function expectNothingTwice(run) {
	ensure(
		run.dealsTwice === 0 &&
			run.versions === run.dealsWithAVersion &&
			run.versions >= run.createdWhenKilled &&
			run.versions < DEALS,
		`batch ${run.label}'s versions: ${show(run)}`,
	);
	ensure(run.named === 0, `batch ${run.label}: versions named in the execution: ${run.named}`);
}

/** n8n ended the execution with its MaxStalledCountError, on the lost worker only: nothing ran again. */
function expectRefusedAfterLoss(run) {
	ensure(
		run.status === 'error' &&
			/failed to be processed too many times/.test(run.errorMessage) &&
			run.ranOn.length === 1,
		`the execution: ${show(run)}`,
	);
	expectNothingTwice(run);
}

/** The worker restarted on its folder marked the execution crashed: nothing ran again. */
function expectCrashedAfterLoss(run) {
	ensure(run.status === 'crashed' && run.ranOn.length === 1, `the execution: ${show(run)}`);
	expectNothingTwice(run);
}

/** Each batch's worker was killed with some of its versions made, not all. */
function expectLostMidBatch(runs) {
	for (const run of runs)
		ensure(
			run.createdWhenKilled >= FAULT_AFTER && run.createdWhenKilled < DEALS,
			`batch ${run.label}: ${run.createdWhenKilled} made when the worker was killed`,
		);
}

/** Stops every worker still running (SIGTERM: each finishes or hands back what it holds). */
function stopWorkers(cluster) {
	return Promise.all(cluster.workers.map((worker) => stopChild(worker.child)));
}

module.exports = {
	NO_RERUN,
	describeLoss,
	expectCrashedAfterLoss,
	expectLostMidBatch,
	expectRefusedAfterLoss,
	loseAWorker,
	stopWorkers,
};
