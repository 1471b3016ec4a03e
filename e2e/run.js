#!/usr/bin/env node
'use strict';
/**
 * End-to-end run in the real n8n app (`npm run test:e2e`).
 *
 * Installs (or reuses) n8n 2.41.1 on Node 24, links the built package (dist/, which the npm script
 * builds first) into a fresh n8n user folder as a community package, starts the API sandbox in this process,
 * imports a "Storydoc account" credential pointing at it and every workflow in examples/, runs each with
 * `n8n execute --rawOutput`, and checks what n8n output against the sandbox's own record of the requests
 * it received and of its state; then publishes a Storydoc Trigger workflow and runs `n8n start` to see
 * it poll for real (activation, scheduled polls, the cursor n8n keeps). Ends with
 * `tests: N passed, N failed`; exits 1 on any failure.
 *
 *   npm run test:e2e                     n8n 2.41.1 (on Node 24)
 *   npm run test:e2e -- --n8n 1.123.81   n8n 1.123.81 (the maintained 1.x line, on Node 20)
 *   npm run test:e2e -- --only mcp       only some parts: examples, triggers, durable, mcp
 *
 * Env: STORYDOC_E2E_KEEP=1 keeps the n8n user folder for inspection; STORYDOC_E2E_N8N_CACHE moves the
 * n8n installs (see install-n8n.sh).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('./n8n-app');
const { loadExamples, sandboxClient } = require('../scripts/examples');
const { startSandbox } = require('../scripts/lib/sandbox');
const { mcpScenario } = require('./mcp');
const { createChecks, expect, expectEqual, show, waitFor: waitUntil } = require('./checks');
const durableScheduler = require('./durable');

const CREDENTIAL_ID = 'storydocAccount';
const BAD_CREDENTIAL_ID = 'storydocBadToken';
/** A second key of the organization (the sandbox's `admin`), for the First View workflow: its requests are told apart by key. */
const FIRST_VIEW_CREDENTIAL_ID = 'storydocFirstView';
/** The bearer token MCP clients send to the MCP Server Trigger. */
const MCP_CREDENTIAL_ID = 'mcpClients';

const { check, results, summary } = createChecks();

