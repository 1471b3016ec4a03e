#!/usr/bin/env node
'use strict';
/**
 * `npm run test:live`: an opt-in check of the built node against a REAL Storydoc account, for a
 * maintainer before a release (never in CI). Every operation runs the built package through n8n's
 * engine (test/harness/n8n.ts, as the tests do), and the same requests go, as plain HTTP, to the
 * account and to a local sandbox (sandbox/) started in this process: every way the account's answers
 * differ from what the node and the sandbox assume (./expectations.js) is listed, so drift shows up
 * here rather than as a user's bug.
 *
 * Read-only unless both STORYDOC_LIVE_STORY and STORYDOC_LIVE_SENDER are given: then it creates ONE
 * version of that story and updates it once (the version stays in the account).
 *
 * Environment:
 *   STORYDOC_API_KEY       the account's API key (required: without it nothing is checked, exit 0)
 *   STORYDOC_BASE_URL      the API's address (default https://api.storydoc.com)
 *   STORYDOC_LIVE_VERSION  a version ID: Version › Get, and its addresses in the "By URL" mode
 *   STORYDOC_LIVE_STORY    a Live story ID   } both: Version › Create of that story with that
 *   STORYDOC_LIVE_SENDER   a sender's email  } sender, then Version › Update of the new version
 *
 * Prints one line per check (✓ / ✗ / – skipped), the differences (≠), and a closing count; exits 0
 * when every check passed and nothing differed, 1 otherwise. The key is never printed.
 */
const { aliases, createReport, redact, say } = require('./report');

const NO_KEY =
	'test:live: STORYDOC_API_KEY is not set, so nothing was checked (this check needs a real Storydoc account; see docs/development.md › Releasing)';

async function main() {
	const { isBuilt, loadEngine } = require('../engine');
	const config = {
		token: process.env.STORYDOC_API_KEY,
		baseUrl: (process.env.STORYDOC_BASE_URL || 'https://api.storydoc.com')
			.trim()
			.replace(/\/+$/, ''),
		version: process.env.STORYDOC_LIVE_VERSION?.trim() || undefined,
		story: process.env.STORYDOC_LIVE_STORY?.trim() || undefined,
		sender: process.env.STORYDOC_LIVE_SENDER?.trim() || undefined,
	};
	if (!isBuilt()) {
		say('test:live: dist/ is missing: run it as `npm run test:live`, which builds first');
		process.exitCode = 1;
		return;
	}

	const { credentialsFor, runWorkflow, storydocWorkflow } = loadEngine();
	const { SEED } = require('../../sandbox/seed');
	const { startSandbox } = require('../lib/sandbox');
	const { runChecks } = require('./checks');
	const { startRelay } = require('./relay');

	const { sandbox, url: sandboxUrl } = await startSandbox();
	const relay = await startRelay(config.baseUrl);
	aliases.push([relay.url, config.baseUrl]);
	const report = createReport();
	say(`test:live: the built node against ${config.baseUrl}, compared with the local sandbox`);
	try {
		await runChecks({
			config,
			report,
			SEED,
			account: { url: config.baseUrl, token: config.token },
			local: { url: sandboxUrl, token: sandbox.tokens.team },
			relay,
			/** Runs Manual → (input items) → Storydoc; an error the workflow throws is returned as its error. */
			async node(parameters, items) {
				relay.records.length = 0;
				const credentials = credentialsFor({ baseUrl: relay.url, token: config.token });
				const { outputs, error } = await runWorkflow(storydocWorkflow(parameters, { items }), {
					credentials,
				}).catch((thrown) => ({ outputs: {}, error: thrown }));
				return {
					items: (outputs.Storydoc ?? []).map((item) => item.json),
					error,
					requests: [...relay.records],
				};
			},
		});
	} finally {
		await relay.close();
		await sandbox.close();
	}
	process.exitCode = report.finish();
}

// Without a key, nothing else loads: no engine, no sandbox.
if (!process.env.STORYDOC_API_KEY) console.log(NO_KEY);
else
	main().catch((error) => {
		console.log(`test:live: stopped: ${redact(error?.message ?? String(error))}`);
		process.exitCode = 1;
	});
