'use strict';
/**
 * One n8n worker of its own (a separate Node process, so a pacer of its own, as in n8n queue mode):
 * runs Manual → Records → Storydoc › Create Version for the items given and prints the result as JSON
 * on its last stdout line. Used by sharedLimit.test.js.
 *
 * argv[2]: JSON { baseUrl, token, storyId, items: [{ company }], nodeSettings? }
 */
const { credentialsFor, runWorkflow, storydocWorkflow } = require('../../harness/n8n');

async function main() {
	const { baseUrl, token, storyId, items, nodeSettings } = JSON.parse(process.argv[2]);
	const parameters = {
		resource: 'version',
		operation: 'create',
		storyId: { __rl: true, mode: 'id', value: storyId },
		senderEmail: 'sam@acme.test',
		title: '={{ $json.company }}',
	};
	const started = Date.now();
	const { outputs, error } = await runWorkflow(storydocWorkflow(parameters, { items, nodeSettings }), {
		credentials: credentialsFor({ baseUrl, token }),
	});
	const result = {
		seconds: (Date.now() - started) / 1000,
		error: error ? { message: error.message, description: error.description, httpCode: error.httpCode, itemIndex: error.context?.itemIndex } : undefined,
		outputs: (outputs.Storydoc ?? []).map((item) => ({ json: item.json, pairedItem: item.pairedItem })),
	};
	process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

main().then(
	() => process.exit(0),
	(error) => {
		process.stderr.write(`${error.stack}\n`);
		process.exit(1);
	},
);