async function main() {
	const started = Date.now();
	if (
		!fs.existsSync(path.join(app.PACKAGE_ROOT, 'dist', 'nodes', 'Storydoc', 'Storydoc.node.js'))
	) {
		throw new Error('dist/ is missing: run `npm run build` first (CI builds before this run)');
	}

	const n8n = app.installN8n(requestedVersion());
	const parts = requestedParts();
	console.log(
		`e2e: n8n ${n8n.n8nVersion} on Node ${require('node:child_process').execFileSync(n8n.node, ['--version']).toString().trim()} (${n8n.dir})`,
	);

	const { sandbox, url } = await startSandbox();
	const client = sandboxClient(url, sandbox.tokens.team);
	const userFolder = app.createUserFolder();
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-e2e-input-'));
	const encryptionKey = crypto.randomBytes(24).toString('hex');
	const env = app.n8nEnv(n8n, { userFolder, brokerPort: await app.freePort(), encryptionKey });
	const goodToken = sandbox.tokens.team;
	const badToken = `sd_e2e_bad_${crypto.randomBytes(10).toString('hex')}`;
	/** Everything n8n printed, scanned for tokens at the end. */
	const transcript = [];
	const n8nCommand = recordedCommand(n8n, env, transcript);
	console.log(`e2e: sandbox ${url}, n8n user folder ${userFolder}`);

	try {
		const examples = loadExamples();

		await check('n8n imports the credentials', () =>
			importCredentials(n8nCommand, workDir, sandbox, url, goodToken, badToken),
		);

		await check(
			'the files in examples/ import as a user imports them, with their notes and nothing of the sandbox',
			async () => {
				await importWorkflows(
					n8nCommand,
					workDir,
					[...examples.values()].map((e) => e.asFiled),
				);
				const exportedFile = path.join(workDir, 'examples-exported.json');
				const exported = await n8nCommand(['export:workflow', '--all', `--output=${exportedFile}`]);
				expect(exported.code === 0, `export:workflow exited ${exported.code}\n${exported.stderr}`);
				const workflows = JSON.parse(fs.readFileSync(exportedFile, 'utf8'));
				for (const example of examples.values()) {
					const stored = workflows.find((workflow) => workflow.id === example.asFiled.id);
					expect(
						stored,
						`n8n has no workflow ${example.asFiled.id} after importing examples/${example.file}`,
					);
					const note = stored.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote');
					expectEqual(
						note?.parameters.content,
						example.asFiled.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote')
							.parameters.content,
						`the note of examples/${example.file} in n8n`,
					);
					const storydocNodes = stored.nodes.filter((candidate) =>
						[app.NODE_TYPE, `${app.NODE_TYPE}Tool`].includes(candidate.type),
					);
					for (const node of storydocNodes) {
						// A story the workflow (a generated story's pageId) or the model ($fromAI) gives is not the user's to pick.
						const story = node.parameters.storyId?.value ?? '';
						expectEqual(
							{
								story: /^=.*(\.pageId|\$fromAI\('storyId')/.test(story) ? '' : story,
								sender: node.parameters.senderEmail ?? '',
							},
							{ story: '', sender: '' },
							`the story and sender of "${node.name}" (left to the user) in n8n`,
						);
					}
				}
			},
		);

		await check(
			"the example workflows with the sandbox's story, sender and version filled in (as npm run demo fills them) replace them",
			async () => {
				const badTokenWorkflow = withCredential(
					examples.get('account-check').workflow,
					BAD_CREDENTIAL_ID,
					'sdE2eBadToken',
				);
				await importWorkflows(n8nCommand, workDir, [
					...[...examples.values()].map((e) => e.workflow),
					badTokenWorkflow,
				]);
			},
		);

		await check(
			`n8n loads the package: node types ${app.NODE_TYPE} and ${app.TRIGGER_TYPE}, credential storydocApi`,
			async () => {
				const nodesFile = path.join(workDir, 'nodes.json');
				const exported = await n8nCommand(['export:nodes', `--output=${nodesFile}`]);
				expect(exported.code === 0, `export:nodes exited ${exported.code}\n${exported.stderr}`);
				const types = JSON.parse(fs.readFileSync(nodesFile, 'utf8'));
				const storydoc = types.find((type) => type.name === app.NODE_TYPE);
				expect(
					storydoc,
					`n8n's node list has no ${app.NODE_TYPE}; Storydoc-like entries: ${show(types.filter((t) => /storydoc/i.test(t.name)).map((t) => t.name))}`,
				);
				expectEqual(
					{
						displayName: storydoc.displayName,
						credentials: storydoc.credentials.map((c) => c.name),
					},
					{ displayName: 'Storydoc', credentials: ['storydocApi'] },
					'the loaded node description',
				);
				const trigger = types.find((type) => type.name === app.TRIGGER_TYPE);
				expect(trigger, `n8n's node list has no ${app.TRIGGER_TYPE}`);
				expectEqual(
					{
						displayName: trigger.displayName,
						polling: trigger.polling,
						credentials: trigger.credentials.map((c) => c.name),
					},
					{ displayName: 'Storydoc Trigger', polling: true, credentials: ['storydocApi'] },
					'the loaded trigger description',
				);
			},
		);

		if (parts.has('examples')) {
			for (const example of [...examples.values()].filter((e) => !e.servedOverMcp)) {
				await check(`examples/${example.file}: ${example.title}`, async () => {
					await client.reset();
					const before = await example.before?.({ sandbox: client });
					const run = await executeWorkflow(n8nCommand, example.workflow.id);
					expect(
						run.code === 0,
						`n8n execute exited ${run.code}: ${run.errorMessage ?? 'no error message'}`,
					);
					await example.check({
						outputs: run.outputs,
						before,
						workflow: example.workflow,
						sandbox: client,
						expectEqual,
						expect,
					});
				});
			}

			await check(
				"a read reset by the network is tried again: Account › Get through one connection reset gives the clean run's output",
				async () => {
					await client.reset();
					const example = examples.get('account-check');
					sandbox.setFault({ route: 'GET /v2/account', type: 'resetBefore', times: 1 });
					const run = await executeWorkflow(n8nCommand, example.workflow.id);
					expect(
						run.code === 0,
						`n8n execute exited ${run.code}: ${run.errorMessage ?? 'no error message'}`,
					);
					const expected = await client.state('account');
					expectEqual(
						run.outputs['Get Storydoc account']?.map((item) => item.json),
						[{ orgId: expected.orgId, title: expected.title }],
						'the output',
					);
					expectEqual(
						sandbox.log
							.filter((entry) => entry.path === '/v2/account')
							.map((entry) => entry.fault ?? entry.status),
						['resetBefore', 200],
						'the requests the sandbox received (the reset one, then the retry)',
					);
				},
			);

			await check(
				'a bad token fails with the API\'s message "Access denied" and the token appears nowhere',
				async () => {
					await client.reset();
					const run = await executeWorkflow(n8nCommand, 'sdE2eBadToken');
					expect(run.code !== 0, 'n8n execute succeeded with a bad token');
					expectEqual(run.errorMessage, 'Access denied', 'the error message of the failed run');
					const requests = await client.requests();
					expectEqual(
						requests.map((r) => `${r.method} ${r.path} → ${r.status}`),
						['GET /v2/account → 403'],
						'the requests the sandbox received',
					);
					expect(
						!run.stdout.includes(badToken) && !run.stderr.includes(badToken),
						"the bad token appears in n8n execute's output",
					);
				},
			);
		}

		if (parts.has('triggers')) {
			const triggers = triggersInTheApp({
				n8n,
				n8nCommand,
				sandbox,
				url,
				userFolder,
				workDir,
				encryptionKey,
			});
			await checkTriggers(triggers, {
				clicks:
					'the Storydoc Trigger, published and polling in `n8n start`: from activation on, each new click once, the cursor kept between polls',
				firstView:
					'Storydoc Trigger › First View, polling in `n8n start` beside it: one item for a version created and viewed after activation, through a failed poll and later views; none for a version viewed before',
			});
		}

		if (n8n.major >= 2 && parts.has('durable')) {
			// The same two trigger workflows under n8n's durable scheduler, in a user folder of their own.
			const durableFolder = app.createUserFolder();
			const durableEnv = {
				...env,
				...durableScheduler.DURABLE_SCHEDULER_ENV,
				N8N_USER_FOLDER: durableFolder,
			};
			const durableCommand = recordedCommand(n8n, durableEnv, transcript);
			try {
				await importCredentials(durableCommand, workDir, sandbox, url, goodToken);
				const durable = triggersInTheApp({
					n8n,
					n8nCommand: durableCommand,
					sandbox,
					url,
					userFolder: durableFolder,
					workDir,
					encryptionKey,
					extraEnv: durableScheduler.DURABLE_SCHEDULER_ENV,
				});
				await checkTriggers(durable, {
					clicks:
						'durable scheduler (the four N8N_SCHEDULER_* / durable cursor settings): from activation on, each new click once, the cursor committed between polls',
					firstView:
						'durable scheduler: First View once for a version created and viewed after activation, through a failed poll; none for a version viewed before',
				});
				await check(
					"durable scheduler: n8n kept both triggers' cursors in its poller state (the mode was in force)",
					async () => {
						const rows = durableScheduler.pollerStateRows(n8n, durableFolder);
						expectEqual(rows.length, 2, 'poller_state rows (one per trigger)');
						for (const row of rows)
							expect(
								/"cursor"/.test(row.cursor ?? ''),
								`a poller_state row without the trigger's cursor: ${show(row)}`,
							);
					},
				);
				const restartOrRepublish = {
					n8n,
					sandbox,
					userFolder: durableFolder,
					workflowId: TRIGGER_WORKFLOW_ID,
					start: () =>
						startApp({
							n8n,
							userFolder: durableFolder,
							encryptionKey,
							extraEnv: durableScheduler.DURABLE_SCHEDULER_ENV,
						}),
					waitFor,
					pause,
				};
				await check(
					'durable scheduler: n8n stopped between polls and started again: the click while it was down is emitted once, read from the committed cursor',
					() => durableScheduler.restartScenario(restartOrRepublish),
				);
				await check(
					"durable scheduler: the trigger's schedule edited and the workflow republished while n8n runs: a click just before and one just after, each emitted once",
					() => durableScheduler.republishScenario(restartOrRepublish),
				);
				await check('durable scheduler: no access token in its user folder', async () => {
					for (const token of [goodToken, sandbox.tokens.admin]) {
						const files = app.filesContaining(path.join(durableFolder, '.n8n'), token);
						expectEqual(files, [], "files of the durable run's user folder containing a token");
					}
				});
			} finally {
				if (process.env.STORYDOC_E2E_KEEP !== '1')
					fs.rmSync(durableFolder, { recursive: true, force: true });
			}
		}

		if (parts.has('mcp')) {
			const mcpFolder = app.createUserFolder();
			try {
				const mcpExample = [...examples.values()].find((e) => e.servedOverMcp);
				await check(
					`examples/${mcpExample.file} published in \`n8n start\`, called by the MCP TypeScript SDK: the tools listed with their descriptions and arguments, Story › Get Many, exactly one create per call with the arguments sent, the engagement summary, a bad date refused before any request`,
					async () => {
						const mcpCommand = recordedCommand(
							n8n,
							{ ...env, N8N_USER_FOLDER: mcpFolder },
							transcript,
						);
						const bearerToken = crypto.randomBytes(16).toString('hex');
						await importCredentials(mcpCommand, workDir, sandbox, url, goodToken, undefined, {
							id: MCP_CREDENTIAL_ID,
							name: 'MCP clients',
							type: 'httpBearerAuth',
							data: { token: bearerToken },
						});
						const workflow = structuredClone(mcpExample.workflow);
						const trigger = workflow.nodes.find((node) => node.type.endsWith('.mcpTrigger'));
						trigger.credentials = {
							httpBearerAuth: { id: MCP_CREDENTIAL_ID, name: 'MCP clients' },
						};
						await importAndActivate(mcpCommand, n8n, workDir, [workflow]);
						const running = await startApp({ n8n, userFolder: mcpFolder, encryptionKey });
						try {
							await mcpScenario({
								url: running.url,
								sandbox,
								workflow,
								bearerToken,
							});
						} finally {
							await running.stop();
						}
					},
				);
			} finally {
				if (process.env.STORYDOC_E2E_KEEP !== '1')
					fs.rmSync(mcpFolder, { recursive: true, force: true });
			}
		}

		await check(
			'no access token in anything n8n printed or stored (database, logs, config)',
			async () => {
				for (const [label, token] of [
					['the sandbox token', goodToken],
					['the bad token', badToken],
					['the second key', sandbox.tokens.admin],
				]) {
					expect(
						!transcript.some((text) => text.includes(token)),
						`${label} appears in n8n's command output`,
					);
					const files = app.filesContaining(path.join(userFolder, '.n8n'), token);
					expectEqual(files, [], `files of the n8n user folder containing ${label}`);
				}
			},
		);
	} finally {
		await sandbox.close();
		fs.rmSync(workDir, { recursive: true, force: true });
		if (process.env.STORYDOC_E2E_KEEP === '1') console.log(`e2e: kept ${userFolder}`);
		else fs.rmSync(userFolder, { recursive: true, force: true });
	}

	console.log(`e2e: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	console.log(summary());
	process.exitCode = results.every((result) => result.ok) ? 0 : 1;
}

/** `--n8n VERSION` (or STORYDOC_E2E_N8N): one of the tested versions, 2.41.1 by default. */
function requestedVersion() {
	const index = process.argv.indexOf('--n8n');
	const version =
		index > -1 ? process.argv[index + 1] : process.env.STORYDOC_E2E_N8N || app.N8N_VERSIONS[0];
	if (!app.N8N_VERSIONS.includes(version)) {
		throw new Error(`--n8n ${version}: the tested versions are ${app.N8N_VERSIONS.join(', ')}`);
	}
	return version;
}

/** The parts of the run; `--only examples,mcp` runs those (the imports and the token scan always run). */
const PARTS = ['examples', 'triggers', 'durable', 'mcp'];

function requestedParts() {
	const index = process.argv.indexOf('--only');
	if (index === -1) return new Set(PARTS);
	const asked = String(process.argv[index + 1] ?? '').split(',');
	const unknown = asked.filter((part) => !PARTS.includes(part));
	if (unknown.length)
		throw new Error(`--only ${unknown.join(',')}: the parts are ${PARTS.join(', ')}`);
	return new Set(asked);
}

const TRIGGER_WORKFLOW_ID = 'sdE2eTrigger';
const POLL_WAIT_MS = 75_000;

/** A prospect clicks → look the version up: Storydoc Trigger (every minute, clicks) → Version › Get. */
const triggerWorkflow = () =>
	app.pollingWorkflow({
		id: TRIGGER_WORKFLOW_ID,
		name: 'Storydoc e2e: a prospect clicks → the version',
		idPrefix: 'c0a1e5f2-0006-4b00-9000',
		event: 'click',
		triggerName: 'When a prospect clicks',
		then: { name: 'The version clicked', parameters: versionOf('={{ $json.versionId }}') },
		credential: { id: CREDENTIAL_ID, name: 'Storydoc account' },
	});

function versionOf(expression) {
	return {
		resource: 'version',
		operation: 'get',
		versionId: { __rl: true, mode: 'id', value: expression },
	};
}

const waitFor = (find, what, timeoutMs = POLL_WAIT_MS) => waitUntil(find, what, timeoutMs);

/** What a failure message shows of the trigger's polls: when each arrived, what it read, its status. */
const pollQueries = (entries) =>
	entries.map(({ seq, time, status, query }) => ({
		seq,
		time,
		status,
		from: query.dateFrom,
		to: query.dateTo,
	}));

const FIRST_VIEW_WORKFLOW_ID = 'sdE2eFirstView';

/** A prospect opens a proposal for the first time → look the version up: Storydoc Trigger (First View) → Version › Get. */
const firstViewWorkflow = () =>
	app.pollingWorkflow({
		id: FIRST_VIEW_WORKFLOW_ID,
		name: 'Storydoc e2e: a prospect opens a proposal for the first time → the version',
		idPrefix: 'c0a1e5f2-0007-4b00-9000',
		event: 'firstView',
		triggerName: 'When a proposal is first opened',
		then: { name: 'The version opened', parameters: versionOf('={{ $json.versionId }}') },
		credential: { id: FIRST_VIEW_CREDENTIAL_ID, name: 'Storydoc (second key)' },
	});

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Storydoc Trigger as n8n runs it for real: two workflows published (n8n 2.x) or activated
 * (1.x), `n8n start` activates them (their first polls) and n8n's scheduler polls them every
 * minute, keeping their static data between polls. The click workflow and the First View workflow
 * run side by side; the First View workflow uses a second key of the organization, so the sandbox's
 * log (and a fault rule) tells its requests apart. `clicks` and `firstView` settle with each
 * scenario's checks; `stop` stops n8n once both are done.
 */
function triggersInTheApp(context) {
	const started = startTriggers(context);
	const clicks = started.then((running) => clickScenario(context, running));
	const firstView = started.then((running) => firstViewScenario(context, running));
	// Awaited by the checks; these only keep an early failure from being reported as unhandled.
	clicks.catch(() => undefined);
	firstView.catch(() => undefined);
	return {
		clicks,
		firstView,
		async stop() {
			await Promise.allSettled([clicks, firstView]);
			const running = await started.catch(() => undefined);
			if (running) await app.stopN8n(running.child);
		},
	};
}

async function startTriggers({
	n8n,
	n8nCommand,
	sandbox,
	userFolder,
	workDir,
	encryptionKey,
	extraEnv = {},
}) {
	await importAndActivate(n8nCommand, n8n, workDir, [triggerWorkflow(), firstViewWorkflow()]);
	sandbox.clearLog();
	const activatedFrom = Date.now();
	const { child } = await startApp({ n8n, userFolder, encryptionKey, extraEnv });
	return { child, activatedFrom };
}

/** Imports workflows with `n8n import:workflow` (a file in workDir, replaced on each call). */
async function importWorkflows(n8nCommand, workDir, workflows) {
	const file = path.join(workDir, 'workflows.json');
	fs.writeFileSync(file, JSON.stringify(workflows));
	const imported = await n8nCommand(['import:workflow', `--input=${file}`]);
	expect(
		imported.code === 0,
		`n8n import:workflow exited ${imported.code}\n${imported.stdout}\n${imported.stderr}`,
	);
}

/** Imports workflows and publishes them (n8n 2.x) or activates them (1.x has no publish:workflow). */
async function importAndActivate(n8nCommand, n8n, workDir, workflows) {
	await importWorkflows(n8nCommand, workDir, workflows);
	for (const { id } of workflows) {
		const activate =
			n8n.major >= 2
				? ['publish:workflow', `--id=${id}`]
				: ['update:workflow', `--id=${id}`, '--active=true'];
		const result = await n8nCommand(activate);
		expect(
			result.code === 0,
			`n8n ${activate.join(' ')} exited ${result.code}\n${result.stdout}\n${result.stderr}`,
		);
	}
}

/** `n8n start` on a user folder; `stop` stops it. */
async function startApp({ n8n, userFolder, encryptionKey, extraEnv = {} }) {
	const port = await app.freePort();
	const env = app.n8nEnv(n8n, {
		userFolder,
		brokerPort: await app.freePort(),
		encryptionKey,
		extra: { N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1', ...extraEnv },
	});
	const { child, url } = await app.startN8n(n8n, env, path.join(userFolder, 'n8n-start.log'));
	return { child, url, stop: () => app.stopN8n(child) };
}

/**
 * Two clicks and a view arrive after activation: the next poll reads from the activation time and
 * the workflow looks up each clicked version once (the view is not emitted); the poll after reads
 * from the newest event and emits nothing again.
 */
async function clickScenario({ sandbox }, { activatedFrom }) {
	const { SEED } = require('../sandbox/seed');
	const { polls, lookedUp: versionReads } = durableScheduler.clickWorkflowLog(sandbox, 0);

	const activation = await waitFor(() => polls()[0], 'the activation poll');
	const cursorAtActivation = Date.parse(activation.query.dateFrom);
	expect(
		cursorAtActivation >= activatedFrom && cursorAtActivation <= Date.now(),
		`the activation poll read from ${activation.query.dateFrom}, not from now`,
	);

	const added = sandbox.addEvents([
		{
			versionId: SEED.versions.live.id,
			eventCategory: 'click',
			eventName: 'CTA click: Book a meeting',
		},
		{
			versionId: SEED.versions.accepted.id,
			eventCategory: 'view',
			eventName: 'Slide view: Pricing',
		},
		{
			versionId: SEED.versions.intro.id,
			eventCategory: 'click',
			eventName: 'Link click: Case study',
		},
	]);
	// The first poll that reads them is one that arrived after they were added: a scheduled poll can
	// fall between the activation poll being seen and the events being added, and reads nothing.
	const addedAt = durableScheduler.lastSeq(sandbox);
	const next = await waitFor(
		() => polls().find((entry) => entry.seq > addedAt),
		'the next scheduled poll',
	);
	expect(
		polls().every(
			(entry) => entry.seq > next.seq || entry.query.dateFrom === activation.query.dateFrom,
		),
		`a poll before the clicks were read did not read from the activation time: ${show(pollQueries(polls()))}`,
	);
	await waitFor(
		() => versionReads().length >= 2,
		() =>
			`the workflow run for the two clicks (polls seen: ${show(pollQueries(polls()))}; versions looked up: ${show(versionReads())})`,
		45_000,
	);
	expectEqual(
		versionReads().sort(),
		[SEED.versions.live.id, SEED.versions.intro.id].sort(),
		'the versions looked up (one per click; the view not emitted)',
	);

	const after = await waitFor(
		() => polls().find((entry) => entry.seq > next.seq),
		'the poll after',
	);
	// The newest event the next poll read: the clicks and view above, or a First View event added since.
	const newest = sandbox.state.events
		.map((event) => event.timestamp)
		.filter((timestamp) => timestamp >= next.query.dateFrom && timestamp <= next.query.dateTo)
		.sort()
		.pop();
	expect(
		added.every((event) => event.timestamp <= newest),
		'the next poll read the clicks and the view',
	);
	expectEqual(
		after.query.dateFrom,
		newest,
		'where the poll after read from (the newest event read)',
	);
	await pause(2000);
	expectEqual(
		versionReads().length,
		2,
		'versions looked up after the poll after (nothing emitted twice)',
	);
}

/**
 * After activation a version is created (POST /v2/versions) and viewed twice, and a version viewed
 * before activation is viewed again: the next poll checks both and the workflow looks up the new
 * one only. Another view, and the next poll of this workflow fails (a 500 for its key only); one
 * more view, and the poll after reads from where the failed one did and emits nothing.
 */
async function firstViewScenario({ sandbox, url }, { activatedFrom }) {
	const { SEED } = require('../sandbox/seed');
	const mine = () => sandbox.log.filter((entry) => entry.token === 'admin');
	const reads = () => mine().filter((entry) => entry.path === '/v2/analytics/events');
	const polls = () => reads().filter((entry) => !entry.query.versionId);
	const checks = () => reads().filter((entry) => entry.query.versionId);
	const lookedUp = () =>
		mine()
			.filter((entry) => entry.path.startsWith('/v2/versions/'))
			.map((entry) => entry.path.split('/').pop());
	const answered = (entry) => entry.status !== null;
	const view = (versionId) => sandbox.addEvents([{ versionId, eventCategory: 'view' }])[0];
	const viewedBefore = SEED.versions.live.id;
	expect(
		sandbox.state.events.some(
			(event) =>
				event.versionId === viewedBefore &&
				event.eventCategory === 'view' &&
				Date.parse(event.timestamp) < activatedFrom,
		),
		'the sandbox has no view of the seeded version before activation',
	);

	const activation = await waitFor(() => polls()[0], 'First View: the activation poll');
	const created = await fetch(`${url}/v2/versions`, {
		method: 'POST',
		headers: { authorization: `Bearer ${sandbox.tokens.team}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			storyId: SEED.stories.proposal.id,
			senderEmail: SEED.users.sam.email,
			data: {
				title: 'Proposal for Vandelay Industries',
				first_name: 'Art',
				company: 'Vandelay Industries',
			},
		}),
	});
	const { versionId: fresh } = await created.json();
	expect(created.ok && fresh, `POST /v2/versions answered ${created.status}`);
	await pause(5);
	const first = view(fresh);
	view(viewedBefore);
	await pause(5);
	const lastView = view(fresh);
	// n8n schedules each workflow's polls at its own second of the minute: the first poll that read past the views.
	const poll1 = await waitFor(
		() =>
			polls().find(
				(entry) =>
					entry.seq > activation.seq && answered(entry) && entry.query.dateTo >= lastView.timestamp,
			),
		'First View: the poll that reads the views',
	);
	expectEqual(poll1.status, 200, 'the status of the First View poll');
	await waitFor(() => lookedUp().length >= 1, 'the workflow run for the first view', 30_000);
	await pause(2000);
	const settledAt = sandbox.log[sandbox.log.length - 1].seq;
	expectEqual(
		lookedUp(),
		[fresh],
		'the versions looked up after the first poll (the new one, once)',
	);
	// The click workflow's events (a view of another seeded version among them) are First View candidates too.
	const checked = checks().map((entry) => entry.query.versionId);
	expect(
		checked.includes(fresh) && checked.includes(viewedBefore),
		`the versions checked for an earlier view: ${show(checked)}`,
	);
	expectEqual(checked.length, new Set(checked).size, 'checks per version (one each)');
	expect(first.timestamp >= activation.query.dateFrom, 'the first view is after activation');

	// A failed poll between two views.
	view(fresh);
	sandbox.setFault({
		route: 'GET /v2/analytics/events',
		type: 'status500',
		token: 'admin',
		times: 1,
	});
	const failed = await waitFor(
		() => polls().find((entry) => entry.seq > settledAt && answered(entry)),
		'First View: the poll that fails',
	);
	expectEqual(failed.status, 500, 'the status of the failing poll');
	await pause(5);
	view(fresh);
	const poll3 = await waitFor(
		() => polls().find((entry) => entry.seq > failed.seq && answered(entry)),
		'First View: the poll after the failed one',
	);
	expectEqual(poll3.status, 200, 'the status of the poll after the failed one');
	expectEqual(
		poll3.query.dateFrom,
		failed.query.dateFrom,
		'where the poll after the failed one read from (the cursor did not move)',
	);
	await pause(3000);
	expectEqual(
		lookedUp(),
		[fresh],
		'the versions looked up after four views, a failed poll and two more polls (still the new one, once)',
	);
	expectEqual(
		checks().filter(
			(entry) => entry.seq > settledAt && [fresh, viewedBefore].includes(entry.query.versionId),
		),
		[],
		'checks of the two versions after the poll that settled them',
	);
}

