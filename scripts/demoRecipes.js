'use strict';
/**
 * `npm run demo:recipes`, the demo's second command: the recipes of examples/recipes/ in the real n8n
 * app (installed into ~/.cache/storydoc-e2e on first use, a few minutes), with HubSpot, Salesforce,
 * Pipedrive, Slack, Google Sheets, QuickChart, Gmail and the AI Agent's model (scripted tool calls)
 * answered by local stand-ins behind an intercepting proxy, Debian's PostgreSQL for the warehouse
 * recipe (installed with apt when missing) and n8n's own Data Tables for its embedded variant. It runs the real-app
 * scenarios that check them (e2e/scenarios/recipe*.test.js), which print what each service received.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** Resolves with whether every recipe ran as its checks say. */
function runRecipes() {
	return new Promise((resolve) => {
		const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
		const child = spawn(
			process.execPath,
			[
				jest,
				'--selectProjects',
				'e2e',
				'--silent',
				// One file after another, so that each recipe's lines come together.
				'--runInBand',
				'e2e/scenarios/recipe',
			],
			{
				cwd: ROOT,
				env: { ...process.env, STORYDOC_BUILT: '1', STORYDOC_RECIPES_REPORT: '1' },
				stdio: ['ignore', 'inherit', 'pipe'],
			},
		);
		let errors = '';
		child.stderr.on('data', (chunk) => (errors += chunk));
		child.on('close', (code) => {
			// jest reports on stderr; shown only when something failed.
			if (code !== 0) process.stdout.write(errors);
			resolve(code === 0);
		});
	});
}

const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);

/** The demo's part on the recipes: what it is, the run, the verdict; resolves with whether all held. */
async function demoRecipes() {
	console.log(
		bold(
			"\n▶ Recipes: Storydoc with HubSpot, Salesforce, Pipedrive, Slack, Google Sheets, QuickChart, Gmail, PostgreSQL, n8n's Data Table and the AI Agent  (examples/recipes/)",
		),
	);
	console.log(
		'  In the real n8n app: installed into ~/.cache/storydoc-e2e on first use (about 5 minutes,',
	);
	console.log(
		"  3 GB), then about 12 minutes of runs, some waiting for n8n's polls as an active workflow does;",
	);
	console.log(
		'  the services answered by local stand-ins behind an intercepting proxy; each recipe as filed.\n',
	);
	if (!(await runRecipes())) {
		console.log('  ✗ a recipe did not run as expected (above).');
		return false;
	}
	console.log('Every recipe ran in n8n against the sandbox and the stand-ins.');
	return true;
}

if (require.main === module)
	demoRecipes().then(
		(held) => (process.exitCode = held ? 0 : 1),
		(error) => {
			console.error(error.stack || error);
			process.exitCode = 1;
		},
	);

module.exports = { demoRecipes };
