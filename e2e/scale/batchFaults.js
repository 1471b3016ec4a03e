'use strict';
/**
 * What the queue-mode fault scenarios share (./workerLost.js, ./serviceRestart.js): a cluster of one
 * n8n line (a main and two workers) against the sandbox at the real limit (150 a minute) answering
 * every request after 800 ms, one webhook call of `DEALS` deals into Webhook → Split Out → Version ›
 * Create (more than a window's worth, so the batch spans two windows), the executions n8n records,
 * and what is left after a fault: the versions per deal (by title) and what the execution's stored
 * data says.
 *
 * Bull's lock and stalled check run shorter than n8n's defaults (30 s and 10 s, not 60 s and 30 s) so
 * that a lost job is noticed sooner; what n8n then does with it is the same.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ensure } = require('../../scripts/lib/assertions');
const { startSandbox } = require('../../scripts/lib/sandbox');
const { SEED } = require('../../sandbox/seed');
const app = require('../n8n-app');
const { waitFor: waitUntil } = require('../harness/waiting');
const { startQueueCluster } = require('./queueCluster');
const { ensurePackages } = require('./services');
const { CREATE_WORKFLOW_ID, LIMIT, WEBHOOK_PATH, createWorkflow } = require('./workflows');

const DEALS = 180;
const FAULT_AFTER = 60;
const LATENCY_MS = 800;
/** n8n's Bull settings for every process of the cluster: a lost job noticed within about 40 s. */
const FASTER_STALLED_CHECK = {
	QUEUE_WORKER_LOCK_DURATION: '30000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
	QUEUE_WORKER_STALLED_INTERVAL: '10000',
};
const FINISHED = new Set(['success', 'error', 'crashed', 'canceled', 'failed']);

const waitFor = (find, what, timeoutMs) => waitUntil(find, what, timeoutMs, 250);

/**
 * A queue-mode cluster of n8n `version` against a sandbox at the real limit answering each request
 * after 800 ms, with `workflows`, `env` on every process and `workerEnv` on the workers too.
 */
async function startLineCluster(
	version,
	cleanups,
	{ workflows, env = {}, workerEnv = {}, workerConcurrency },
) {
	ensurePackages();
	const n8n = app.installN8n(version);
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-queue-'));
	cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));
	const { sandbox, url } = await startSandbox({ rateLimit: LIMIT, latencyMs: LATENCY_MS });
	cleanups.push(() => sandbox.close());
	const cluster = await startQueueCluster({
		n8n,
		sandbox,
		url,
		workDir,
		cleanups,
		workflows,
		mainEnv: env,
		workerEnv: { ...env, ...workerEnv },
		workerConcurrency,
	});
	return { n8n, sandbox, cluster };
}

/** The fault scenarios' cluster: the create workflow, Bull's stalled check shortened. */
const startFaultCluster = (version, cleanups, workerEnv = {}) =>
	startLineCluster(version, cleanups, {
		workflows: [createWorkflow()],
		env: FASTER_STALLED_CHECK,
		workerEnv,
	});

/** The sandbox's versions whose title holds a deal ID `label`-N, as the create workflow titles them. */
function versionsOf(sandbox, label) {
	const seeded = new Set(Object.values(SEED.versions).map((version) => version.id));
	return sandbox.state.versions.filter(
		(version) => !seeded.has(version.id) && version.data.title.includes(`(${label}-`),
	);
}

/** A workflow's executions in n8n's database (the create workflow's unless named), newest last. */
function createExecutions(cluster, workflowId = CREATE_WORKFLOW_ID) {
	return cluster
		.psql(
			`SELECT id, status FROM execution_entity WHERE "workflowId" = '${workflowId}' ORDER BY id`,
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

/** One webhook call with `count` deals, their IDs `label`-0, `label`-1, … */
function postDeals(cluster, label, count) {
	const deals = Array.from({ length: count }, (_, index) => ({
		dealId: `${label}-${index}`,
		company: `Company ${label}-${index}`,
		first_name: 'Alex',
	}));
	return fetch(`${cluster.main.url}/webhook/${WEBHOOK_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ deals }),
	});
}

/** The batch `label` (`count` deals) sent to the webhook; resolves with its execution once n8n has recorded it. */
async function sendBatch(cluster, label, count = DEALS) {
	const before = new Set(createExecutions(cluster).map((execution) => execution.id));
	const answer = await postDeals(cluster, label, count);
	ensure(answer.status === 200, `the webhook answered ${answer.status}`);
	return waitFor(
		() => createExecutions(cluster).find((candidate) => !before.has(candidate.id)),
		`the execution of batch ${label}`,
		60_000,
	);
}

/** Resolves with the execution `executionId` (of `workflowId`) once n8n has ended it (any of `FINISHED`). */
function executionEnded(
	cluster,
	executionId,
	timeoutMs = 6 * 60_000,
	workflowId = CREATE_WORKFLOW_ID,
) {
	return waitFor(
		() => {
			const now = createExecutions(cluster, workflowId).find(
				(candidate) => candidate.id === executionId,
			);
			return FINISHED.has(now?.status) && now;
		},
		`n8n to end execution ${executionId}`,
		timeoutMs,
	);
}

/** How many versions each deal has, by the deal ID the create workflow puts at the end of a title. */
function versionsPerDeal(versions) {
	const perDeal = new Map();
	for (const version of versions) {
		const dealId = /\(([^)]+)\)$/.exec(version.data.title)[1];
		perDeal.set(dealId, (perDeal.get(dealId) ?? 0) + 1);
	}
	return perDeal;
}

/** The versions per deal, and what the execution's stored data says: its error, the versions it names. */
function whatIsLeft(n8n, cluster, executionId, versions) {
	const stored = cluster
		.psql(`SELECT data FROM execution_data WHERE "executionId" = ${Number(executionId)}`)
		.trim();
	const perDeal = versionsPerDeal(versions);
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

module.exports = {
	DEALS,
	FASTER_STALLED_CHECK,
	FAULT_AFTER,
	LATENCY_MS,
	createExecutions,
	executionEnded,
	postDeals,
	ranBy,
	sendBatch,
	startFaultCluster,
	startLineCluster,
	versionsOf,
	versionsPerDeal,
	waitFor,
	whatIsLeft,
};
