'use strict';
/**
 * The Storydoc Trigger in queue mode with the worker running its execution lost (SIGKILL). The main
 * polls First View every minute and hands what it emits to a worker; that worker's next step (Get
 * Version) is held by the sandbox, so the execution is in the middle of its run when the worker is
 * killed and a new one starts. Then a second reader opens another version. Measured: what n8n does
 * with the lost execution, whether any later poll emits the lost first view again, whether its data
 * still holds the item, and that the trigger goes on.
 */
const { ensure, show } = require('../../scripts/lib/assertions');
const { pause } = require('../harness/waiting');
const {
	FASTER_STALLED_CHECK,
	createExecutions,
	executionEnded,
	postDeals,
	ranBy,
	startLineCluster,
	versionsOf,
	waitFor,
	whatIsLeft,
} = require('../scale/batchFaults');
const { clusterRun } = require('../scale/clusterRun');
const { NO_RERUN } = require('../scale/workerLost');
const { createWorkflow } = require('../scale/workflows');
const { emitted } = require('./readersRestart');
const {
	FIRST_VIEW_TRIGGER,
	FIRST_VIEW_WORKFLOW_ID,
	firstViewWorkflow,
} = require('./salesWorkflows');

/** One scheduled poll more than the trigger's every minute, so a first view emitted again would show. */
const ONE_POLL_MORE_MS = 75_000;

/** A reader's first view of `versionId`, as Storydoc records it. */
function openVersion(sandbox, versionId, n) {
	sandbox.addEvents([
		{
			versionId,
			visitorId: `vis_lost_reader_${n}`,
			sessionId: `lost-session-${n}`,
			eventCategory: 'view',
			eventName: 'view_slide_1',
		},
	]);
}

/** Starts the cluster of n8n `version`, loses the worker of a poll's execution; resolves with the figures. */
async function triggerWorkerLost(version, cleanups) {
	const noRerun = version.startsWith('1.') ? NO_RERUN : {};
	const { n8n, sandbox, cluster } = await startLineCluster(version, cleanups, {
		workflows: [createWorkflow(), firstViewWorkflow()],
		env: { ...FASTER_STALLED_CHECK, ...noRerun },
	});
	const answer = await postDeals(cluster, 'L', 2);
	ensure(answer.status === 200, `the webhook answered ${answer.status}`);
	const [lost, later] = await waitFor(
		() => versionsOf(sandbox, 'L').length === 2 && versionsOf(sandbox, 'L'),
		'two versions to read',
		120_000,
	);

	// The worker's Get Version waits at the sandbox until released: the execution is mid-run.
	sandbox.setFault({
		route: 'GET /v2/versions/:id',
		type: 'slow',
		delayMs: 0,
		held: true,
		token: 'admin',
		times: 1,
	});
	openVersion(sandbox, lost.id, 1);
	await waitFor(() => sandbox.held === 1, 'the first view’s Get Version held', 150_000);
	const execution = createExecutions(cluster, FIRST_VIEW_WORKFLOW_ID).at(-1);
	const worker = await waitFor(
		() => ranBy(cluster, execution.id).find((candidate) => candidate.child.exitCode === null),
		`the worker running execution ${execution.id}`,
		30_000,
	);
	worker.child.kill('SIGKILL');
	const lostAt = Date.now();
	await cluster.startWorker({ ...FASTER_STALLED_CHECK, ...noRerun });
	sandbox.releaseHeld();
	const ended = await executionEnded(cluster, execution.id, 6 * 60_000, FIRST_VIEW_WORKFLOW_ID);
	const endedAfterSeconds = Math.round((Date.now() - lostAt) / 1000);

	openVersion(sandbox, later.id, 2);
	const emittedVersions = () =>
		emitted(n8n, cluster, FIRST_VIEW_WORKFLOW_ID, FIRST_VIEW_TRIGGER).map((item) => item.versionId);
	await waitFor(
		() => emittedVersions().includes(later.id),
		'the second reader’s first view emitted',
		4 * 60_000,
	);
	await pause(ONE_POLL_MORE_MS);
	const { named, errorMessage } = whatIsLeft(n8n, cluster, execution.id, [lost]);
	return {
		n8nVersion: n8n.n8nVersion,
		lostVersion: lost.id,
		laterVersion: later.id,
		lostWorker: worker.number,
		lost: { id: execution.id, status: ended.status, endedAfterSeconds },
		ranOn: ranBy(cluster, execution.id).map((candidate) => candidate.number),
		lostDataHoldsItem: named > 0,
		errorMessage,
		executions: createExecutions(cluster, FIRST_VIEW_WORKFLOW_ID),
		emittedVersions: emittedVersions(),
	};
}

/** One line of figures, as the run prints them. */
function describeTriggerLoss(run) {
	return (
		`trigger worker lost: n8n ${run.n8nVersion}: worker ${run.lostWorker} killed while execution ${run.lost.id} ran First View's next step; ` +
		`n8n ended it ${run.lost.status} ${run.lost.endedAfterSeconds} s later (run on workers ${run.ranOn.join(', ')}); ` +
		`its error: ${run.errorMessage ?? 'none'}; its stored data ${run.lostDataHoldsItem ? 'holds' : 'does not hold'} the version; ` +
		`executions since: ${run.executions.map((execution) => `${execution.id} ${execution.status}`).join(', ')}; ` +
		`versions emitted in successful executions: ${run.emittedVersions.length} (the lost one ${run.emittedVersions.filter((id) => id === run.lostVersion).length} times)`
	);
}

/** The checks of one line's run. */
function triggerWorkerLostTests(version) {
	const ran = clusterRun(
		(cleanups) => triggerWorkerLost(version, cleanups),
		describeTriggerLoss,
		15 * 60_000,
	);

	test('n8n ends the lost execution as failed, and runs it on no other worker', () => {
		ensure(
			['error', 'crashed'].includes(ran().lost.status) && ran().ranOn.length === 1,
			`the lost execution: ${show(ran().lost)}, run on workers ${show(ran().ranOn)}`,
		);
	});

	test('no later poll emits the lost first view again (the main moved its cursor when it emitted it)', () => {
		ensure(
			!ran().emittedVersions.includes(ran().lostVersion),
			`versions emitted since: ${show(ran().emittedVersions)}`,
		);
	});

	// What docs/reliability.md tells a user: n8n keeps no copy of the lost item, so it is found with Get Events.
	test("the lost execution's stored data does not hold the emitted item, and says why the execution failed", () => {
		ensure(!ran().lostDataHoldsItem, `execution ${ran().lost.id}'s data names the version`);
		ensure(ran().errorMessage, `execution ${ran().lost.id} stored no error`);
	});

	test('the trigger goes on: the next first view is emitted once', () => {
		ensure(
			ran().emittedVersions.filter((id) => id === ran().laterVersion).length === 1,
			`versions emitted since: ${show(ran().emittedVersions)}`,
		);
	});
}

module.exports = { triggerWorkerLostTests };
