'use strict';
/**
 * The Storydoc Trigger in queue mode with the worker running its execution lost (SIGKILL). The main
 * polls First View every minute and hands what it emits to a worker; that worker's next step (Get
 * Version) is held by the sandbox, so the execution is in the middle of its run when the worker is
 * killed and a new one starts. Then a second reader opens another version. Measured: what n8n does
 * with the lost execution, whether any later poll emits the lost first view again, whether its data
 * still holds the item, and that the trigger goes on.
 */
const path = require('node:path');

const { ensure, show } = require('../../scripts/lib/assertions');
const { pause } = require('../harness/waiting');
const {
	FASTER_STALLED_CHECK,
	postDeals,
	ranBy,
	startLineCluster,
	versionsOf,
	waitFor,
} = require('../scale/batchFaults');
const { NO_RERUN } = require('../scale/workerLost');
const { createWorkflow } = require('../scale/workflows');
const { FIRST_VIEW_WORKFLOW_ID, firstViewWorkflow } = require('./salesWorkflows');

const TRIGGER_NAME = 'When a proposal is first opened';
const FINISHED = new Set(['success', 'error', 'crashed', 'canceled', 'failed']);
/** One scheduled poll more than the trigger's every minute, so a first view emitted again would show. */
const ONE_POLL_MORE_MS = 75_000;

/** The First View workflow's executions, oldest first: id, status and the stored data as text. */
function firstViewExecutions(cluster) {
	return cluster
		.psql(
			`SELECT e.id, e.status, d.data FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = '${FIRST_VIEW_WORKFLOW_ID}' ORDER BY e.id`,
		)
		.split('\n')
		.filter(Boolean)
		.map((line) => {
			const [id, status, ...data] = line.split('\t');
			return { id, status, data: data.join('\t') };
		});
}

/** The items the trigger emitted in a successful execution (its run data). */
function emittedBy(n8n, execution) {
	const { parse } = require(path.join(n8n.dir, 'node_modules', 'flatted'));
	const runData = parse(execution.data).resultData?.runData ?? {};
	return (runData[TRIGGER_NAME]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
}

/** The error n8n stored for an execution, if any. */
function errorOf(n8n, execution) {
	const { parse } = require(path.join(n8n.dir, 'node_modules', 'flatted'));
	return execution.data ? (parse(execution.data).resultData?.error?.message ?? null) : null;
}

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
	const [lostVersion, laterVersion] = await waitFor(
		() => versionsOf(sandbox, 'L').length === 2 && versionsOf(sandbox, 'L').map((v) => v.id),
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
	openVersion(sandbox, lostVersion, 1);
	await waitFor(() => sandbox.held === 1, 'the first view’s Get Version held', 150_000);
	const lost = firstViewExecutions(cluster).at(-1);
	const worker = await waitFor(
		() => ranBy(cluster, lost.id).find((candidate) => candidate.child.exitCode === null),
		`the worker running execution ${lost.id}`,
		30_000,
	);
	worker.child.kill('SIGKILL');
	const lostAt = Date.now();
	await cluster.startWorker({ ...FASTER_STALLED_CHECK, ...noRerun });
	sandbox.releaseHeld();
	const ended = await waitFor(
		() => {
			const now = firstViewExecutions(cluster).find((execution) => execution.id === lost.id);
			return FINISHED.has(now?.status) && now;
		},
		`n8n to end execution ${lost.id}`,
		6 * 60_000,
	);
	const endedAfterSeconds = Math.round((Date.now() - lostAt) / 1000);

	openVersion(sandbox, laterVersion, 2);
	const emittedVersions = () =>
		firstViewExecutions(cluster)
			.filter((execution) => execution.status === 'success')
			.flatMap((execution) => emittedBy(n8n, execution).map((item) => item.versionId));
	await waitFor(
		() => emittedVersions().includes(laterVersion),
		'the second reader’s first view emitted',
		4 * 60_000,
	);
	await pause(ONE_POLL_MORE_MS);
	const executions = firstViewExecutions(cluster);
	return {
		n8nVersion: n8n.n8nVersion,
		lostVersion,
		laterVersion,
		lostWorker: worker.number,
		lost: { id: lost.id, status: ended.status, endedAfterSeconds },
		ranOn: ranBy(cluster, lost.id).map((candidate) => candidate.number),
		lostDataHoldsItem: ended.data.includes(lostVersion),
		errorMessage: errorOf(n8n, ended),
		executions: executions.map(({ id, status }) => ({ id, status })),
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
	const cleanups = [];
	let run;
	beforeAll(async () => {
		run = await triggerWorkerLost(version, cleanups);
		console.log(describeTriggerLoss(run));
	}, 15 * 60_000);
	afterAll(async () => {
		for (const cleanup of cleanups.reverse())
			await Promise.resolve(cleanup()).catch(() => undefined);
	});

	test('n8n ends the lost execution as failed, and runs it on no other worker', () => {
		ensure(
			['error', 'crashed'].includes(run.lost.status) && run.ranOn.length === 1,
			`the lost execution: ${show(run.lost)}, run on workers ${show(run.ranOn)}`,
		);
	});

	test('no later poll emits the lost first view again (the main moved its cursor when it emitted it)', () => {
		ensure(
			!run.emittedVersions.includes(run.lostVersion),
			`versions emitted since: ${show(run.emittedVersions)}`,
		);
	});

	// What the README tells a user: n8n keeps no copy of the lost item, so it is found with Get Events.
	test("the lost execution's stored data does not hold the emitted item, and says why the execution failed", () => {
		ensure(!run.lostDataHoldsItem, `execution ${run.lost.id}'s data names the version`);
		ensure(run.errorMessage, `execution ${run.lost.id} stored no error`);
	});

	test('the trigger goes on: the next first view is emitted once', () => {
		ensure(
			run.emittedVersions.filter((id) => id === run.laterVersion).length === 1,
			`versions emitted since: ${show(run.emittedVersions)}`,
		);
	});
}

module.exports = { triggerWorkerLostTests };
