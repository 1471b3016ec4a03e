'use strict';
/**
 * The real n8n app for the benchmarks, as users run it: n8n 2.41.1 (installed on first use by
 * e2e/install-n8n.sh), a throwaway user folder with this package linked, the credentials imported,
 * and each workflow run with `n8n execute` (a new n8n process per run, as a scheduled or manual run
 * starts cold). A node's time is n8n's own `executionTime` for it in the run data.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('../../e2e/n8n-app');
const { n8nCli } = require('../../e2e/harness/cli');

/** @param {{ credentials: object[], version?: string }} options credentials as `n8n import:credentials` takes them */
async function openApp({ credentials, version }) {
	const n8n = app.installN8n(version ?? app.requestedVersion());
	const userFolder = app.createUserFolder('storydoc-bench-');
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-bench-input-'));
	const env = app.n8nEnv(n8n, {
		userFolder,
		brokerPort: await app.freePort(),
		encryptionKey: crypto.randomBytes(24).toString('hex'),
	});
	const cli = n8nCli({ n8n, env, workDir, transcript: [] });
	await cli.importCredentials(credentials);

	/** Runs one workflow with `n8n execute`; `timeoutMs` for runs that wait on the rate limit. */
	async function execute(workflow, { timeoutMs = 600_000 } = {}) {
		await cli.importWorkflows([workflow]);
		const result = await app.runN8n(n8n, ['execute', `--id=${workflow.id}`, '--rawOutput'], env, {
			timeoutMs,
		});
		const run = app.parseRunJson(result.stdout);
		if (!run)
			throw new Error(
				`n8n execute printed no run JSON (exit ${result.code})\n${result.stdout.slice(0, 2000)}\n${result.stderr.slice(0, 2000)}`,
			);
		const runData = run.data?.resultData?.runData ?? {};
		return {
			run,
			outputs: app.nodeOutputs(run),
			error: run.data?.resultData?.error,
			nodeMs: (name) => runData[name]?.[0]?.executionTime,
			wallMs: result.ms,
		};
	}

	function close() {
		fs.rmSync(workDir, { recursive: true, force: true });
		fs.rmSync(userFolder, { recursive: true, force: true });
	}

	return { n8nVersion: n8n.n8nVersion, execute, close };
}

module.exports = { openApp };
