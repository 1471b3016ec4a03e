'use strict';
/**
 * The example workflows in examples/ and, for each, what a correct run looks like. Shared by the demo
 * (`npm run demo`, n8n-core's engine in-process) and the end-to-end run (`npm run test:e2e`, the real
 * n8n app): both run the example files unchanged against the API sandbox, then hand the node outputs
 * and the sandbox to `check` (which throws on anything that differs) and `report` (the demo's lines).
 */
const fs = require('node:fs');
const path = require('node:path');

const EXAMPLES_DIR = path.resolve(__dirname, '..', 'examples');

/** Starts the project's API sandbox (sandbox/server.js) on 127.0.0.1 in this process (port 0: a free one). */
async function startSandbox({ port = 0, ...options } = {}) {
	const { createSandbox } = require('../sandbox/server');
	const sandbox = createSandbox(options);
	const url = String(await sandbox.start(port, '127.0.0.1')).replace(/\/+$/, '');
	return { sandbox, url };
}

/** The sandbox's admin endpoints (/__sandbox/…): its record of requests and its state. */
function sandboxClient(url) {
	const call = async (method, adminPath) => {
		const response = await fetch(`${url}/__sandbox/${adminPath}`, { method });
		const text = await response.text();
		if (!response.ok) throw new Error(`sandbox ${method} /__sandbox/${adminPath} answered ${response.status}: ${text}`);
		return text ? JSON.parse(text) : undefined;
	};
	return {
		reset: () => call('POST', 'reset'),
		/** The API requests it received since the last reset, oldest first: { method, path, status, … }. */
		async requests() {
			const log = await call('GET', 'log');
			const entries = Array.isArray(log) ? log : (log.entries ?? log.requests ?? log.log ?? []);
			return entries
				.map((entry) => ({
					...entry,
					path: String(entry.path ?? entry.url ?? '').split('?')[0],
					status: entry.status ?? entry.statusCode,
				}))
				.filter((entry) => entry.path.startsWith('/v2/'));
		},
		state: (collection) => call('GET', `state/${collection}`),
	};
}

const first = (items) => items?.[0]?.json;

/** file (without .json) → how to run it, check it and report it. */
const definitions = {
	'account-check': {
		title: 'Account › Get returns { orgId, title }',
		startNode: 'When clicking ‘Execute workflow’',
		async check({ outputs, sandbox, expectEqual }) {
			const account = outputs['Get Storydoc account'];
			expectEqual(account?.length, 1, 'number of items out of "Get Storydoc account"');
			const expected = await sandbox.state('account');
			expectEqual(first(account), { orgId: expected.orgId, title: expected.title }, 'the account item');
			const requests = await sandbox.requests();
			expectEqual(requests.map((r) => `${r.method} ${r.path} → ${r.status}`), ['GET /v2/account → 200'], 'the requests the sandbox received');
		},
		report({ outputs }) {
			const account = first(outputs['Get Storydoc account']);
			return [`Connected to the organization "${account.title}" (${account.orgId}).`];
		},
	},
};

/** Every examples/*.json with its definition; an example without one is an error, not skipped. */
function loadExamples() {
	const examples = new Map();
	for (const file of fs.readdirSync(EXAMPLES_DIR).filter((name) => name.endsWith('.json')).sort()) {
		const key = file.replace(/\.json$/, '');
		const definition = definitions[key];
		if (!definition) throw new Error(`examples/${file} has no entry in scripts/examples.js (how to check it)`);
		const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
		examples.set(key, { key, file, workflow, ...definition });
	}
	return examples;
}

module.exports = { EXAMPLES_DIR, loadExamples, sandboxClient, startSandbox };
