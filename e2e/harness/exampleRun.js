'use strict';
/** One example of examples/ run in the app with `n8n execute`, checked as its file in scripts/examples/ says. */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');

/** On a reset sandbox: the example's `before`, the run (it must succeed), then its `check`. */
async function runExample(app, example) {
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
}

module.exports = { runExample };
