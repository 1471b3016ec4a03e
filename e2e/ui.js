#!/usr/bin/env node
'use strict';
/**
 * The editor UI in a real browser (`npm run test:ui`).
 *
 * Starts the real n8n app (`n8n start`, 2.41.1 on Node 24) with the built package linked as a
 * community package and the API sandbox behind a "Storydoc account" credential, then drives Debian's
 * Chromium (`/usr/bin/chromium`, `apt-get install -y chromium`) with playwright-core: sets up the owner
 * account, opens the CRM example with its Create Version node, runs the nodes before it, and checks
 * that the Resource and Operation lists show, that the Story list loads from the sandbox, that
 * choosing a story shows its variables as fields, and that the credential test succeeds.
 * Screenshots: docs/ui-node-panel.png, docs/ui-story-variables.png, docs/ui-credential-test.png,
 * docs/ui-trigger-test-event.png. Then the Storydoc Trigger: its Event list, and Fetch Test Event.
 *
 * Env: STORYDOC_UI_CHROMIUM (browser path, default /usr/bin/chromium), STORYDOC_UI_KEEP=1 keeps the
 * n8n user folder and log, STORYDOC_UI_SHOTS (screenshot folder, default docs/).
 * Ends with `tests: N passed, N failed`; exits 1 on any failure.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('./n8n-app');
const { loadExamples, sandboxClient } = require('../scripts/examples');
const { startSandbox } = require('../scripts/lib/sandbox');
const { createChecks, expect, expectEqual } = require('./checks');

const CHROMIUM = process.env.STORYDOC_UI_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
const SHOTS_DIR = path.resolve(
	process.env.STORYDOC_UI_SHOTS || path.join(app.PACKAGE_ROOT, 'docs'),
);
const { OWNER } = app;
const CREDENTIAL_ID = 'storydocAccount';
/**
 * The editor opens the CRM example with its Create Version node as a user has just added it: story
 * chosen, title and variables not filled in yet. (With `{{ $json … }}` expressions in its parameters
 * and no input data yet, n8n's editor cannot resolve the node's parameters and so does not reload a
 * resource mapper when the parameter it depends on changes; the check would then test n8n, not us.)
 */
const UI_EXAMPLE = 'crm-create-version';
const GENERATE_EXAMPLE = 'lead-generate-personalize';
const GENERATE_NODE = 'Generate a presentation for the lead';
const MCP_EXAMPLE = 'mcp-storydoc-tools';
const UI_NODE = 'Create personalized version';
const UI_WORKFLOW_ID = 'sdUiCreateVersion';