/** An n8n CLI command runner for one environment whose output joins the transcript scanned for tokens. */
function recordedCommand(n8n, env, transcript) {
	return async (args) => {
		const result = await app.runN8n(n8n, args, env);
		transcript.push(result.stdout, result.stderr);
		return result;
	};
}

/** The two trigger scenarios of a `triggersInTheApp` run as checks, then n8n stopped. */
async function checkTriggers(triggers, names) {
	try {
		await check(names.clicks, () => triggers.clicks);
		await check(names.firstView, () => triggers.firstView);
	} finally {
		await triggers.stop();
	}
}

/** The Storydoc credentials of the run (the bad-token one only when a bad token is given), and `extra`. */
async function importCredentials(n8nCommand, workDir, sandbox, url, goodToken, badToken, extra) {
	const credentialsFile = path.join(workDir, 'credentials.json');
	const credentials = [
		{
			id: CREDENTIAL_ID,
			name: 'Storydoc account',
			type: 'storydocApi',
			data: { accessToken: goodToken, baseUrl: url },
		},
		{
			id: FIRST_VIEW_CREDENTIAL_ID,
			name: 'Storydoc (second key)',
			type: 'storydocApi',
			data: { accessToken: sandbox.tokens.admin, baseUrl: url },
		},
	];
	if (badToken)
		credentials.push({
			id: BAD_CREDENTIAL_ID,
			name: 'Storydoc (bad token)',
			type: 'storydocApi',
			data: { accessToken: badToken, baseUrl: url },
		});
	if (extra) credentials.push(extra);
	fs.writeFileSync(credentialsFile, JSON.stringify(credentials));
	const imported = await n8nCommand(['import:credentials', `--input=${credentialsFile}`]);
	fs.rmSync(credentialsFile);
	expect(
		imported.code === 0,
		`import:credentials exited ${imported.code}\n${imported.stdout}\n${imported.stderr}`,
	);
}

/** The same workflow with its Storydoc nodes pointed at another credential. */
function withCredential(workflow, credentialId, workflowId) {
	const copy = JSON.parse(JSON.stringify(workflow));
	copy.id = workflowId;
	copy.name = `${workflow.name} (bad token)`;
	for (const node of copy.nodes) {
		if (node.credentials?.storydocApi)
			node.credentials.storydocApi = { id: credentialId, name: 'Storydoc (bad token)' };
	}
	return copy;
}

async function executeWorkflow(n8nCommand, id) {
	const result = await n8nCommand(['execute', `--id=${id}`, '--rawOutput']);
	const run = app.parseRunJson(result.stdout);
	if (!run) {
		throw new Error(
			`n8n execute printed no run JSON (exit ${result.code})\n${result.stdout}\n${result.stderr}`,
		);
	}
	return {
		...result,
		run,
		outputs: app.nodeOutputs(run),
		errorMessage: run.data?.resultData?.error?.message,
	};
}

main().catch((error) => {
	console.error(`e2e: ${error.stack || error}`);
	console.log(summary(1));
	process.exitCode = 1;
});
