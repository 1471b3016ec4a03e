'use strict';
/**
 * n8n 2.41.1 in queue mode: a main instance (`EXECUTIONS_MODE=queue`) and `WORKERS` `n8n worker`
 * processes sharing one PostgreSQL database, one Redis and one encryption key, with this package
 * linked as a community package, and the load's credentials and workflows imported and published.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const { ensure } = require('../../scripts/lib/assertions');
const app = require('../n8n-app');
const { waitFor } = require('../harness/waiting');
const { spawnLogged, startPostgres, startRedis } = require('./services');
const {
	CREATE_CREDENTIAL_ID,
	CREATE_WORKFLOW_ID,
	TRIGGER_CREDENTIAL_ID,
	TRIGGER_WORKFLOW_ID,
	WORKERS,
	WORKER_CONCURRENCY,
	createWorkflow,
	triggerWorkflow,
} = require('./workflows');

/** @returns the main (`url`, `child`), its log, the workers' logs and `psql` on n8n's database */
async function startQueueCluster({ n8n, sandbox, url, workDir, cleanups }) {
	const postgres = await startPostgres(cleanups, workDir);
	const redis = await startRedis(cleanups, workDir);
	const userFolder = app.createUserFolder('storydoc-scale-');
	cleanups.push(() => fs.rmSync(userFolder, { recursive: true, force: true }));
	const encryptionKey = crypto.randomBytes(24).toString('hex');
	const queueEnv = {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: 'n8n',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: '',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
	};
	const envFor = async (extra = {}) =>
		app.n8nEnv(n8n, {
			userFolder,
			brokerPort: await app.freePort(),
			encryptionKey,
			extra: { ...queueEnv, ...extra },
		});
	await importInputs({ n8n, env: await envFor(), sandbox, url, workDir });

	const mainLog = path.join(workDir, 'main.log');
	sandbox.clearLog();
	const main = await app.startN8n(
		n8n,
		await envFor({ N8N_PORT: String(await app.freePort()) }),
		mainLog,
	);
	cleanups.push(() => app.stopN8n(main.child));
	const workerLogs = [];
	for (let index = 0; index < WORKERS; index++) {
		const log = path.join(workDir, `worker-${index + 1}.log`);
		workerLogs.push(log);
		const env = await envFor({
			QUEUE_HEALTH_CHECK_PORT: String(await app.freePort()),
			N8N_PORT: String(await app.freePort()),
		});
		spawnLogged(
			cleanups,
			n8n.node,
			[n8n.n8nBin, 'worker', `--concurrency=${WORKER_CONCURRENCY}`],
			log,
			env,
		);
	}
	await waitFor(
		() =>
			workerLogs.every((log) => fs.readFileSync(log, 'utf8').includes('n8n worker is now ready')),
		'both workers ready',
		120_000,
		500,
	);
	return { main, mainLog, workerLogs, psql: postgres.psql };
}

/** Credentials and workflows go into Postgres with the CLI, as in the e2e run. */
async function importInputs({ n8n, env, sandbox, url, workDir }) {
	const run = async (args) => {
		const result = await app.runN8n(n8n, args, env);
		ensure(
			result.code === 0,
			`n8n ${args.join(' ')} exited ${result.code}\n${result.stdout}\n${result.stderr}`,
		);
		return result;
	};
	const inputs = path.join(workDir, 'inputs.json');
	fs.writeFileSync(
		inputs,
		JSON.stringify([
			{
				id: CREATE_CREDENTIAL_ID,
				name: 'Storydoc (scale)',
				type: 'storydocApi',
				data: { accessToken: sandbox.tokens.team, baseUrl: url },
			},
			{
				id: TRIGGER_CREDENTIAL_ID,
				name: 'Storydoc (scale trigger)',
				type: 'storydocApi',
				data: { accessToken: sandbox.tokens.admin, baseUrl: url },
			},
		]),
	);
	await run(['import:credentials', `--input=${inputs}`]);
	fs.writeFileSync(inputs, JSON.stringify([createWorkflow(), triggerWorkflow()]));
	await run(['import:workflow', `--input=${inputs}`]);
	fs.rmSync(inputs);
	for (const id of [CREATE_WORKFLOW_ID, TRIGGER_WORKFLOW_ID])
		await run(['publish:workflow', `--id=${id}`]);
}

module.exports = { startQueueCluster };
