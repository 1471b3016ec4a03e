'use strict';
/**
 * One n8n worker of its own (a separate Node process, so a pacer of its own, as in n8n queue mode):
 * runs Manual → Records → Storydoc › Create Version for the items given and prints the result as JSON
 * on its last stdout line. Used by the rate-limit tests, usually with a faster clock (timeScale.js).
 *
 * argv[2]: JSON { baseUrl, token, storyId, items: [{ company }], nodeSettings?, timeoutSeconds? }, or
 * with `batches: [[{ company }], …]` instead of `items`: that many executions at once in this process
 * (they share its pacer), each result in `runs`.
 */
const { credentialsFor, runWorkflow, storydocWorkflow } = require('../../harness/n8n');

async function runOnce({ baseUrl, token, storyId, items, nodeSettings, timeoutSeconds }) {
	const parameters = {
		resource: 'version',
		operation: 'create',
		storyId: { __rl: true, mode: 'id', value: storyId },
		senderEmail: 'sam@acme.test',
		title: '={{ $json.company }}',
	};
	// A faster clock shortens the request timeout too: give it room.
	if (timeoutSeconds) parameters.requestOptions = { timeout: timeoutSeconds };
	const started = Date.now();
	const { outputs, error } = await runWorkflow(storydocWorkflow(parameters, { items, nodeSettings }), {
		credentials: credentialsFor({ baseUrl, token }),
	});
	return {
		seconds: (Date.now() - started) / 1000,
		error: error ? { message: error.message, description: error.description, httpCode: error.httpCode, itemIndex: error.context?.itemIndex } : undefined,
		outputs: (outputs.Storydoc ?? []).map((item) => ({ json: item.json, pairedItem: item.pairedItem })),
	};
}

async function main() {
	const job = JSON.parse(process.argv[2]);
	const started = Date.now();
	const result = job.batches
		? { runs: await Promise.all(job.batches.map((items) => runOnce({ ...job, items }))) }
		: await runOnce(job);
	result.seconds ??= (Date.now() - started) / 1000;
	process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

main().then(
	() => process.exit(0),
	(error) => {
		process.stderr.write(`${error.stack}\n`);
		process.exit(1);
	},
);
