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

/**
 * n8n 2.x checks a workflow's parameters before its first node with each regex run in a vm under
 * 250 ms of wall-clock time: on 2 busy cores (CI's UI check, queue mode and the benches at once) a
 * trivial check once ran out (bench:create, CI rehearsal). No node has run then, so nothing was
 * created: the run is taken again, once, and the bench says so.
 */
const REGEX_TIMEOUT = 'Regular expression execution timed out';
const refusedBeforeAnyNode = ({ code, stdout, stderr }) =>
	code !== 0 &&
	[stdout, stderr].some(
		(printed) => printed.includes(REGEX_TIMEOUT) && printed.includes('checkForWorkflowIssues'),
	);

/**
 * @param {{ credentials: object[], version?: string, packageRoot?: string, startedOnce?: boolean }} options
 *   credentials as `n8n import:credentials` takes them; `packageRoot` links another checkout of this
 *   package (a patched copy, to measure a change) instead of this one; `startedOnce` runs `n8n start`
 *   once in the user folder before any run, as in a folder users work in (n8n seeds its encryption
 *   key table on start; without it, each credential read also queries that table); `prepare(cli,
 *   n8n)` runs before that start (imports and publications a start completes)
 */
async function openApp({ credentials, version, packageRoot, startedOnce = false, prepare }) {
	const n8n = app.installN8n(version ?? app.requestedVersion());
	const userFolder = app.createUserFolder('storydoc-bench-');
	if (packageRoot) linkCheckout(userFolder, packageRoot);
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-bench-input-'));
	const env = app.n8nEnv(n8n, {
		userFolder,
		brokerPort: await app.freePort(),
		encryptionKey: crypto.randomBytes(24).toString('hex'),
	});
	const cli = n8nCli({ n8n, env, workDir, transcript: [] });
	await cli.importCredentials(credentials);
	await prepare?.(cli, n8n);
	if (startedOnce) await startOnce(n8n, env, workDir);

	/**
	 * Runs one workflow with `n8n execute`; `timeoutMs` for runs that wait on the rate limit.
	 * `imported`: the workflow was imported by an earlier call (a re-import takes seconds);
	 * `env`: more environment for this run only (NODE_OPTIONS for a profile). n8n's output goes to a
	 * file: n8n exits without waiting for a pipe to take it all (runs came out cut short on a busy machine).
	 */
	async function execute(
		workflow,
		{ timeoutMs = 600_000, imported = false, env: runEnv = {}, peakMemory = false } = {},
	) {
		if (!imported) await cli.importWorkflows([workflow]);
		const args = ['execute', `--id=${workflow.id}`, '--rawOutput'];
		const runOnce = () =>
			app.runN8n(
				n8n,
				args,
				{ ...env, ...runEnv },
				{
					timeoutMs,
					stdoutFile: path.join(workDir, 'execute-output.txt'),
					peakMemory,
				},
			);
		let result = await runOnce();
		if (refusedBeforeAnyNode(result)) {
			console.log(`bench: n8n's ${REGEX_TIMEOUT} before any node ran; running it once more`);
			result = await runOnce();
		}
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
			/** When n8n started the node (ms since the epoch, this machine's clock). */
			nodeStartedAt: (name) => runData[name]?.[0]?.startTime,
			stderr: result.stderr,
			/** The n8n process's peak resident memory in KiB (`peakMemory` runs). */
			peakKb: result.peakKb,
		};
	}

	function close() {
		fs.rmSync(workDir, { recursive: true, force: true });
		fs.rmSync(userFolder, { recursive: true, force: true });
	}

	return { n8nVersion: n8n.n8nVersion, dir: n8n.dir, node: n8n.node, execute, close };
}

/** Links `packageRoot` (another checkout, built) where n8n loads this package from. */
function linkCheckout(userFolder, packageRoot) {
	const link = path.join(userFolder, '.n8n', 'nodes', 'node_modules', app.PACKAGE_NAME);
	fs.rmSync(link, { force: true });
	fs.symlinkSync(path.resolve(packageRoot), link, 'dir');
}

/** `n8n start` until the editor answers, then stopped: the user folder as n8n leaves it after a start. */
async function startOnce(n8n, env, workDir) {
	const { child } = await app.startN8n(
		n8n,
		{ ...env, N8N_PORT: String(await app.freePort()) },
		path.join(workDir, 'start.log'),
	);
	await app.stopN8n(child);
}

module.exports = { openApp };
