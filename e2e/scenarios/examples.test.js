'use strict';
/**
 * Each example workflow of examples/, with the sandbox's values filled in, run with `n8n execute`
 * and checked as its file in scripts/examples/ says: the requests the sandbox received, the state
 * it holds, the items of each node. (The MCP example is served, not executed: mcp.test.js; the
 * trigger example is activated and polls: e2e/triggers/engagement.js.)
 */
const { loadExamples } = require('../../scripts/examples');
const { runExample } = require('../harness/exampleRun');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');

const app = useApp();
const executed = [...loadExamples().values()].filter(
	(example) => !example.servedOverMcp && !example.runsOnPolls,
);

beforeAll(async () => {
	await app.importCredentials(['account']);
	await app.cli.importWorkflows(executed.map((example) => example.workflow));
});

for (const example of executed) {
	test(`examples/${example.file}: ${example.title}`, () => runExample(app, example));
}

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
