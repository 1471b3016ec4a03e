'use strict';
/**
 * The editor check's session (call at the top of the entry file): before its tests, the real n8n
 * app (`n8n start`, 2.41.1) with the package linked, the API sandbox behind a "Storydoc account"
 * credential, the check's workflows imported, and Chromium on the editor; after them, all of it
 * stopped. The panels' tests run in order on the one page: `session.test` fails a test at once when
 * a test it needs did not pass (a panel that did not open), and saves a screenshot of a failure.
 *
 * Env: STORYDOC_UI_SHOTS (screenshot folder, default docs/), STORYDOC_UI_KEEP=1 keeps the n8n user
 * folder and log, STORYDOC_UI_CHROMIUM (browser path, default /usr/bin/chromium).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { loadExamples } = require('../../scripts/examples');
const { crmCredentials, loadRecipes } = require('../crm/recipes');
const { sandboxClient, startSandbox } = require('../../scripts/lib/sandbox');
const app = require('../n8n-app');
const { n8nCli } = require('../harness/cli');
const { storydocCredential } = require('../harness/credentials');
const { openBrowser, requireChromium } = require('./browser');
const { analyticsWorkflow, triggerWorkflow, uiWorkflow } = require('./workflows');

const SHOTS_DIR = path.resolve(
	process.env.STORYDOC_UI_SHOTS || path.join(app.PACKAGE_ROOT, 'docs'),
);

function useEditor() {
	const session = { shotsDir: SHOTS_DIR, passed: new Set(), failures: 0 };
	beforeAll(async () => {
		requireChromium();
		const n8n = app.installN8n();
		const { sandbox, url } = await startSandbox();
		Object.assign(session, { sandbox, client: sandboxClient(url, sandbox.tokens.team) });
		session.userFolder = app.createUserFolder('storydoc-ui-');
		const env = app.n8nEnv(n8n, {
			userFolder: session.userFolder,
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
		await importInputs(n8n, env, { url, tokens: { account: sandbox.tokens.team } });
		const logFile = path.join(session.userFolder, 'n8n-start.log');
		session.n8n = (await app.startN8n(n8n, env, logFile)).child;
		session.base = `http://127.0.0.1:${env.N8N_PORT}`;
		Object.assign(session, await openBrowser());
	});
	afterAll(async () => {
		await session.browser?.close();
		await app.stopN8n(session.n8n);
		await session.sandbox?.close();
		if (!session.userFolder) return;
		if (process.env.STORYDOC_UI_KEEP === '1') console.log(`ui: kept ${session.userFolder}`);
		else fs.rmSync(session.userFolder, { recursive: true, force: true });
	});

	/**
	 * A test of the editor: `needs` names tests (by their `gives`) that must have passed before it;
	 * `gives` marks this one passed for those that need it.
	 */
	session.test = (name, fn, { needs = [], gives } = {}) =>
		test(name, async () => {
			const missing = needs.filter((need) => !session.passed.has(need));
			if (missing.length)
				throw new Error(`not run: it needs ${missing.join(' and ')}, which did not pass`);
			try {
				await fn(session);
			} catch (error) {
				await failureShot(session);
				throw error;
			}
			if (gives) session.passed.add(gives);
		});
	session.screenshot = (file) => session.page.screenshot({ path: path.join(SHOTS_DIR, file) });
	return session;
}

/** The credentials and the workflows the check opens: the CRM example being set up, the trigger, Get Events, Generate, MCP, the recipes. */
async function importInputs(n8n, env, { url, tokens }) {
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-ui-input-'));
	try {
		const cli = n8nCli({ n8n, env, workDir, transcript: [] });
		await cli.importCredentials([
			storydocCredential('account', { url, tokens }),
			...crmCredentials(),
		]);
		const examples = loadExamples();
		await cli.importWorkflows([
			uiWorkflow(examples.get('crm-create-version')),
			triggerWorkflow(),
			analyticsWorkflow(examples.get('crm-create-version')),
			examples.get('lead-generate-personalize').workflow,
			examples.get('mcp-storydoc-tools').workflow,
			...[...loadRecipes().values()].map((recipe) => recipe.workflow),
		]);
	} finally {
		fs.rmSync(workDir, { recursive: true, force: true });
	}
}

/** Where a failed test's screenshot goes: never docs/, which holds the documentation's screenshots. */
let failureShots;
async function failureShot(session) {
	if (!session.page) return;
	failureShots ??= fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-ui-failures-'));
	const shot = path.join(failureShots, `failed-${++session.failures}.png`);
	await session.page.screenshot({ path: shot }).catch(() => undefined);
	console.log(`ui: screenshot of the failure: ${shot}`);
}

module.exports = { useEditor };
