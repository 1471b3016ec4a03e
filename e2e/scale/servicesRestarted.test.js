'use strict';
/**
 * Redis restarted in the middle of a batch (./redisRestart.js), on both n8n lines side by side: each
 * line's cluster of its own.
 */
const { ensure, show } = require('../../scripts/lib/assertions');
const { N8N_VERSIONS } = require('../n8n-app');
const { DEALS, startFaultCluster } = require('./batchFaults');
const { describeRestart, restartRedisMidBatch } = require('./redisRestart');

const cleanups = [];
const runs = new Map();

beforeAll(async () => {
	await Promise.all(
		N8N_VERSIONS.map(async (version) => {
			const started = await startFaultCluster(version, cleanups);
			runs.set(version, await restartRedisMidBatch(started, 'R'));
			console.log(describeRestart(version, runs.get(version)));
		}),
	);
}, 15 * 60_000);
afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

test.each(N8N_VERSIONS)(
	'n8n %s: the running execution goes on and succeeds; every deal has one version, each named in its output; a webhook call while Redis is down is answered and run once it is back',
	(version) => {
		const run = runs.get(version);
		ensure(run.status === 'success' && run.ranOn.length === 1, `the execution: ${show(run)}`);
		ensure(
			run.versions === DEALS && run.dealsWithAVersion === DEALS && run.named === DEALS,
			`versions: ${show(run)}`,
		);
		ensure(
			run.lateAnswer === 200 && run.lateStatus === 'success' && run.lateVersions === 5,
			`the call while Redis was down: ${show(run)}`,
		);
	},
);
