'use strict';
/**
 * n8n in queue mode: a main instance (`EXECUTIONS_MODE=queue`) and `WORKERS` `n8n worker` processes
 * sharing one PostgreSQL database, one Redis and one encryption key, with this package linked as a
 * community package, and the load's credentials and workflows imported and published (n8n 2.x) or
 * activated (1.x). More workers start with `startWorker`, each with settings of its own; the main
 * stops and starts again with `restartMain`.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const { ensure } = require('../../scripts/lib/assertions');
const app = require('../n8n-app');
const { pause, waitFor } = require('../harness/waiting');
const { spawnLogged, startPostgres, startRedis } = require('./services');
const {
	CREATE_CREDENTIAL_ID,
	TRIGGER_CREDENTIAL_ID,
	WORKERS,
	WORKER_CONCURRENCY,
	createWorkflow,
	triggerWorkflow,
} = require('./workflows');

/**
 * @param workflows what to import (the load's create and trigger workflows unless given), or a function
 *   that makes them when they are imported (a schedule set from then, not from before the databases' start)
 * @param mainEnv settings of the main
 * @param workerEnv settings of the first workers (e.g. QUEUE_WORKER_MAX_STALLED_COUNT)
 * @param workerConcurrency executions each worker runs at once
 * @returns the main (`url`, `child`), its log, the workers (`child`, `log`, `userFolder`) and their logs,
 *   `startWorker(env)`, `restartMain(downMs)` and `psql` on n8n's database
 */
async function startQueueCluster({
	n8n,
	sandbox,
	url,
	workDir,
	cleanups,
	workflows = [createWorkflow(), triggerWorkflow()],
	mainEnv = {},
	workerEnv = {},
	workerConcurrency = WORKER_CONCURRENCY,
}) {
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
	const envFor = async (extra = {}, folder = userFolder) =>
		app.n8nEnv(n8n, {
			userFolder: folder,
			brokerPort: await app.freePort(),
			encryptionKey,
			extra: { ...queueEnv, ...extra },
		});
	await importInputs({
		n8n,
		env: await envFor(),
		sandbox,
		url,
		workDir,
		workflows: typeof workflows === 'function' ? workflows() : workflows,
	});

	const mainLog = path.join(workDir, 'main.log');
	sandbox.clearLog();
	const mainSettings = await envFor({ N8N_PORT: String(await app.freePort()), ...mainEnv });
	let main = await app.startN8n(n8n, mainSettings, mainLog);
	cleanups.push(() => app.stopN8n(main.child));
	/** The main stopped as a deploy stops it (SIGTERM), and started again after `downMs`. */
	const restartMain = async (downMs, whileDown = async () => undefined) => {
		await app.stopN8n(main.child);
		const stoppedAt = Date.now();
		await whileDown();
		await pause(Math.max(0, stoppedAt + downMs - Date.now()));
		main = await app.startN8n(n8n, mainSettings, mainLog);
		return main;
	};
	const workers = [];
	const startWorker = workerStarter({ n8n, workDir, cleanups, envFor, workers });
	await Promise.all(
		Array.from({ length: WORKERS }, () => startWorker(workerEnv, undefined, workerConcurrency)),
	);
	return {
		get main() {
			return main;
		},
		mainLog,
		restartMain,
		workers,
		get workerLogs() {
			return workers.map((worker) => worker.log);
		},
		startWorker,
		psql: postgres.psql,
		restartRedis: redis.restart,
		restartPostgres: postgres.restart,
	};
}

/**
 * `startWorker(extra, folder, concurrency)`: one more `n8n worker`, with `extra` settings, on a user folder of its
 * own (as a container of its own has) or on `folder` (a worker restarted where it ran before);
 * resolves once it is ready. Each joins `workers`.
 */
function workerStarter({ n8n, workDir, cleanups, envFor, workers }) {
	return async function startWorker(
		extra = {},
		folder = undefined,
		concurrency = WORKER_CONCURRENCY,
	) {
		const number = workers.length + 1;
		const log = path.join(workDir, `worker-${number}.log`);
		const worker = { number, log, child: undefined, userFolder: folder };
		workers.push(worker);
		if (!worker.userFolder) {
			worker.userFolder = app.createUserFolder('storydoc-scale-worker-');
			cleanups.push(() => fs.rmSync(worker.userFolder, { recursive: true, force: true }));
		}
		const env = await envFor(
			{
				QUEUE_HEALTH_CHECK_PORT: String(await app.freePort()),
				N8N_PORT: String(await app.freePort()),
				...extra,
			},
			worker.userFolder,
		);
		worker.child = spawnLogged(
			cleanups,
			n8n.node,
			[n8n.n8nBin, 'worker', `--concurrency=${concurrency}`],
			log,
			env,
		);
		await waitFor(
			() => {
				ensure(worker.child.exitCode === null, `worker ${number} exited; see ${log}`);
				return fs.readFileSync(log, 'utf8').includes('n8n worker is now ready');
			},
			`worker ${number} ready`,
			120_000,
			500,
		);
		return worker;
	};
}

/** Credentials and workflows go into Postgres with the CLI, as in the e2e run. */
async function importInputs({ n8n, env, sandbox, url, workDir, workflows }) {
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
	fs.writeFileSync(inputs, JSON.stringify(workflows));
	await run(['import:workflow', `--input=${inputs}`]);
	fs.rmSync(inputs);
	for (const { id } of workflows)
		await run(
			n8n.major >= 2
				? ['publish:workflow', `--id=${id}`]
				: ['update:workflow', `--id=${id}`, '--active=true'],
		);
}

module.exports = { startQueueCluster };
