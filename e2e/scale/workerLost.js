'use strict';
/**
 * A worker lost in the middle of a batch, in queue mode on one n8n line: one webhook call with
 * `DEALS` deals into Webhook → Split Out → Version › Create, each create answered after 800 ms at the
 * real limit (150 a minute), so the batch spans two of the limit's windows; the worker running it is
 * killed (SIGKILL) once `LOST_AFTER` of its versions exist, and a new worker takes its place, as a
 * team's process manager would start one. Measured: what n8n does with the execution, the versions
 * in the sandbox against the deals, and which of them the execution's stored data names.
 *
 * Bull's lock and stalled check run shorter than n8n's defaults (30 s and 10 s, not 60 s and 30 s) so
 * that a lost job is noticed sooner; what n8n then does with it is the same.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ensure, show } = require('../../scripts/lib/assertions');
const { startSandbox } = require('../../scripts/lib/sandbox');
const { SEED } = require('../../sandbox/seed');
const app = require('../n8n-app');
const { waitFor: waitUntil } = require('../harness/waiting');
const { startQueueCluster } = require('./queueCluster');
const { ensurePackages } = require('./services');
const { CREATE_WORKFLOW_ID, LIMIT, WEBHOOK_PATH, createWorkflow } = require('./workflows');

const DEALS = 180;
const LOST_AFTER = 60;
const LATENCY_MS = 800;
/** n8n's Bull settings for every process of the cluster: a lost job noticed within about 40 s. */
const FASTER_STALLED_CHECK = {
	QUEUE_WORKER_LOCK_DURATION: '30000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
	QUEUE_WORKER_STALLED_INTERVAL: '10000',
};
/** What the README tells a team on n8n 1.x to set (2.x forces it): a lost job is not run again. */
const NO_RERUN = { QUEUE_WORKER_MAX_STALLED_COUNT: '0' };
const FINISHED = new Set(['success', 'error', 'crashed', 'canceled', 'failed']);

const waitFor = (find, what, timeoutMs) => waitUntil(find, what, timeoutMs, 250);

/** A queue-mode cluster of n8n `version` against a sandbox answering each request after 800 ms. */
async function startLostWorkerCluster(version, cleanups, workerEnv) {
	ensurePackages();
	const n8n = app.installN8n(version);
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-lost-worker-'));
	cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));
	const { sandbox, url } = await startSandbox({ rateLimit: LIMIT, latencyMs: LATENCY_MS });
	cleanups.push(() => sandbox.close());
	const cluster = await startQueueCluster({
		n8n,
		sandbox,
		url,
		workDir,
		cleanups,
		workflows: [createWorkflow()],
		mainEnv: FASTER_STALLED_CHECK,
		workerEnv: { ...FASTER_STALLED_CHECK, ...workerEnv },
	});
	return { n8n, sandbox, cluster };
}

/** The create workflow's executions in n8n's database, newest last. */
function createExecutions(cluster) {
	return cluster
		.psql(
			`SELECT id, status FROM execution_entity WHERE "workflowId" = '${CREATE_WORKFLOW_ID}' ORDER BY id`,
		)
		.trim()
		.split('\n')
		.filter(Boolean)
		.map((line) => {
			const [id, status] = line.split('\t');
			return { id, status };
		});
}

/** Workers whose log says they started `executionId` (alive or not). */
const ranBy = (cluster, executionId) =>
	cluster.workers.filter((worker) =>
		fs.readFileSync(worker.log, 'utf8').includes(`Worker started execution ${executionId} `),
	);

/** The batch `label` sent to the webhook; resolves with its execution once n8n has recorded it. */
async function sendBatch(cluster, label) {
	const before = new Set(createExecutions(cluster).map((execution) => execution.id));
	const deals = Array.from({ length: DEALS }, (_, index) => ({
		dealId: `${label}-${index}`,
		company: `Company ${label}-${index}`,
		first_name: 'Alex',
	}));
	const answer = await fetch(`${cluster.main.url}/webhook/${WEBHOOK_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ deals }),
	});
	ensure(answer.status === 200, `the webhook answered ${answer.status}`);
	return waitFor(
		() => createExecutions(cluster).find((candidate) => !before.has(candidate.id)),
		`the execution of batch ${label}`,
		60_000,
	);
}

/**
 * Sends the batch `label`, kills the worker running it once `LOST_AFTER` versions exist, starts a
 * worker with `env` in its place, on a user folder of its own (a new container) or, `inPlace`, on the
 * lost worker's (the same container restarted, its volume kept), and waits for n8n to end the execution.
 */
async function loseAWorker({ n8n, sandbox, cluster }, label, { env = {}, inPlace = false } = {}) {
	const seeded = new Set(Object.values(SEED.versions).map((version) => version.id));
	const mine = () =>
		sandbox.state.versions.filter(
			(version) => !seeded.has(version.id) && version.data.title.includes(`(${label}-`),
		);
	const execution = await sendBatch(cluster, label);
	const worker = await waitFor(
		() =>
			ranBy(cluster, execution.id).find(
				(candidate) => candidate.child.exitCode === null && candidate.child.signalCode === null,
			),
		`the worker running execution ${execution.id}`,
		60_000,
	);
	await waitFor(() => mine().length >= LOST_AFTER, `${LOST_AFTER} versions of ${label}`, 120_000);
	worker.child.kill('SIGKILL');
	const lostAt = Date.now();
	const createdWhenKilled = mine().length;
	await cluster.startWorker(
		{ ...FASTER_STALLED_CHECK, ...env },
		inPlace ? worker.userFolder : undefined,
	);
	const ended = await waitFor(
		() => {
			const now = createExecutions(cluster).find((candidate) => candidate.id === execution.id);
			return FINISHED.has(now?.status) && now;
		},
		`n8n to end execution ${execution.id}`,
		6 * 60_000,
	);
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

/** The versions per deal, and what the execution's stored data says: its error, the versions it names. */
function whatIsLeft(n8n, cluster, executionId, versions) {
	const stored = cluster
		.psql(`SELECT data FROM execution_data WHERE "executionId" = ${Number(executionId)}`)
		.trim();
	const perDeal = new Map();
	for (const version of versions) {
		const dealId = /\(([^)]+)\)$/.exec(version.data.title)[1];
		perDeal.set(dealId, (perDeal.get(dealId) ?? 0) + 1);
	}
	const { parse } = require(path.join(n8n.dir, 'node_modules', 'flatted'));
	const error = stored ? parse(stored).resultData?.error : undefined;
	return {
		versions: versions.length,
		dealsWithAVersion: perDeal.size,
		dealsTwice: [...perDeal.values()].filter((count) => count > 1).length,
		named: versions.filter((version) => stored.includes(version.id)).length,
		errorMessage: error?.message ?? null,
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

/** Stops every worker still running (SIGTERM: each finishes or hands back what it holds). */
async function stopWorkers(cluster) {
	await Promise.all(
		cluster.workers
			.filter((worker) => worker.child.exitCode === null && worker.child.signalCode === null)
			.map(
				(worker) =>
					new Promise((resolve) => {
						worker.child.on('exit', resolve);
						worker.child.kill('SIGTERM');
					}),
			),
	);
}

module.exports = {
	DEALS,
	LOST_AFTER,
	NO_RERUN,
	FASTER_STALLED_CHECK,
	describeLoss,
	expectNothingTwice,
	loseAWorker,
	startLostWorkerCluster,
	stopWorkers,
};
