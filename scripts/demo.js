#!/usr/bin/env node
'use strict';
/**
 * `npm run demo`: starts the local Storydoc API sandbox, runs every example workflow in examples/
 * through n8n's real execution engine (n8n-core's WorkflowExecute, in this process, with the built
 * package loaded the way n8n loads a community package), and prints what happened: the links created
 * for CRM records, the update of a deal's version, the engagement table.
 *
 * It ends naming the second command, `npm run demo:recipes`: the recipes of examples/recipes/ in the
 * real n8n app (installed on first use), with HubSpot, Salesforce, Pipedrive, Slack, Google Sheets,
 * QuickChart, Gmail and the AI Agent's model answered by local stand-ins (scripts/demoRecipes.js).
 *
 * Needs a build: `npm run demo` runs `npm run build` first. Nothing leaves this machine.
 */
const fs = require('node:fs');
const path = require('node:path');

const { loadEngine } = require('./engine');
const { loadExamples, sandboxClient } = require('./examples');
const { ensure, expectEqual } = require('./lib/assertions');
const { startSandbox } = require('./lib/sandbox');

const { credentialsFor, runWorkflow } = loadEngine();

const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);

async function main() {
	const { sandbox, url } = await startSandbox();
	const client = sandboxClient(url, sandbox.tokens.team);
	const credentials = credentialsFor({ baseUrl: url, token: sandbox.tokens.team });
	let failures = 0;
	console.log(bold('Storydoc for n8n: demo'));
	console.log(`API sandbox: ${url} (a local implementation of the Storydoc API v2, seeded data)`);
	console.log(
		"Engine: n8n-core's WorkflowExecute, running the workflow files in examples/ with the sandbox's story,",
	);
	console.log('sender and version filled in where the files leave them to you\n');
	try {
		for (const example of loadExamples().values()) {
			console.log(bold(`▶ ${example.workflow.name}`) + `  (examples/${example.file})`);
			if (example.sandboxValues.length) {
				console.log(
					`  Filled in for the sandbox (the file leaves them to you): ${example.sandboxValues.map((value) => value.what).join('; ')}`,
				);
			}
			if (example.servedOverMcp) {
				console.log(
					'  Served to MCP clients by `n8n start` (its trigger answers only there): `npm run test:e2e`',
				);
				console.log('  publishes it and calls its tools with the MCP TypeScript SDK.\n');
				continue;
			}
			await client.reset();
			const before = await example.before?.({ sandbox: client });
			const { outputs, error } = await runWorkflow(example.workflow, {
				credentials,
				startNode: example.startNode,
			});
			try {
				if (error)
					throw new Error(
						`the workflow failed: ${error.message}${error.description ? ` (${error.description})` : ''}`,
					);
				const context = {
					outputs,
					before,
					workflow: example.workflow,
					sandbox: client,
					expectEqual,
					expect: ensure,
				};
				await example.check(context);
				for (const line of example.report(context)) console.log(line ? `  ${line}` : '');
			} catch (failure) {
				failures++;
				console.log(`  ✗ ${failure.message}`);
			}
			console.log('');
		}
	} finally {
		await sandbox.close();
	}
	if (failures) {
		console.log(`${failures} example(s) did not run as expected.`);
		process.exitCode = 1;
		return;
	}
	console.log(
		'Every example ran against the sandbox. To run them for real, import the files in examples/ into',
	);
	console.log(
		'your n8n and follow the note in each: pick your Storydoc credential, your story and your sender.',
	);
	const { count, services } = recipeServices();
	console.log(bold(`\nNext: the ${count} recipes with ${listed(services)} in the real n8n app`));
	console.log(
		'  npm run demo:recipes   (installs n8n 2.41.1 on first use: about 5 minutes and 3 GB; then runs',
	);
	console.log('                          each recipe against local stand-ins of those services)');
}

/** What the recipes' nodes talk to, by node type: the services `npm run demo:recipes` stands in for. */
const SERVICES = {
	'n8n-nodes-base.hubspot': 'HubSpot',
	'n8n-nodes-base.salesforce': 'Salesforce',
	'n8n-nodes-base.pipedrive': 'Pipedrive',
	'n8n-nodes-base.slack': 'Slack',
	'n8n-nodes-base.googleSheets': 'Google Sheets',
	'n8n-nodes-base.quickChart': 'QuickChart',
	'n8n-nodes-base.gmail': 'Gmail',
	'n8n-nodes-base.postgres': 'PostgreSQL',
	'n8n-nodes-base.dataTable': "n8n's Data Table",
	'@n8n/n8n-nodes-langchain.agent': "n8n's AI Agent (a scripted stand-in model)",
};

/** The recipes in examples/recipes/ and, in the order above, the services they use. */
function recipeServices() {
	const dir = path.join(__dirname, '..', 'examples', 'recipes');
	const files = fs.readdirSync(dir).filter((file) => file.endsWith('.json'));
	const types = new Set(
		files.flatMap((file) =>
			JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')).nodes.map((node) => node.type),
		),
	);
	const services = Object.entries(SERVICES)
		.filter(([type]) => types.has(type))
		.map(([, name]) => name);
	return { count: files.length, services };
}

const listed = (names) =>
	names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

main().catch((error) => {
	console.error(error.stack || error);
	process.exitCode = 1;
});
