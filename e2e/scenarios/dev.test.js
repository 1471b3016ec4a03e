'use strict';
/**
 * `npm run dev` (scripts/dev.js) starts: in a copy of the checkout, whose build and `tsc --watch`
 * rewrite the copy's dist/ and not the one the other scenarios' n8n loads, on ports and a user
 * folder of its own. It builds, starts the sandbox, imports the credential and the examples, starts
 * tsc and n8n (2.41.1, as dev always does: on the 1.x run the test is skipped), prints where each
 * is, and Ctrl+C stops all three.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { SEED } = require('../../sandbox/seed');
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const app = require('../n8n-app');
const { waitFor } = require('../harness/waiting');

const testOnDefaultN8n = app.requestedVersion() === app.N8N_VERSIONS[0] ? test : test.skip;
/** Not copied: installed, built, or history. */
const LEFT_OUT = new Set(['node_modules', 'dist', '.git']);

let work;
let dev;
afterAll(async () => {
	if (dev && dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
	if (work) fs.rmSync(work, { recursive: true, force: true });
});

testOnDefaultN8n(
	'npm run dev: builds, starts the sandbox with a credential and the examples imported, tsc --watch and n8n with the package, and Ctrl+C stops them',
	async () => {
		work = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-dev-check-'));
		const checkout = copyCheckout(path.join(work, 'checkout'));
		const userFolder = path.join(work, 'user-folder');
		const [n8nPort, sandboxPort] = [await app.freePort(), await app.freePort()];
		dev = spawn(
			process.execPath,
			['scripts/dev.js', '--port', String(n8nPort), '--sandbox-port', String(sandboxPort)],
			{
				cwd: checkout,
				env: { ...process.env, STORYDOC_DEV_USER_FOLDER: userFolder },
				stdio: ['ignore', 'pipe', 'pipe'],
				detached: true,
			},
		);
		const output = collect(dev);
		await waitFor(
			() => output.text.includes('dev: n8n ') || dev.exitCode !== null,
			() => `the banner of npm run dev; it printed:\n${output.text.slice(-3000)}`,
			10 * 60_000,
			500,
		);
		ensure(
			dev.exitCode === null,
			`npm run dev exited ${dev.exitCode}:\n${output.text.slice(-3000)}`,
		);
		await startedEverything({ output, checkout, userFolder, n8nPort, sandboxPort });

		process.kill(dev.pid, 'SIGINT');
		const code = await new Promise((resolve) => dev.on('exit', resolve));
		ensure(output.text.includes('dev: stopping n8n, tsc and the sandbox…'), 'no stopping line');
		expectEqual(code, 0, 'the exit code after Ctrl+C');
	},
);

/** What the banner promises: n8n and the sandbox answer, the examples were imported, tsc rebuilt dist/. */
async function startedEverything({ output, checkout, userFolder, n8nPort, sandboxPort }) {
	ensure(
		output.text.includes(`http://127.0.0.1:${n8nPort}`) &&
			output.text.includes(`dev: API sandbox http://127.0.0.1:${sandboxPort}`),
		`the banner names other addresses:\n${output.text.slice(-2000)}`,
	);
	const editor = await fetch(`http://127.0.0.1:${n8nPort}/`);
	expectEqual(editor.status, 200, "the editor's answer");
	const account = await fetch(`http://127.0.0.1:${sandboxPort}/v2/account`, {
		headers: { authorization: `Bearer ${SEED.tokens.team}` },
	});
	expectEqual(
		{ status: account.status, title: (await account.json()).title },
		{ status: 200, title: SEED.org.title },
		"the sandbox's answer to GET /v2/account",
	);
	ensure(
		fs.existsSync(path.join(userFolder, '.n8n', 'storydoc-examples.sha256')),
		'the examples were not imported (no marker in the user folder)',
	);
	ensure(
		fs.existsSync(path.join(checkout, 'dist', 'nodes', 'Storydoc', 'Storydoc.node.js')),
		"the copy's dist/ holds no build",
	);
	await waitFor(
		() => output.text.includes('[tsc]') && /Watching for file changes/.test(output.text),
		'tsc --watch ready',
		60_000,
		500,
	);
}

/** The checkout as a fresh clone has it, with this one's node_modules linked in. */
function copyCheckout(target) {
	fs.cpSync(app.PACKAGE_ROOT, target, {
		recursive: true,
		filter: (source) =>
			path.dirname(source) !== app.PACKAGE_ROOT || !LEFT_OUT.has(path.basename(source)),
	});
	fs.symlinkSync(path.join(app.PACKAGE_ROOT, 'node_modules'), path.join(target, 'node_modules'));
	return target;
}

/** Everything a child prints, as it prints it. */
function collect(child) {
	const output = { text: '' };
	for (const stream of [child.stdout, child.stderr])
		stream.setEncoding('utf8').on('data', (chunk) => (output.text += chunk));
	return output;
}
