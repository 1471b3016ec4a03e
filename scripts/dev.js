#!/usr/bin/env node
'use strict';
/**
 * `npm run dev`: the real n8n app (2.41.1 on Node 24, installed into a cache on first use) with this
 * package linked as a community package and hot-reloaded on every rebuild, `tsc --watch` rebuilding
 * dist/ on every change, and the API sandbox with a ready "Storydoc account" credential and the
 * example workflows imported. Stop with Ctrl+C.
 *
 *   npm run dev [-- --port 5678 --sandbox-port 5680]
 *
 * Why not `n8n-node dev`: it runs `npx n8n@latest`, which cannot install from this registry (see
 * e2e/install-n8n.sh), and links the package as a "custom" extension, under which n8n renames
 * the node type (CUSTOM.storydoc) so the example workflows would not open. Here the package is linked
 * where n8n installs community packages, and n8n's own hot reload (N8N_DEV_RELOAD) picks up dist/.
 *
 * Env: SANDBOX_PORT (default 5680, as for `npm run sandbox`), N8N_LISTEN_ADDRESS (default 127.0.0.1),
 * STORYDOC_DEV_USER_FOLDER (default ~/.cache/storydoc-e2e/dev-user-folder: keeps the owner account,
 * credentials and workflows between sessions).
 */
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('../e2e/n8n-app');
const { EXAMPLES_DIR, loadExamples } = require('./examples');
const { startSandbox } = require('./lib/sandbox');