/** A workflow with the Storydoc Trigger alone, as a user has just added it to watch for clicks. */
const TRIGGER_WORKFLOW_ID = 'sdUiTrigger';
const TRIGGER_NODE = 'When a prospect clicks';
const triggerWorkflow = () => ({
	id: TRIGGER_WORKFLOW_ID,
	name: 'Storydoc UI check: Storydoc Trigger (clicks)',
	nodes: [
		{
			id: 'c0a1e5f2-0005-4b00-9000-000000000001',
			name: TRIGGER_NODE,
			type: app.TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'click' },
			credentials: { storydocApi: { id: CREDENTIAL_ID, name: 'Storydoc account' } },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
});

/** The CRM example's two deals into Get Events: a node with more than one input item. */
const ANALYTICS_WORKFLOW_ID = 'sdUiAnalytics';
const ANALYTICS_NODE = 'Engagement of the deals';
function analyticsWorkflow(example) {
	const keep = [
		'When clicking ‘Execute workflow’',
		'CRM deals (sample records)',
		'One item per deal',
	];
	const nodes = example.workflow.nodes
		.filter((node) => keep.includes(node.name))
		.map((node) => JSON.parse(JSON.stringify(node)));
	nodes.push({
		id: 'c0a1e5f2-0006-4b00-9000-000000000001',
		name: ANALYTICS_NODE,
		type: app.NODE_TYPE,
		typeVersion: 1,
		position: [660, 0],
		parameters: {
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom: '={{ $now.minus({ days: 30 }).toISO() }}',
			dateTo: '={{ $now.toISO() }}',
			output: 'versionSummary',
			filters: {},
			options: {},
		},
		credentials: { storydocApi: { id: CREDENTIAL_ID, name: 'Storydoc account' } },
	});
	const connections = Object.fromEntries(
		Object.entries(example.workflow.connections).filter(([from]) =>
			keep.slice(0, 2).includes(from),
		),
	);
	connections['One item per deal'] = { main: [[{ node: ANALYTICS_NODE, type: 'main', index: 0 }]] };
	return {
		id: ANALYTICS_WORKFLOW_ID,
		name: 'Storydoc UI check: two records → Get Events',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
}

function uiWorkflow(example) {
	const workflow = JSON.parse(JSON.stringify(example.workflow));
	workflow.id = UI_WORKFLOW_ID;
	workflow.name = 'Storydoc UI check: CRM deal → Create Version (node being set up)';
	const node = workflow.nodes.find((candidate) => candidate.name === UI_NODE);
	node.parameters.title = '';
	node.parameters.variables = { mappingMode: 'defineBelow', value: null };
	return workflow;
}

/** Where a failed check's screenshot goes: never docs/, which holds the documentation's screenshots. */
let failureShots;
let currentPage;

const { check, results, summary } = createChecks({
	async onFailure(count) {
		if (!currentPage) return;
		failureShots ??= fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-ui-failures-'));
		const shot = path.join(failureShots, `failed-${count}.png`);
		await currentPage.screenshot({ path: shot }).catch(() => undefined);
		console.log(`    screenshot: ${shot}`);
	},
});

/** The Storydoc node as built (dist/): the option names the editor must show. */
function builtNodeDescription() {
	const { Storydoc } = require(
		path.join(app.PACKAGE_ROOT, 'dist', 'nodes', 'Storydoc', 'Storydoc.node.js'),
	);
	return new Storydoc().description;
}

function builtTriggerDescription() {
	const { StorydocTrigger } = require(
		path.join(app.PACKAGE_ROOT, 'dist', 'nodes', 'StorydocTrigger', 'StorydocTrigger.node.js'),
	);
	return new StorydocTrigger().description;
}

function optionNames(description, name, resource) {
	const property = description.properties.find(
		(p) => p.name === name && (!resource || p.displayOptions?.show?.resource?.includes(resource)),
	);
	return (property?.options ?? []).map((option) => option.name);
}

async function main() {
	const started = Date.now();
	if (
		!fs.existsSync(path.join(app.PACKAGE_ROOT, 'dist', 'nodes', 'Storydoc', 'Storydoc.node.js'))
	) {
		throw new Error('dist/ is missing: run `npm run build` first');
	}
	if (!fs.existsSync(CHROMIUM)) {
		throw new Error(
			`no browser at ${CHROMIUM}: install Debian's Chromium (apt-get install -y chromium) or set STORYDOC_UI_CHROMIUM`,
		);
	}
	const { chromium } = require('playwright-core');
	const n8n = app.installN8n();
	const { sandbox, url: sandboxUrl } = await startSandbox();
	const client = sandboxClient(sandboxUrl, sandbox.tokens.team);
	const userFolder = app.createUserFolder('storydoc-ui-');
	const logFile = path.join(userFolder, 'n8n-start.log');
	const env = app.n8nEnv(n8n, {
		userFolder,
		brokerPort: await app.freePort(),
		encryptionKey: crypto.randomBytes(24).toString('hex'),
		extra: {
			N8N_PORT: String(await app.freePort()),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			// Plain http on the loopback address: the session cookie cannot be `Secure`.
			N8N_SECURE_COOKIE: 'false',
		},
	});
	fs.mkdirSync(SHOTS_DIR, { recursive: true });
	console.log(`ui: n8n ${n8n.n8nVersion}, sandbox ${sandboxUrl}, user folder ${userFolder}`);

	let n8nProcess;
	let browser;
	try {
		const workflow = uiWorkflow(loadExamples().get(UI_EXAMPLE));
		const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-ui-input-'));
		const credentialsFile = path.join(workDir, 'credentials.json');
		fs.writeFileSync(
			credentialsFile,
			JSON.stringify([
				{
					id: CREDENTIAL_ID,
					name: 'Storydoc account',
					type: 'storydocApi',
					data: { accessToken: sandbox.tokens.team, baseUrl: sandboxUrl },
				},
			]),
		);
		const workflowFile = path.join(workDir, 'workflow.json');
		const generateExample = loadExamples().get(GENERATE_EXAMPLE).workflow;
		fs.writeFileSync(
			workflowFile,
			JSON.stringify([
				workflow,
				triggerWorkflow(),
				analyticsWorkflow(loadExamples().get(UI_EXAMPLE)),
				generateExample,
				loadExamples().get(MCP_EXAMPLE).workflow,
			]),
		);
		for (const args of [
			['import:credentials', `--input=${credentialsFile}`],
			['import:workflow', `--input=${workflowFile}`],
		]) {
			const result = await app.runN8n(n8n, args, env);
			if (result.code !== 0)
				throw new Error(`n8n ${args[0]} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
		}
		fs.rmSync(workDir, { recursive: true, force: true });

		n8nProcess = (await app.startN8n(n8n, env, logFile)).child;
		const base = `http://127.0.0.1:${env.N8N_PORT}`;
		console.log(`ui: n8n editor at ${base} (${((Date.now() - started) / 1000).toFixed(0)} s)`);

		browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
		const page = await browser.newPage({ viewport: { width: 1600, height: 1400 } });
		page.setDefaultTimeout(30_000);
		currentPage = page;
		await inBrowser({ page, base, workflow, client });
	} finally {
		if (browser) await browser.close();
		await app.stopN8n(n8nProcess);
		await sandbox.close();
		if (process.env.STORYDOC_UI_KEEP === '1')
			console.log(`ui: kept ${userFolder} (log: ${logFile})`);
		else fs.rmSync(userFolder, { recursive: true, force: true });
	}

	console.log(
		`ui: done in ${((Date.now() - started) / 1000).toFixed(0)} s; screenshots in ${path.relative(process.cwd(), SHOTS_DIR) || '.'}/`,
	);
	console.log(summary());
	process.exitCode = results.every((result) => result.ok) ? 0 : 1;
}

/** Everything the browser does, in order; a failed step that later steps need ends the run. */
async function inBrowser({ page, base, workflow, client }) {
	const signedIn = await check('owner setup in the browser', async () => {
		await page.goto(`${base}/`);
		await page.waitForURL(/\/setup/);
		await page.fill('[data-test-id="email"] input', OWNER.email);
		await page.fill('[data-test-id="firstName"] input', OWNER.firstName);
		await page.fill('[data-test-id="lastName"] input', OWNER.lastName);
		await page.fill('[data-test-id="password"] input', OWNER.password);
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForURL((address) => !String(address).includes('/setup'));
	});
	if (!signedIn) return;

	const description = builtNodeDescription();
	const resource = workflow.nodes.find((node) => node.name === UI_NODE).parameters.resource;
	const opened = await check(
		`the Storydoc node "${UI_NODE}" opens, with the CRM records as its input`,
		async () => {
			await page.goto(`${base}/workflow/${workflow.id}`);
			const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${UI_NODE}"]`);
			expectEqual(
				await node.getAttribute('data-node-type'),
				app.NODE_TYPE,
				'the node type on the canvas',
			);
			// Once in a few runs the panel opened without its parameters: open it again once before failing.
			for (let attempt = 1; ; attempt++) {
				await node.dblclick();
				await page.locator('[data-test-id="ndv"]').waitFor();
				const shown = await page
					.locator('[data-test-id="parameter-input-resource"]')
					.waitFor({ timeout: 15_000 })
					.then(
						() => true,
						() => false,
					);
				if (shown) break;
				if (attempt === 2)
					throw new Error('the node panel opened twice without showing its parameters');
				await page.keyboard.press('Escape');
				await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
			}
			// Runs Manual → Edit Fields → Split Out in n8n, so the panel shows the records to map from.
			await page.click('[data-test-id="execute-previous-node"]');
			await page
				.locator('[data-test-id="ndv-input-panel"]', { hasText: 'first_name' })
				.first()
				.waitFor();
		},
	);
	if (!opened) return;

	const optionsShown = (parameter) => dropdownOptions(page, parameter);
	// The editor adds "Custom API Call" to nodes whose credential can sign HTTP Request calls.
	const withoutCustomCall = (names) => names.filter((name) => name !== 'Custom API Call');

	await check('the Resource list shows every resource of the node', async () => {
		expectEqual(
			withoutCustomCall(await optionsShown('resource')),
			optionNames(description, 'resource'),
			'Resource options',
		);
	});
	await check(`the Operation list shows the operations of "${resource}"`, async () => {
		expectEqual(
			withoutCustomCall(await optionsShown('operation')),
			optionNames(description, 'operation', resource),
			'Operation options',
		);
		await tidyForScreenshot(page, { widen: 360 });
		await page.screenshot({ path: path.join(SHOTS_DIR, 'ui-node-panel.png') });
	});
	await check(
		'the Story list loads from the sandbox and choosing a story shows its variables as fields',
		async () => {
			await storyAndVariables(page, client, {
				otherStory: 'Intro one-pager',
				finalStory: 'Sales proposal',
			});
			await tidyForScreenshot(page);
			await page.locator('[data-test-id="mapping-fields-container"]').scrollIntoViewIfNeeded();
			await page.screenshot({ path: path.join(SHOTS_DIR, 'ui-story-variables.png') });
		},
	);
	await check(
		'an optional field left empty (typed in, then cleared) shows no error marker; only the empty required ones do',
		async () => {
			const story = await client.api(
				`/v2/stories/${(await client.api('/v2/stories?status=Live')).find((s) => s.title === 'Sales proposal').id}`,
			);
			const required = Object.entries(story.dynamicVariables)
				.filter(([, v]) => v.validation?.required)
				.map(([key]) => key);
			for (const key of ['products', 'pricing_items']) {
				const input = page
					.locator(
						`[data-test-id="mapping-fields-container"] [data-test-id="parameter-input-${key}"] input, [data-test-id="mapping-fields-container"] [data-test-id="parameter-input-${key}"] textarea`,
					)
					.first();
				await input.fill('[]');
				await input.fill('');
				await input.blur();
			}
			await page.waitForTimeout(500);
			const marked = await fieldsWithIssues(page);
			expectEqual(marked.sort(), [...required].sort(), 'the variable fields marked with an issue');
		},
	);

	await check('the credential test succeeds against the sandbox (GET /v2/account)', async () => {
		await client.reset();
		await page.click('[data-test-id="credential-edit-button"]');
		await page.locator('[data-test-id="credentials-config-container-test-success"]').waitFor();
		await page.waitForTimeout(500); // the dialog's fade-in
		await page.screenshot({ path: path.join(SHOTS_DIR, 'ui-credential-test.png') });
		const requests = await client.requests();
		expectEqual(
			requests
				.map((r) => `${r.method} ${r.path} → ${r.status}`)
				.filter((r) => r.includes('/v2/account'))
				.slice(0, 1),
			['GET /v2/account → 200'],
			'the credential test request the sandbox received',
		);
	});

	await analyticsChecks(page, base);
	await generateChecks(page, base);
	await toolChecks(page, base);
	await triggerChecks(page, base, client);
}

/** Story › Generate in the example workflow: its notice, the Prompt, and Request Options showing 180 s. */
async function generateChecks(page, base) {
	const description = builtNodeDescription();
	const notice = plainText(
		description.properties.find((property) => property.name === 'generateNotice').displayName,
	);
	await check(
		`Story › Generate "${GENERATE_NODE}" opens with its notice, the Prompt, and a Timeout of 180 s in Request Options`,
		async () => {
			await page.goto(`${base}/workflow/${loadExamples().get(GENERATE_EXAMPLE).workflow.id}`);
			await page
				.locator(`[data-test-id="canvas-node"][data-node-name="${GENERATE_NODE}"]`)
				.dblclick();
			await page.locator('[data-test-id="ndv"]').waitFor();
			await page
				.getByText(notice.slice(0, 60), { exact: false })
				.first()
				.waitFor({ timeout: 15_000 });
			await page.locator('[data-test-id="parameter-input-prompt"]').first().waitFor();
			const timeout = page.locator('[data-test-id="parameter-input-timeout"] input').first();
			await timeout.scrollIntoViewIfNeeded();
			expectEqual(
				await timeout.inputValue(),
				'180',
				'the Timeout (Seconds) shown for Story › Generate',
			);
			await tidyForScreenshot(page);
			await page.screenshot({ path: path.join(SHOTS_DIR, 'ui-story-generate.png') });
		},
	);
}

/** The MCP example: a Storydoc tool (node version 2) shows its Description for a model and Output, Simplified. */
async function toolChecks(page, base) {
	const workflow = loadExamples().get(MCP_EXAMPLE).workflow;
	await check(
		'the MCP example opens with its trigger and three Storydoc tools; List stories shows Output (Simplified, Raw, Selected Fields) set to Simplified and the Description a model reads',
		async () => {
			await page.goto(`${base}/workflow/${workflow.id}`);
			for (const node of workflow.nodes.filter(
				(candidate) => candidate.type !== 'n8n-nodes-base.stickyNote',
			)) {
				await page
					.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"]`)
					.waitFor({ timeout: 15_000 });
			}
			await tidyForScreenshot(page);
			await page.screenshot({ path: path.join(SHOTS_DIR, 'ui-mcp-tools.png') });
			await page.locator('[data-test-id="canvas-node"][data-node-name="List stories"]').dblclick();
			await page.locator('[data-test-id="ndv"]').waitFor();
			const description = page
				.locator('[data-test-id="parameter-input-toolDescription"] textarea')
				.first();
			await description.waitFor({ timeout: 15_000 });
			expect(
				/^List the Storydoc stories/.test(await description.inputValue()),
				`the Description shown: ${await description.inputValue()}`,
			);
			const output = page.locator('[data-test-id="parameter-input-output"] input').first();
			await output.scrollIntoViewIfNeeded();
			expectEqual(await output.inputValue(), 'Simplified', 'the Output shown for the tool');
			expectEqual(
				await dropdownOptions(page, 'output'),
				['Simplified', 'Raw', 'Selected Fields'],
				'the Output options',
			);
			await tidyForScreenshot(page);
			await page.screenshot({ path: path.join(SHOTS_DIR, 'ui-tool-output.png') });
		},
	);
}

/** The text of a notice or hint as the node description has it (HTML tags as the editor renders them: text only). */
const plainText = (html) => html.replace(/<[^>]+>/g, '');

/** Get Events with two input items: the Team-plan notice, and the hint that points at Execute Once. */
async function analyticsChecks(page, base) {
	const description = builtNodeDescription();
	const notice = description.properties.find(
		(property) => property.type === 'notice' && property.name === 'teamPlanNotice',
	).displayName;
	const hint = plainText(description.hints[0].message);
	const opened = await check(
		`Get Events "${ANALYTICS_NODE}" opens with the Team-plan notice`,
		async () => {
			await page.goto(`${base}/workflow/${ANALYTICS_WORKFLOW_ID}`);
			await page
				.locator(`[data-test-id="canvas-node"][data-node-name="${ANALYTICS_NODE}"]`)
				.dblclick();
			await page.locator('[data-test-id="ndv"]').waitFor();
			await page.getByText(notice, { exact: false }).first().waitFor({ timeout: 15_000 });
		},
	);
	if (!opened) return;
	await check(
		'with two input items, the output pane shows the hint to turn on Execute Once (before running)',
		async () => {
			await page.click('[data-test-id="execute-previous-node"]');
			await page
				.locator('[data-test-id="ndv-input-panel"]', { hasText: '2 items' })
				.first()
				.waitFor({ timeout: 30_000 });
			await page
				.getByText(hint.slice(0, 60), { exact: false })
				.first()
				.waitFor({ timeout: 15_000 });
			await page.waitForTimeout(1000); // n8n's toast about the node not having run yet, closed below
			await tidyForScreenshot(page);
			await page.screenshot({ path: path.join(SHOTS_DIR, 'ui-analytics-hint.png') });
		},
	);
}

/** The visible options of a dropdown parameter, read by opening and closing it. */
async function dropdownOptions(page, parameter) {
	const input = page.locator(`[data-test-id="parameter-input-${parameter}"]`);
	await input.click();
	const items = page.locator('.el-select-dropdown__item:visible');
	await items.first().waitFor();
	const texts = (await items.allInnerTexts()).map((text) => text.split('\n')[0].trim());
	await input.click();
	await items.first().waitFor({ state: 'hidden' });
	return texts;
}

/** The Storydoc Trigger in the editor: its Event list, and Fetch Test Event returning the latest click. */
async function triggerChecks(page, base, client) {
	const opened = await check(
		`the Storydoc Trigger "${TRIGGER_NODE}" opens with its Event list`,
		async () => {
			await page.goto(`${base}/workflow/${TRIGGER_WORKFLOW_ID}`);
			const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${TRIGGER_NODE}"]`);
			expectEqual(
				await node.getAttribute('data-node-type'),
				app.TRIGGER_TYPE,
				'the trigger type on the canvas',
			);
			await node.dblclick();
			await page.locator('[data-test-id="parameter-input-event"]').waitFor();
			expectEqual(
				await dropdownOptions(page, 'event'),
				optionNames(builtTriggerDescription(), 'event'),
				'Event options',
			);
		},
	);
	if (!opened) return;

	await check(
		'the trigger shows the Team-plan notice and the hint that a poll can emit many items',
		async () => {
			const description = builtTriggerDescription();
			const notice = description.properties.find(
				(property) => property.type === 'notice',
			).displayName;
			await page.getByText(notice, { exact: false }).first().waitFor({ timeout: 15_000 });
			await page
				.getByText(plainText(description.hints[0].message).slice(0, 60), { exact: false })
				.first()
				.waitFor({ timeout: 15_000 });
		},
	);

	await check(
		'Fetch Test Event returns the most recent click of the last 92 days from the sandbox',
		async () => {
			await client.reset();
			await page.click('[data-test-id="node-execute-button"]');
			const now = Date.now();
			const clicks = (await client.state('events')).filter(
				(event) =>
					event.eventCategory === 'click' &&
					Date.parse(event.timestamp) <= now &&
					Date.parse(event.timestamp) >= now - 92 * 86_400_000,
			);
			const latest = clicks[clicks.length - 1];
			if (!latest) throw new Error('the sandbox has no click in the last 92 days');
			// A trigger's panel has no input side; the editor names its output pane either way.
			const panes =
				'[data-test-id="ndv-output-panel"]:visible, [data-test-id="output-panel"]:visible';
			await page.locator(panes, { hasText: '1 item' }).first().waitFor({ timeout: 30_000 });
			const output = page.locator(panes, { hasText: '1 item' }).first();
			// "1 item" can show before the table's rows are drawn: read the pane until the event is there
			// (or 10 s). The table may break long ids with invisible characters: compare without them.
			const shown = async () =>
				(await output.evaluate((element) => element.textContent)).replace(/[\s\u00ad\u200b]/g, '');
			let shownText = await shown();
			const deadline = Date.now() + 10_000;
			while (!shownText.includes(latest.eventId) && Date.now() < deadline) {
				await page.waitForTimeout(200);
				shownText = await shown();
			}
			if (!shownText.includes(latest.eventId)) {
				throw new Error(
					`the output panel does not show the event ${latest.eventId}: ${shownText.slice(0, 400)}`,
				);
			}
			const requests = await client.requests();
			expect(
				requests.length > 0 &&
					requests.every((r) => r.path === '/v2/analytics/events' && r.status === 200),
				'the trigger sent analytics requests only, each answered 200',
			);
			await tidyForScreenshot(page);
			await page.screenshot({ path: path.join(SHOTS_DIR, 'ui-trigger-test-event.png') });
		},
	);

	await check('choosing First View of a Version shows what it costs and hides Output', async () => {
		const description = builtTriggerDescription();
		const notice = description.properties.find(
			(property) => property.name === 'firstViewNotice',
		).displayName;
		await page.click('[data-test-id="parameter-input-event"]');
		await page
			.locator('.el-select-dropdown__item:visible', { hasText: 'First View of a Version' })
			.click();
		await page
			.getByText(notice.slice(0, 60), { exact: false })
			.first()
			.waitFor({ timeout: 15_000 });
		await page
			.locator('[data-test-id="parameter-input-output"]')
			.waitFor({ state: 'detached', timeout: 15_000 });
		await page
			.locator('.el-select-dropdown__item:visible')
			.first()
			.waitFor({ state: 'hidden', timeout: 5_000 })
			.catch(() => undefined);
		await page.waitForTimeout(500); // the list's fade-out
		await tidyForScreenshot(page);
		await page.screenshot({ path: path.join(SHOTS_DIR, 'ui-trigger-first-view.png') });
	});
}

/**
 * For readable screenshots: closes n8n's toasts and drags the parameters panel wider (its labels hold
 * each variable's tip). Cosmetic only; nothing is checked here.
 */
async function tidyForScreenshot(page, { widen = 0 } = {}) {
	const closes = await page.locator('.el-notification__closeBtn:visible').all();
	for (const close of closes) await close.click().catch(() => undefined);
	// A closed toast fades out: wait until it has gone from the picture.
	if (closes.length)
		await page
			.locator('.el-notification')
			.first()
			.waitFor({ state: 'detached', timeout: 3_000 })
			.catch(() => undefined);
	if (!widen) return;
	const panel = await page
		.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]')
		.boundingBox();
	if (!panel) return;
	for (const handle of await page
		.locator('[data-test-id="ndv"] [data-test-id="resize-handle"][data-dir="right"]')
		.all()) {
		const box = await handle.boundingBox();
		if (!box || Math.abs(box.x + box.width / 2 - (panel.x + panel.width)) > 40) continue;
		const y = box.y + box.height / 2;
		await page.mouse.move(box.x + box.width / 2, y);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width / 2 + widen, y, { steps: 10 });
		await page.mouse.up();
		return;
	}
}

/** The ids of the variable fields that show n8n's issue marker now. */
async function fieldsWithIssues(page) {
	return await page.locator(FIELD_INPUTS).evaluateAll(
		(inputs, selector) =>
			inputs
				.filter((input) => {
					// The field's row: the largest ancestor that holds this field's input and no other field's.
					const fieldSelector = selector.replace(
						/^\[data-test-id="mapping-fields-container"\] /,
						'',
					);
					let row = input;
					while (row.parentElement && row.parentElement.querySelectorAll(fieldSelector).length <= 1)
						row = row.parentElement;
					return Boolean(row.querySelector('[data-test-id="parameter-issues"]'));
				})
				.map((input) => input.getAttribute('data-test-id').replace(/^parameter-input-/, '')),
		FIELD_INPUTS,
	);
}

/** The ids of the variable fields the resource mapper shows now. */
const FIELD_INPUTS =
	'[data-test-id="mapping-fields-container"] [data-test-id^="parameter-input-"]:not([data-test-id="parameter-input-field"]):not([data-test-id="parameter-input-hint"])';

async function mappedFieldIds(page) {
	return await page
		.locator(FIELD_INPUTS)
		.evaluateAll((inputs) =>
			inputs.map((input) => input.getAttribute('data-test-id').replace(/^parameter-input-/, '')),
		);
}

/**
 * Opens the Story list (it loads from the sandbox), chooses each story in turn and waits until the
 * Variables mapper shows exactly that story's variables (ids and titles as the API gives them).
 * Ends on `finalStory`, so the screenshot taken next shows its variables.
 */
async function storyAndVariables(page, client, { otherStory, finalStory }) {
	const liveStories = await client.api('/v2/stories?status=Live');
	await page.click('[data-test-id="rlc-input"]');
	const items = page.locator('[data-test-id="rlc-item"]');
	// The list first shows the story already chosen, then what listSearch loaded.
	await page
		.waitForFunction(
			(count) => document.querySelectorAll('[data-test-id="rlc-item"]').length >= count,
			liveStories.length,
			{
				timeout: 20_000,
			},
		)
		.catch(() => undefined);
	expectEqual(
		(await items.allInnerTexts()).map((text) => text.trim()).sort(),
		liveStories.map((story) => story.title).sort(),
		'the Story list (compared with GET /v2/stories?status=Live)',
	);

	for (const [index, title] of [otherStory, finalStory].entries()) {
		if (index > 0) await page.click('[data-test-id="rlc-input"]');
		await page.locator('[data-test-id="rlc-item"]', { hasText: title }).click();
		const storyId = liveStories.find((story) => story.title === title).id;
		const story = await client.api(`/v2/stories/${storyId}`);
		const expectedIds = [
			...Object.keys(story.dynamicVariables ?? {}).filter((key) => key !== 'title'),
			...(story.repeatables ?? []).map((group) => group.key),
		];
		// The mapper reloads its fields a moment after the story changes.
		await page
			.waitForFunction(
				({ ids, selector }) => {
					const shown = [...document.querySelectorAll(selector)].map((input) =>
						input.getAttribute('data-test-id').replace(/^parameter-input-/, ''),
					);
					return shown.length === ids.length && ids.every((id) => shown.includes(id));
				},
				{ ids: expectedIds, selector: FIELD_INPUTS },
				{ timeout: 20_000 },
			)
			.catch(() => undefined);
		expectEqual(
			(await mappedFieldIds(page)).sort(),
			[...expectedIds].sort(),
			`the variable fields shown for the story "${title}"`,
		);
		for (const [key, variable] of Object.entries(story.dynamicVariables ?? {})) {
			if (key === 'title') continue;
			const label = await page
				.locator(
					`[data-test-id="mapping-fields-container"] [data-test-id="parameter-input-${key}"]`,
				)
				.locator('xpath=ancestor::*[.//label][1]//label')
				.first()
				.innerText();
			if (!label.startsWith(variable.title)) {
				throw new Error(
					`the field of the variable "${key}" is labelled "${label.split('\n')[0]}", not with its title "${variable.title}"`,
				);
			}
		}
	}
}

main().catch((error) => {
	console.error(`ui: ${error.stack || error}`);
	console.log(summary(1));
	process.exitCode = 1;
});
