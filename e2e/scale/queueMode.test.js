'use strict';
/**
 * `npm run test:scale`: the node in n8n's queue mode, as teams run n8n when one process is not
 * enough (./queueCluster.js: a main, two workers, PostgreSQL, Redis), against the API sandbox with
 * the real version limit (150 requests per 60 s per IP), all sending from 127.0.0.1 so they share
 * it. The load (./load.js): 10 webhook calls at once with 30 deals each, both workers running the
 * executions; a Storydoc Trigger workflow polling meanwhile. The figures are printed, then checked.
 * Everything it starts is stopped and its folders removed at the end, also on failure.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const util = require('node:util');

const { ensure, show } = require('../../scripts/lib/assertions');
const { startSandbox } = require('../../scripts/lib/sandbox');
const app = require('../n8n-app');
const { runLoad } = require('./load');
const { startQueueCluster } = require('./queueCluster');
const { ensurePackages } = require('./services');
const {
	CALLS,
	DEALS_PER_CALL,
	GOAL_RATIO,
	LIMIT,
	VERSIONS,
	WORKERS,
	WORKER_CONCURRENCY,
} = require('./workflows');

const cleanups = [];
let figures;
let mainLog;

beforeAll(async () => {
	const started = Date.now();
	ensurePackages();
	const n8n = app.installN8n('2.41.1');
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-scale-'));
	cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));
	const { sandbox, url } = await startSandbox({ rateLimit: LIMIT });
	cleanups.push(() => sandbox.close());
	const cluster = await startQueueCluster({ n8n, sandbox, url, workDir, cleanups });
	mainLog = cluster.mainLog;
	figures = await runLoad({ sandbox, cluster });
	console.log(report(figures, { n8n, started }));
});
afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

/** The figures as the run prints them. */
function report(f, { n8n, started }) {
	return [
		`scale: n8n ${n8n.n8nVersion} in queue mode: a main and ${WORKERS} workers (concurrency ${WORKER_CONCURRENCY}), PostgreSQL, Redis; ${((Date.now() - started) / 1000).toFixed(0)} s`,
		`webhook calls:       ${CALLS} (answers ${[...new Set(f.answers)].join(', ')}), ${DEALS_PER_CALL} deals each`,
		`versions created:    ${f.created().length} of ${VERSIONS}; duplicates ${f.duplicates}; requests failed other than 429: ${f.otherFailures.length}`,
		`create executions:   ${f.createExecutions.length} (${f.createExecutions.map((execution) => execution.status).join(', ')}); per worker ${f.perWorker.join(' + ')}`,
		`429 answers:         ${f.refusedPerWindow.join(', ')} in the server's ${f.refusedPerWindow.length} windows (nothing processed; each waited out)`,
		`time:                ${f.seconds.toFixed(1)} s from the calls to the last version; ideal ${f.idealSeconds.toFixed(1)} s; ${(f.seconds / f.idealSeconds).toFixed(3)} × (goal ≤ ${GOAL_RATIO})`,
		`trigger polls:       ${f.triggerPolls().length}, ${f.pollGaps.join(' s, ')} s apart (the first one at activation); story reads for the clicks: ${f.storyReads().length}`,
	].join('\n');
}

test(`every version created exactly once: ${VERSIONS} from ${CALLS} webhook calls`, () => {
	const { answers, created, duplicates, titles } = figures;
	ensure(
		answers.every((status) => status === 200),
		`webhook answers: ${show(answers)}`,
	);
	ensure(created().length === VERSIONS, `${created().length} versions created`);
	ensure(
		duplicates === 0 && titles.size === VERSIONS,
		`${duplicates} duplicates, ${titles.size} distinct titles`,
	);
});

test('no item failed: every create execution succeeded, no request failed other than a 429 waited out', () => {
	const { createExecutions, otherFailures } = figures;
	ensure(
		createExecutions.length === CALLS,
		`${createExecutions.length} create executions recorded`,
	);
	ensure(
		createExecutions.every((execution) => execution.status === 'success'),
		`statuses ${show(createExecutions)}`,
	);
	ensure(
		otherFailures.length === 0,
		`failed requests: ${show(otherFailures.map((entry) => `${entry.status} ${entry.fault ?? ''}`))}`,
	);
});

test('both workers ran create executions, each execution on one worker (worker logs matched with the execution records)', () => {
	const { createExecutions, perWorker, ranBy } = figures;
	ensure(
		perWorker.every((count) => count > 0),
		`executions per worker: ${perWorker.join(', ')}`,
	);
	ensure(
		createExecutions.every((execution) => ranBy.get(execution.id)?.length === 1),
		`executions and their workers: ${show(createExecutions.map((execution) => [execution.id, ranBy.get(execution.id)]))}`,
	);
	ensure(
		!fs.readFileSync(mainLog, 'utf8').includes('Worker started execution'),
		'the main ran an execution',
	);
});

// Each worker sees the other in the server's count and keeps room for it: no request is refused.
// The time against the goal (≤ GOAL_RATIO × the ideal) is printed above: a busy machine moves it, so
// the goal is checked in virtual time (rateLimit.sharing.unit.test.ts › test:scale's load).
test('the shared limit: no answer 429 in any window', () => {
	const { refusedPerWindow } = figures;
	ensure(
		refusedPerWindow.every((count) => count === 0),
		`429s per window: ${refusedPerWindow.join(', ')}`,
	);
});

test('the Storydoc Trigger polls once per minute (on the main, not on every worker) and each new click runs once', () => {
	const { triggerPolls, pollGaps, storyReads, clicks } = figures;
	ensure(triggerPolls().length >= 3, `${triggerPolls().length} polls`);
	// One poller: after the activation poll, no two scheduled polls within 50 s (three pollers would
	// poll within seconds of each other); a late poll on a busy machine is no failure.
	ensure(
		pollGaps.slice(1).every((gap) => gap >= 50),
		`seconds between polls: ${pollGaps.join(', ')}`,
	);
	ensure(
		util.isDeepStrictEqual(storyReads().sort(), clicks.map((event) => event.storyId).sort()),
		`stories read for the clicks: ${show(storyReads())}`,
	);
});
