'use strict';
/**
 * The example workflows in examples/ and, for each, what a correct run looks like (its file of the
 * same name in scripts/examples/). Shared by the demo (`npm run demo`, n8n-core's engine in-process),
 * the engine test of the examples and the real-app run (`npm run test:e2e`): each runs the example
 * files unchanged against the API sandbox, then hands the node outputs and the sandbox to `check`
 * (which throws on anything that differs) and `report` (the demo's lines).
 */
const fs = require('node:fs');
const path = require('node:path');

const { sandboxClient } = require('./lib/sandbox');
const { comparableSummaries, expectedSummaries } = require('./examples/summaries');
const { forSandbox } = require('./examples/sandboxValues');

const EXAMPLES_DIR = path.resolve(__dirname, '..', 'examples');
const DEFINITIONS_DIR = path.join(__dirname, 'examples');

/**
 * Every examples/*.json with its definition: how to run it (`startNode`), what to record before
 * (`before`), what a correct run looks like (`check`, throws with what differed) and what the demo
 * prints (`report`). An example without a definition is an error, not skipped. `asFiled` is the
 * workflow as the file has it (what a user imports), `workflow` the same with the sandbox's values
 * filled in (`sandboxValues`: what was filled, for the demo to say).
 */
function loadExamples() {
	const examples = new Map();
	for (const file of fs
		.readdirSync(EXAMPLES_DIR)
		.filter((name) => name.endsWith('.json'))
		.sort()) {
		const key = file.replace(/\.json$/, '');
		const definitionFile = path.join(DEFINITIONS_DIR, `${key}.js`);
		if (!fs.existsSync(definitionFile))
			throw new Error(`examples/${file} has no scripts/examples/${key}.js (how to check it)`);
		const definition = require(definitionFile);
		const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
		const sandboxValues = definition.sandboxValues ?? [];
		examples.set(key, {
			key,
			file,
			...definition,
			asFiled: workflow,
			workflow: forSandbox(workflow, sandboxValues),
			sandboxValues,
		});
	}
	return examples;
}

module.exports = {
	EXAMPLES_DIR,
	comparableSummaries,
	expectedSummaries,
	loadExamples,
	// The client the examples' checks read the sandbox with (`sandbox` in their context).
	sandboxClient,
};
