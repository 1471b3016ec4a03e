#!/usr/bin/env node
'use strict';
/**
 * `npm run test:scale`: the node in n8n's queue mode, as teams run n8n when one process is not
 * enough. Starts PostgreSQL and Redis (Debian's packages, installed with apt when missing and this
 * runs as root), the API sandbox with the real version limit (150 requests per 60 s per IP), and
 * n8n 2.41.1 as a main instance (`EXECUTIONS_MODE=queue`) and two `n8n worker` processes sharing one
 * database, one Redis and one encryption key, with this package linked as a community package.
 *
 * Then:
 * - a webhook workflow (Webhook → Split Out → Storydoc › Create Version) is called 10 times at once
 *   with 30 deals each: the main enqueues 10 executions and both workers run them, all sending from
 *   127.0.0.1, so they share the limit. Checked: 300 versions created exactly once, no item and no
 *   execution failed (execution records in Postgres), both workers ran executions (their logs, matched
 *   with the execution records), 429s per window of the server, and the time against the ideal the
 *   limit allows (goal ≤ 1.15 ×);
 * - a Storydoc Trigger workflow (every minute, clicks) is active meanwhile: it polls once per minute
 *   (on the main, not once per worker) and each new click starts one execution.
 *
 * Prints the figures and ends with `tests: N passed, N failed`. Everything it starts is stopped and
 * its folders removed at the end, also on failure. Needs `npm run build` (the npm script runs it).
 */
