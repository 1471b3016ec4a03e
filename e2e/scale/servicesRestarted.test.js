'use strict';
/**
 * Redis, then PostgreSQL, restarted in the middle of a batch (./serviceRestart.js), on both n8n lines
 * side by side: each line's cluster of its own.
 */
const { ensure, show } = require('../../scripts/lib/assertions');
const { N8N_VERSIONS } = require('../n8n-app');
const { DEALS, startFaultCluster } = require('./batchFaults');
const { describeRestart, restartMidBatch } = require('./serviceRestart');

const cleanups = [];
const runs = new Map();

beforeAll(async () => {
	await Promise.all(
		N8N_VERSIONS.map(async (version) => {
			const started = await startFaultCluster(version, cleanups);
			runs.set(`Redis ${version}`, await restartMidBatch(started, 'R', 'Redis'));
			console.log(describeRestart(version, runs.get(`Redis ${version}`)));
			runs.set(`PostgreSQL ${version}`, await restartMidBatch(started, 'P', 'PostgreSQL'));
			console.log(describeRestart(version, runs.get(`PostgreSQL ${version}`)));
		}),
	);
}, 15 * 60_000);
afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

/** The running execution went on in its worker and succeeded: every deal once, each named in its output. */
function expectBatchWhole(run) {
	ensure(run.status === 'success' && run.ranOn.length === 1, `the execution: ${show(run)}`);
	ensure(
		run.versions === DEALS && run.dealsWithAVersion === DEALS && run.named === DEALS,
		`versions: ${show(run)}`,
	);
}

test.each(N8N_VERSIONS)(
	'Redis, n8n %s: the running execution goes on and succeeds; every deal has one version, each named in its output; a webhook call while Redis is down is answered and run once it is back',
	(version) => {
		const run = runs.get(`Redis ${version}`);
		expectBatchWhole(run);
		ensure(
			run.lateAnswer === 200 && run.lateStatus === 'success' && run.lateVersions === 5,
			`the call while Redis was down: ${show(run)}`,
		);
	},
);

/**
 * n8n 1.x answers 500 (its webhook handler fails on the database). 2.x does the same until its
 * database check, a ping every 2 s, fails; from then on every request is answered 503 "Database is
 * not ready!". Which one the call meets depends on when it comes within those 2 s.
 */
function refusedWhilePostgresDown(version, run) {
	if (run.lateAnswer === 500) return true;
	const twoX = !version.startsWith('1.');
	return twoX && run.lateAnswer === 503 && run.lateBody.includes('Database is not ready');
}

test.each(N8N_VERSIONS)(
	'PostgreSQL, n8n %s: the running execution goes on and succeeds; every deal has one version, each named in its output; a webhook call while PostgreSQL is down is refused (500; on 2.x 503 once its database check has failed) and nothing runs for it',
	(version) => {
		const run = runs.get(`PostgreSQL ${version}`);
		expectBatchWhole(run);
		ensure(
			refusedWhilePostgresDown(version, run) &&
				run.lateStatus === 'no execution' &&
				run.lateVersions === 0,
			`the call while PostgreSQL was down: ${show(run)}`,
		);
	},
);