function flag(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	if (index !== -1 && process.argv[index + 1]) return process.argv[index + 1];
	const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`));
	return inline ? inline.slice(name.length + 3) : fallback;
}

const N8N_PORT = Number(flag('port', process.env.N8N_PORT || 5678));
const SANDBOX_PORT = Number(flag('sandbox-port', process.env.SANDBOX_PORT || 5680));
const USER_FOLDER =
	process.env.STORYDOC_DEV_USER_FOLDER ||
	path.join(os.homedir(), '.cache', 'storydoc-e2e', 'dev-user-folder');

/** Streams a child's output line by line with a prefix, so n8n, tsc and this script stay readable. */
function prefixed(child, label) {
	for (const stream of [child.stdout, child.stderr]) {
		let rest = '';
		stream.on('data', (chunk) => {
			const lines = (rest + chunk).split('\n');
			rest = lines.pop();
			for (const line of lines) if (line.trim()) process.stdout.write(`${label} ${line}\n`);
		});
	}
}

async function main() {
	const n8n = app.installN8n();

	console.log('dev: building once (n8n-node build + gulp)…');
	const build = spawnSync('npm', ['run', 'build', '--silent'], {
		cwd: app.PACKAGE_ROOT,
		stdio: 'inherit',
	});
	if (build.status !== 0) throw new Error('the build failed');

	const { sandbox, url: sandboxUrl } = await startSandbox({
		port: SANDBOX_PORT,
		onRequest: (record) =>
			console.log(
				`[sandbox] ${record.method} ${record.path}  ${record.status ?? record.fault}  (${record.token ?? 'no known token'})`,
			),
	});

	fs.mkdirSync(USER_FOLDER, { recursive: true });
	app.linkPackage(USER_FOLDER);
	const env = app.n8nEnv(n8n, {
		userFolder: USER_FOLDER,
		brokerPort: await app.freePort(),
		extra: {
			N8N_PORT: String(N8N_PORT),
			N8N_LISTEN_ADDRESS: process.env.N8N_LISTEN_ADDRESS || '127.0.0.1',
			N8N_SECURE_COOKIE: 'false',
			// n8n watches every loaded package folder and reloads its nodes when a file changes.
			N8N_DEV_RELOAD: 'true',
		},
	});
	await importInputs(n8n, env, sandbox, sandboxUrl);

	const tsc = spawn(
		process.execPath,
		[
			require.resolve('typescript/bin/tsc'),
			'-p',
			'tsconfig.json',
			'--watch',
			'--preserveWatchOutput',
		],
		{
			cwd: app.PACKAGE_ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	prefixed(tsc, '[tsc]');
	const server = spawn(n8n.node, [n8n.n8nBin, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
	prefixed(server, '[n8n]');
	server.stdout.on('data', (chunk) => {
		if (String(chunk).includes('Editor is now accessible')) banner(n8n, env, sandbox, sandboxUrl);
	});
	stopTogether({ server, tsc, sandbox });
	console.log(
		`dev: examples from ${path.relative(process.cwd(), EXAMPLES_DIR) || 'examples'}; starting n8n…`,
	);
}

/**
 * The credential follows the sandbox (its port may change between sessions); the examples are
 * imported again only when a file in examples/ changed, so edits made in the editor survive.
 */
async function importInputs(n8n, env, sandbox, sandboxUrl) {
	const inputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-dev-'));
	try {
		const credentialsFile = path.join(inputDir, 'credentials.json');
		fs.writeFileSync(
			credentialsFile,
			JSON.stringify([
				{
					id: 'storydocAccount',
					name: 'Storydoc account',
					type: 'storydocApi',
					data: { accessToken: sandbox.tokens.team, baseUrl: sandboxUrl },
				},
			]),
		);
		const examples = [...loadExamples().values()].map((example) => example.workflow);
		const examplesHash = crypto.createHash('sha256').update(JSON.stringify(examples)).digest('hex');
		const marker = path.join(USER_FOLDER, '.n8n', 'storydoc-examples.sha256');
		const imports = [['import:credentials', `--input=${credentialsFile}`]];
		if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== examplesHash) {
			const workflowsFile = path.join(inputDir, 'workflows.json');
			fs.writeFileSync(workflowsFile, JSON.stringify(examples));
			imports.push(['import:workflow', `--input=${workflowsFile}`]);
		}
		for (const args of imports) {
			const result = await app.runN8n(n8n, args, env);
			if (result.code !== 0)
				throw new Error(`n8n ${args[0]} failed\n${result.stdout}\n${result.stderr}`);
		}
		if (imports.length > 1) fs.writeFileSync(marker, examplesHash);
	} finally {
		fs.rmSync(inputDir, { recursive: true, force: true });
	}
}

function banner(n8n, env, sandbox, sandboxUrl) {
	console.log(
		[
			'',
			`dev: n8n ${n8n.n8nVersion}     http://${env.N8N_LISTEN_ADDRESS === '0.0.0.0' ? 'localhost' : env.N8N_LISTEN_ADDRESS}:${N8N_PORT}`,
			`dev: API sandbox ${sandboxUrl}   (token: ${sandbox.tokens.team})`,
			'dev: credential "Storydoc account" points at the sandbox; the workflows of examples/ are imported',
			`dev: user folder ${USER_FOLDER} (first visit: create the owner account)`,
			'dev: edit nodes/ or credentials/ → tsc rebuilds dist/ → n8n reloads the node (reopen the node panel). Ctrl+C stops.',
			'',
		].join('\n'),
	);
}

/** Ctrl+C, SIGTERM or n8n exiting stops all three: n8n, tsc and the sandbox. */
function stopTogether({ server, tsc, sandbox }) {
	let stopping = false;
	const stop = async (code) => {
		if (stopping) return;
		stopping = true;
		console.log('dev: stopping n8n, tsc and the sandbox…');
		// n8n shuts down gracefully on SIGTERM (it finishes running executions); wait for it.
		const exited = (child) =>
			new Promise((resolve) => {
				if (child.exitCode !== null || child.signalCode !== null) return resolve();
				const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
				child.on('exit', () => {
					clearTimeout(timer);
					resolve();
				});
				child.kill('SIGTERM');
			});
		await Promise.all([exited(server), exited(tsc), sandbox.close()]);
		process.exit(code);
	};
	process.on('SIGINT', () => stop(0));
	process.on('SIGTERM', () => stop(0));
	server.on('exit', (code) => {
		if (!stopping) console.error(`dev: n8n exited (${code}); see the [n8n] lines above`);
		stop(code ?? 1);
	});
}

main().catch((error) => {
	console.error(`dev: ${error.message}`);
	process.exit(1);
});
