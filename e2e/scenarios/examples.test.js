'use strict';
/**
 * Each example workflow of examples/, with the sandbox's values filled in, run with `n8n execute`
 * and checked as its file in scripts/examples/ says: the requests the sandbox received, the state
 * it holds, the items of each node. (The MCP example is served, not executed: mcp.test.js; the
 * trigger example is activated and polls: e2e/triggers/engagement.js.)
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { loadExamples } = require('../../scripts/examples');
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
	test(`examples/${example.file}: ${example.title}`, async () => {
		await app.client.reset();
		const before = await example.before?.({ sandbox: app.client });
		const run = await app.cli.execute(example.workflow.id);
		ensure(
			run.code === 0,
			`n8n execute exited ${run.code}: ${run.errorMessage ?? 'no error message'}`,
		);
		await example.check({
			outputs: run.outputs,
			before,
			workflow: example.workflow,
			sandbox: app.client,
			expectEqual,
			expect: ensure,
		});
	});
}

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
