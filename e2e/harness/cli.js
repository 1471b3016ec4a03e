'use strict';
/**
 * n8n's CLI on one user folder, as the scenarios use it: every command's output joins a transcript
 * (scanned for access tokens at the end), and the imports, the activation and `n8n execute` that
 * set up and run workflows. Input files go to `workDir`, replaced on each call.
 */
const fs = require('node:fs');
const path = require('node:path');

const { ensure } = require('../../scripts/lib/assertions');
const app = require('../n8n-app');
const { waitFor } = require('./waiting');

/** @param {{ n8n: object, env: object, workDir: string, transcript: string[] }} options */
function n8nCli({ n8n, env, workDir, transcript }) {
	async function run(args, options) {
		const result = await app.runN8n(n8n, args, env, options);
		transcript.push(result.stdout, result.stderr);
		return result;
	}

	/** `n8n import:credentials` of `credentials` (an array of { id, name, type, data }); the file is removed after. */
	async function importCredentials(credentials) {
		const file = path.join(workDir, 'credentials.json');
		fs.writeFileSync(file, JSON.stringify(credentials));
		const imported = await run(['import:credentials', `--input=${file}`]);
		fs.rmSync(file);
		ensure(
			imported.code === 0,
			`import:credentials exited ${imported.code}\n${imported.stdout}\n${imported.stderr}`,
		);
	}

	async function importWorkflows(workflows) {
		const file = path.join(workDir, 'workflows.json');
		fs.writeFileSync(file, JSON.stringify(workflows));
		const imported = await run(['import:workflow', `--input=${file}`]);
		ensure(
			imported.code === 0,
			`n8n import:workflow exited ${imported.code}\n${imported.stdout}\n${imported.stderr}`,
		);
	}

	/** Imports workflows and publishes them (n8n 2.x) or activates them (1.x has no publish:workflow). */
	async function importAndActivate(workflows) {
		await importWorkflows(workflows);
		for (const { id } of workflows) {
			const activate =
				n8n.major >= 2
					? ['publish:workflow', `--id=${id}`]
					: ['update:workflow', `--id=${id}`, '--active=true'];
			const result = await run(activate);
			ensure(
				result.code === 0,
				`n8n ${activate.join(' ')} exited ${result.code}\n${result.stdout}\n${result.stderr}`,
			);
		}
	}

	let executions = 0;
	/**
	 * `n8n execute --rawOutput`: the run, each node's items (`outputs`) and the run's error message.
	 * Its stdout goes to a file: n8n exits without waiting for a pipe to take it all, and on a busy
	 * machine runs of some hundred KB (2.41.1) to some MB (1.x) came out cut short.
	 */
	async function execute(id) {
		executions += 1;
		const stdoutFile = path.join(workDir, `execute-output-${executions}.txt`);
		const result = await run(['execute', `--id=${id}`, '--rawOutput'], { stdoutFile });
		const executed = app.parseRunJson(result.stdout);
		if (!executed) {
			throw new Error(
				`n8n execute printed no run JSON (exit ${result.code})\n${result.stdout}\n${result.stderr}`,
			);
		}
		return {
			...result,
			run: executed,
			outputs: app.nodeOutputs(executed),
			errorMessage: executed.data?.resultData?.error?.message,
		};
	}

	return {
		run,
		importCredentials,
		importWorkflows,
		importAndActivate,
		execute,
		executeKilled: (id, killWhen, what) => executeKilled(run, id, killWhen, what),
	};
}

/**
 * `n8n execute` of a workflow (with `run`, the CLI's runner), killed (SIGKILL) once `killWhen()`
 * resolves truthy, as a lost worker or a stopped n8n cuts a run short: nothing of the run is printed.
 */
async function executeKilled(run, id, killWhen, what) {
	let killing;
	const result = await run(['execute', `--id=${id}`, '--rawOutput'], {
		onSpawn(child) {
			const ended = () => child.exitCode !== null || child.signalCode !== null;
			killing = waitFor(async () => ended() || (await killWhen()), what, 120_000, 100).finally(
				() => ended() || child.kill('SIGKILL'),
			);
		},
	});
	await killing;
	ensure(result.code === null, `n8n execute ended (exit ${result.code}) before ${what}`);
	return result;
}

module.exports = { n8nCli };