const { execFileSync, spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const util = require('node:util');

const app = require('./n8n-app');
const { createChecks, expect, show, waitFor: waitUntil } = require('./checks');
const { startSandbox } = require('../scripts/lib/sandbox');
const { SEED } = require('../sandbox/seed');

const LIMIT = { max: 150, windowMs: 60_000 };
const CALLS = 10;
const DEALS_PER_CALL = 30;
const VERSIONS = CALLS * DEALS_PER_CALL;
const WORKERS = 2;
const WORKER_CONCURRENCY = 5;
const GOAL_RATIO = 1.15;
const WEBHOOK_PATH = 'storydoc-scale-deals';
const CREATE_WORKFLOW_ID = 'sdScaleCreate';
const TRIGGER_WORKFLOW_ID = 'sdScaleTrigger';
const CREATE_CREDENTIAL_ID = 'storydocScale';
/** The trigger uses a second key of the organization, so the sandbox's log tells its requests apart. */
const TRIGGER_CREDENTIAL_ID = 'storydocScaleTrigger';

const cleanups = [];
const { check, results, summary } = createChecks();
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = (find, what, timeoutMs) => waitUntil(find, what, timeoutMs, 500);

// ---------------------------------------------------------------------------------------------
// PostgreSQL and Redis from Debian's packages

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function postgresBin() {
	const base = '/usr/lib/postgresql';
	const versions = fs.existsSync(base)
		? fs.readdirSync(base).filter((name) => fs.existsSync(path.join(base, name, 'bin', 'postgres')))
		: [];
	return versions.length
		? path.join(base, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin')
		: undefined;
}

/** Installs what is missing with apt (scripts/lib/install-debian.sh, as CI installs Chromium). */
function ensurePackages() {
	const missing = [];
	if (!postgresBin()) missing.push('postgresql');
	if (!fs.existsSync('/usr/bin/redis-server')) missing.push('redis-server');
	if (!missing.length) return;
	const installer = path.join(__dirname, '..', 'scripts', 'lib', 'install-debian.sh');
	execFileSync('bash', [installer, ...missing], { stdio: 'inherit' });
}

/** Runs a PostgreSQL program as the `postgres` user when this runs as root (PostgreSQL refuses root). */
function asPostgres(program, args) {
	return isRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

function spawnLogged(command, args, logFile, env) {
	const out = fs.openSync(logFile, 'a');
	const child = spawn(command, args, { env, stdio: ['ignore', out, out] });
	cleanups.push(() => stopChild(child));
	return child;
}

function stopChild(child) {
	return new Promise((resolve) => {
		if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
		const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
		child.on('exit', () => {
			clearTimeout(timer);
			resolve();
		});
		child.kill('SIGTERM');
	});
}

async function startPostgres(workDir) {
	const bin = postgresBin();
	const dataDir = path.join(workDir, 'postgres');
	const socketDir = path.join(workDir, 'postgres-socket');
	fs.mkdirSync(dataDir);
	fs.mkdirSync(socketDir);
	if (isRoot) {
		execFileSync('chown', ['postgres', dataDir, socketDir]);
		fs.chmodSync(workDir, 0o755);
	}
	const [initdb, initArgs] = asPostgres(path.join(bin, 'initdb'), [
		'-D',
		dataDir,
		'-U',
		'postgres',
		'--auth=trust',
		'-E',
		'UTF8',
	]);
	execFileSync(initdb, initArgs, { stdio: 'ignore' });
	const port = await app.freePort();
	const [postgres, args] = asPostgres(path.join(bin, 'postgres'), [
		'-D',
		dataDir,
		'-p',
		String(port),
		'-k',
		socketDir,
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'max_connections=100',
	]);
	const child = spawnLogged(postgres, args, path.join(workDir, 'postgres.log'));
	// As the postgres superuser, over TCP on this cluster's port.
	const psqlArgs = (database) => [
		'-h',
		'127.0.0.1',
		'-p',
		String(port),
		'-U',
		'postgres',
		'-d',
		database,
	];
	const psql = (sql) =>
		execFileSync('psql', [...psqlArgs('n8n'), '-At', '-F', '\t', '-c', sql]).toString();
	await waitFor(
		() => {
			try {
				execFileSync('psql', [...psqlArgs('postgres'), '-c', 'CREATE DATABASE n8n'], {
					stdio: 'ignore',
				});
				return true;
			} catch {
				if (child.exitCode !== null)
					throw new Error(`postgres exited ${child.exitCode}; see ${workDir}/postgres.log`);
				return false;
			}
		},
		'PostgreSQL accepting connections',
		60_000,
	);
	return { port, psql };
}

async function startRedis(workDir) {
	const port = await app.freePort();
	const child = spawnLogged(
		'/usr/bin/redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			workDir,
		],
		path.join(workDir, 'redis.log'),
	);
	await waitFor(
		() => {
			if (child.exitCode !== null)
				throw new Error(`redis-server exited ${child.exitCode}; see ${workDir}/redis.log`);
			return fs
				.readFileSync(path.join(workDir, 'redis.log'), 'utf8')
				.includes('Ready to accept connections');
		},
		'Redis ready',
		30_000,
	);
	return { port };
}

// ---------------------------------------------------------------------------------------------
// The workflows

function createWorkflow() {
	const credentials = { storydocApi: { id: CREATE_CREDENTIAL_ID, name: 'Storydoc (scale)' } };
	return {
		id: CREATE_WORKFLOW_ID,
		name: 'Storydoc scale: deals by webhook → Create Version each',
		nodes: [
			{
				id: 'd1a7e5f2-0001-4b00-9000-000000000001',
				name: 'Deals arrive',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'd1a7e5f2-0001-4b00-9000-0000000000aa',
				parameters: {
					httpMethod: 'POST',
					path: WEBHOOK_PATH,
					responseMode: 'onReceived',
					options: {},
				},
			},
			{
				id: 'd1a7e5f2-0001-4b00-9000-000000000002',
				name: 'One item per deal',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.deals', include: 'noOtherFields', options: {} },
			},
			{
				id: 'd1a7e5f2-0001-4b00-9000-000000000003',
				name: 'Create personalized version',
				type: app.NODE_TYPE,
				typeVersion: 1,
				position: [440, 0],
				parameters: {
					resource: 'version',
					operation: 'create',
					storyId: { __rl: true, mode: 'id', value: SEED.stories.proposal.id },
					senderEmail: SEED.users.sam.email,
					title: '=Proposal for {{ $json.company }} ({{ $json.dealId }})',
					variables: {
						mappingMode: 'autoMapInputData',
						value: null,
						matchingColumns: [],
						schema: [],
					},
					additionalFields: {},
				},
				credentials,
			},
		],
		connections: {
			'Deals arrive': { main: [[{ node: 'One item per deal', type: 'main', index: 0 }]] },
			'One item per deal': {
				main: [[{ node: 'Create personalized version', type: 'main', index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}

const triggerWorkflow = () =>
	app.pollingWorkflow({
		id: TRIGGER_WORKFLOW_ID,
		name: 'Storydoc scale: a prospect clicks → the story',
		idPrefix: 'd1a7e5f2-0002-4b00-9000',
		event: 'click',
		triggerName: 'When a prospect clicks',
		// A story read (not a version endpoint, so it leaves the version limit to the creates).
		then: {
			name: 'The story clicked',
			parameters: {
				resource: 'story',
				operation: 'get',
				storyId: { __rl: true, mode: 'id', value: '={{ $json.storyId }}' },
			},
		},
		credential: { id: TRIGGER_CREDENTIAL_ID, name: 'Storydoc (scale trigger)' },
	});

const dealsOf = (call) =>
	Array.from({ length: DEALS_PER_CALL }, (_, index) => ({
		dealId: `D-${call}-${index}`,
		company: `Company ${call}-${index}`,
		first_name: 'Alex',
	}));

// ---------------------------------------------------------------------------------------------

async function main() {
	const started = Date.now();
	if (
		!fs.existsSync(path.join(app.PACKAGE_ROOT, 'dist', 'nodes', 'Storydoc', 'Storydoc.node.js'))
	) {
		throw new Error('dist/ is missing: run `npm run build` first');
	}
	ensurePackages();
	const n8n = app.installN8n('2.41.1');
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-scale-'));
	cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));
	console.log(
		`scale: n8n ${n8n.n8nVersion} in queue mode: a main and ${WORKERS} workers (concurrency ${WORKER_CONCURRENCY}), PostgreSQL, Redis; work folder ${workDir}`,
	);

	const { sandbox, url } = await startSandbox({ rateLimit: LIMIT });
	cleanups.push(() => sandbox.close());
	const postgres = await startPostgres(workDir);
	const redis = await startRedis(workDir);
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

	// Credentials and workflows go into Postgres with the CLI, as in the e2e run.
	const cliEnv = await envFor();
	const run = async (args) => {
		const result = await app.runN8n(n8n, args, cliEnv);
		expect(
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

	const mainPort = await app.freePort();
	const mainLog = path.join(workDir, 'main.log');
	sandbox.clearLog();
	const main = await app.startN8n(n8n, await envFor({ N8N_PORT: String(mainPort) }), mainLog);
	cleanups.push(() => app.stopN8n(main.child));
	const workerLogs = [];
	for (let index = 0; index < WORKERS; index++) {
		const log = path.join(workDir, `worker-${index + 1}.log`);
		workerLogs.push(log);
		const env = await envFor({
			QUEUE_HEALTH_CHECK_PORT: String(await app.freePort()),
			N8N_PORT: String(await app.freePort()),
		});
		spawnLogged(n8n.node, [n8n.n8nBin, 'worker', `--concurrency=${WORKER_CONCURRENCY}`], log, env);
	}
	await waitFor(
		() =>
			workerLogs.every((log) => fs.readFileSync(log, 'utf8').includes('n8n worker is now ready')),
		'both workers ready',
		120_000,
	);
	console.log(
		`scale: main on ${main.url} and ${WORKERS} workers ready after ${((Date.now() - started) / 1000).toFixed(0)} s`,
	);

	// The trigger: its activation poll, then two clicks on versions of two stories.
	const triggerRequests = () => sandbox.log.filter((entry) => entry.token === 'admin');
	const triggerPolls = () =>
		triggerRequests().filter((entry) => entry.path === '/v2/analytics/events');
	const storyReads = () =>
		triggerRequests()
			.filter((entry) => entry.path.startsWith('/v2/stories/'))
			.map((entry) => entry.path.split('/').pop());
	await waitFor(() => triggerPolls().length > 0, 'the trigger activation poll', 60_000);
	const clicks = sandbox.addEvents([
		{
			versionId: SEED.versions.live.id,
			eventCategory: 'click',
			eventName: 'CTA click: Book a meeting',
		},
		{
			versionId: SEED.versions.intro.id,
			eventCategory: 'click',
			eventName: 'Link click: Case study',
		},
	]);

	// The creates: 10 webhook calls at once.
	const createStarted = Date.now();
	const answers = await Promise.all(
		Array.from({ length: CALLS }, (_, call) =>
			fetch(`${main.url}/webhook/${WEBHOOK_PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ deals: dealsOf(call) }),
			}).then((response) => response.status),
		),
	);
	const createPosts = () =>
		sandbox.log.filter(
			(entry) => entry.token === 'team' && entry.method === 'POST' && entry.path === '/v2/versions',
		);
	const seeded = new Set(Object.values(SEED.versions).map((version) => version.id));
	const created = () => sandbox.state.versions.filter((version) => !seeded.has(version.id));
	await waitFor(
		() => created().length >= VERSIONS,
		`${VERSIONS} versions created`,
		6 * 60_000,
	).catch((error) => console.log(`scale: ${error.message}`));
	const lastCreate = createPosts()
		.filter((entry) => entry.status === 200)
		.pop();
	const seconds = lastCreate ? (Date.parse(lastCreate.time) - createStarted) / 1000 : Number.NaN;
	const idealSeconds = (Math.floor((VERSIONS - 1) / LIMIT.max) * LIMIT.windowMs) / 1000;

	// Executions: every one finished, as Postgres records them.
	const executions = () =>
		postgres
			.psql(`SELECT id, "workflowId", status FROM execution_entity ORDER BY id`)
			.trim()
			.split('\n')
			.filter(Boolean)
			.map((line) => {
				const [id, workflowId, status] = line.split('\t');
				return { id, workflowId, status };
			});
	await waitFor(
		() =>
			executions().filter(
				(execution) =>
					execution.workflowId === CREATE_WORKFLOW_ID &&
					!['new', 'running', 'waiting'].includes(execution.status),
			).length >= CALLS,
		'the create executions finished',
		60_000,
	).catch(() => undefined);

	// Two scheduled trigger polls after activation, and the trigger's executions.
	await waitFor(() => triggerPolls().length >= 3, 'two scheduled trigger polls', 150_000).catch(
		() => undefined,
	);
	await waitFor(
		() => storyReads().length >= 2,
		'the trigger executions for the two clicks',
		30_000,
	).catch(() => undefined);
	await pause(3000);

	// Who ran what: each worker logs "Worker started execution <id>".
	const ranBy = new Map();
	for (const [index, log] of workerLogs.entries()) {
		for (const match of fs.readFileSync(log, 'utf8').matchAll(/Worker started execution (\d+)/g)) {
			ranBy.set(match[1], [...(ranBy.get(match[1]) ?? []), index + 1]);
		}
	}
	const createExecutions = executions().filter(
		(execution) => execution.workflowId === CREATE_WORKFLOW_ID,
	);

	// 429s per window of the server: a window begins where the counter it reported drops.
	const refusedPerWindow = [];
	let lastCounter = Infinity;
	for (const entry of sandbox.log.filter((candidate) =>
		candidate.path.startsWith('/v2/versions'),
	)) {
		if (entry.rateLimitCounter <= lastCounter) refusedPerWindow.push(0);
		lastCounter = entry.rateLimitCounter;
		if (entry.status === 429) refusedPerWindow[refusedPerWindow.length - 1] += 1;
	}
	const titles = new Map();
	for (const version of created())
		titles.set(version.data.title, (titles.get(version.data.title) ?? 0) + 1);
	const duplicates = [...titles.values()].reduce((sum, count) => sum + count - 1, 0);
	const otherFailures = createPosts().filter(
		(entry) => entry.status !== 200 && entry.status !== 429,
	);
	const perWorker = Array.from(
		{ length: WORKERS },
		(_, index) =>
			createExecutions.filter((execution) => ranBy.get(execution.id)?.includes(index + 1)).length,
	);
	const pollTimes = triggerPolls().map((entry) => Date.parse(entry.time));
	const pollGaps = pollTimes
		.slice(1)
		.map((time, index) => Math.round((time - pollTimes[index]) / 1000));

	console.log('');
	console.log(
		`webhook calls:       ${CALLS} (answers ${[...new Set(answers)].join(', ')}), ${DEALS_PER_CALL} deals each`,
	);
	console.log(
		`versions created:    ${created().length} of ${VERSIONS}; duplicates ${duplicates}; requests failed other than 429: ${otherFailures.length}`,
	);
	console.log(
		`create executions:   ${createExecutions.length} (${createExecutions.map((execution) => execution.status).join(', ')}); per worker ${perWorker.join(' + ')}`,
	);
	console.log(
		`429 answers:         ${refusedPerWindow.join(', ')} in the server's ${refusedPerWindow.length} windows (nothing processed; each waited out)`,
	);
	console.log(
		`time:                ${seconds.toFixed(1)} s from the calls to the last version; ideal ${idealSeconds.toFixed(1)} s; ${(seconds / idealSeconds).toFixed(3)} × (goal ≤ ${GOAL_RATIO})`,
	);
	console.log(
		`trigger polls:       ${triggerPolls().length}, ${pollGaps.join(' s, ')} s apart (the first one at activation); story reads for the clicks: ${storyReads().length}`,
	);
	console.log('');

	await check(`every version created exactly once: ${VERSIONS} from ${CALLS} webhook calls`, () => {
		expect(
			answers.every((status) => status === 200),
			`webhook answers: ${show(answers)}`,
		);
		expect(created().length === VERSIONS, `${created().length} versions created`);
		expect(
			duplicates === 0 && titles.size === VERSIONS,
			`${duplicates} duplicates, ${titles.size} distinct titles`,
		);
	});
	await check(
		'no item failed: every create execution succeeded, no request failed other than a 429 waited out',
		() => {
			expect(
				createExecutions.length === CALLS,
				`${createExecutions.length} create executions recorded`,
			);
			expect(
				createExecutions.every((execution) => execution.status === 'success'),
				`statuses ${show(createExecutions)}`,
			);
			expect(
				otherFailures.length === 0,
				`failed requests: ${show(otherFailures.map((entry) => `${entry.status} ${entry.fault ?? ''}`))}`,
			);
		},
	);
	await check(
		'both workers ran create executions, each execution on one worker (worker logs matched with the execution records)',
		() => {
			expect(
				perWorker.every((count) => count > 0),
				`executions per worker: ${perWorker.join(', ')}`,
			);
			expect(
				createExecutions.every((execution) => ranBy.get(execution.id)?.length === 1),
				`executions and their workers: ${show(createExecutions.map((execution) => [execution.id, ranBy.get(execution.id)]))}`,
			);
			expect(
				!fs.readFileSync(mainLog, 'utf8').includes('Worker started execution'),
				'the main ran an execution',
			);
		},
	);
	// A worker cannot see what the other has in flight: racing for a window's last slots, at most
	// what both can have in flight is refused (each waited out and sent again; nothing processed).
	await check(
		`the shared limit: time ≤ ${GOAL_RATIO} × the ideal; 429s per window at most the requests the workers can have in flight`,
		() => {
			const inFlight = WORKERS * WORKER_CONCURRENCY;
			expect(
				refusedPerWindow.every((count) => count <= inFlight),
				`429s per window: ${refusedPerWindow.join(', ')} (more than ${inFlight})`,
			);
			expect(
				seconds / idealSeconds <= GOAL_RATIO,
				`${seconds.toFixed(1)} s is ${(seconds / idealSeconds).toFixed(3)} × the ideal ${idealSeconds} s`,
			);
		},
	);
	await check(
		'the Storydoc Trigger polls once per minute (on the main, not on every worker) and each new click runs once',
		() => {
			expect(triggerPolls().length >= 3, `${triggerPolls().length} polls`);
			// One poller: after the activation poll, one poll a minute (three pollers would poll within seconds of each other).
			expect(
				pollGaps.slice(1).every((gap) => gap >= 50 && gap <= 70),
				`seconds between polls: ${pollGaps.join(', ')}`,
			);
			expect(
				util.isDeepStrictEqual(storyReads().sort(), clicks.map((event) => event.storyId).sort()),
				`stories read for the clicks: ${show(storyReads())}`,
			);
		},
	);
	console.log(`scale: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

let crashed = false;
main()
	.catch((error) => {
		console.error(`scale: ${error.stack || error}`);
		crashed = true;
	})
	.finally(async () => {
		for (const cleanup of cleanups.reverse())
			await Promise.resolve(cleanup()).catch(() => undefined);
		console.log(summary(crashed ? 1 : 0));
		process.exitCode = !crashed && results.length && results.every((result) => result.ok) ? 0 : 1;
	});
