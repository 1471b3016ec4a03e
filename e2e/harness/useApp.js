'use strict';
/**
 * The real n8n app for one scenario file (call at its top, as `useSandbox` in test/): before its
 * tests, the n8n version of the run (STORYDOC_E2E_N8N, installed on first use), the API sandbox in
 * this process, a fresh n8n user folder with the package linked, and n8n's CLI on it; after them,
 * every `n8n start` stopped, the sandbox closed and the folders removed (STORYDOC_E2E_KEEP=1 keeps
 * the user folder). The user folder's database holds the owner already (./ownerDatabase.js). Each
 * file has its own, so the files run side by side and each sandbox log holds one scenario's requests.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { sandboxClient, startSandbox } = require('../../scripts/lib/sandbox');
const app = require('../n8n-app');
const { n8nCli } = require('./cli');
const { seedOwner } = require('./ownerDatabase');
const { ownerSession } = require('./ownerSession');
const { storydocCredential } = require('./credentials');

/** The name of the check each file ends with (`expectNoTokenLeaked`). */
const NO_TOKEN_LEAKED =
	'no access token in anything n8n printed or stored (database, logs, config)';

/**
 * @param {{ version?: string, extraEnv?: object, sandbox?: object }} [options] `version`: another n8n
 *   than the run's; `extraEnv`: for every command and `n8n start` of the file (e.g. the durable
 *   scheduler's settings); `sandbox`: the sandbox's options (sandbox/server.js, e.g. `events`)
 */
function useApp({ version, extraEnv = {}, sandbox: sandboxOptions = {} } = {}) {
	const handle = {
		/** The running `n8n start` processes, stopped after the tests. */
		running: [],
		/** Everything n8n's CLI printed. */
		transcript: [],
		badToken: `sd_e2e_bad_${crypto.randomBytes(10).toString('hex')}`,
	};
	beforeAll(async () => {
		const n8n = app.installN8n(version ?? app.requestedVersion());
		const { sandbox, url } = await startSandbox(sandboxOptions);
		const userFolder = app.createUserFolder();
		handle.encryptionKey = seedOwner(n8n, userFolder);
		const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-e2e-input-'));
		const env = app.n8nEnv(n8n, {
			userFolder,
			brokerPort: await app.freePort(),
			encryptionKey: handle.encryptionKey,
			extra: extraEnv,
		});
		Object.assign(handle, { n8n, sandbox, url, userFolder, workDir, env });
		handle.client = sandboxClient(url, sandbox.tokens.team);
		handle.cli = n8nCli({ n8n, env, workDir, transcript: handle.transcript });
	});
	afterAll(async () => {
		await handle.stopAll();
		await handle.sandbox?.close();
		if (handle.workDir) fs.rmSync(handle.workDir, { recursive: true, force: true });
		if (!handle.userFolder) return;
		if (process.env.STORYDOC_E2E_KEEP === '1') console.log(`e2e: kept ${handle.userFolder}`);
		else fs.rmSync(handle.userFolder, { recursive: true, force: true });
	});
	return withMethods(handle, extraEnv);
}

/** What a scenario does with its app: import credentials, start n8n, check that no token leaked. */
function withMethods(handle, extraEnv) {
	/** The access tokens that must appear nowhere: the sandbox's two keys and the bad token. */
	handle.tokens = () => ({
		account: handle.sandbox.tokens.team,
		secondKey: handle.sandbox.tokens.admin,
		badToken: handle.badToken,
	});

	/** `n8n import:credentials` of the Storydoc credentials of these roles (credentials.js), and `extra`. */
	handle.importCredentials = (roles, extra = []) =>
		handle.cli.importCredentials([
			...roles.map((role) =>
				storydocCredential(role, { url: handle.url, tokens: handle.tokens() }),
			),
			...extra,
		]);

	/**
	 * `n8n start` on the user folder (its own ports), stopped after the tests or by `stop`;
	 * `beforeStart` runs right before it (what must be as recent as the start); `env`, settings of
	 * this start only.
	 */
	handle.start = async ({ beforeStart, env: startEnv = {} } = {}) => {
		await beforeStart?.();
		const env = app.n8nEnv(handle.n8n, {
			userFolder: handle.userFolder,
			brokerPort: await app.freePort(),
			encryptionKey: handle.encryptionKey,
			extra: {
				N8N_PORT: String(await app.freePort()),
				N8N_LISTEN_ADDRESS: '127.0.0.1',
				...extraEnv,
				...startEnv,
			},
		});
		const { child, url } = await app.startN8n(handle.n8n, env, handle.startLogFile());
		handle.running.push(child);
		return { child, url, stop: () => app.stopN8n(child) };
	};

	/** Stops `running`, runs `whileDown` (n8n is down), starts n8n again on the same user folder. */
	handle.restart = async (running, whileDown) => {
		await running.stop();
		await whileDown?.();
		return handle.start();
	};

	/** Where `n8n start` writes its output, every start of the user folder appended. */
	handle.startLogFile = () => path.join(handle.userFolder, 'n8n-start.log');

	/** The owner, set up through n8n's REST API on the first call; later calls point it at `url`. */
	let owner;
	handle.ownerSession = async (url) => {
		if (owner) owner.rebase(url);
		else owner = await ownerSession(url);
		return owner;
	};

	handle.stopAll = () => Promise.all(handle.running.map((child) => app.stopN8n(child)));

	/**
	 * With n8n stopped (it writes its database on the way out): no access token in anything its CLI
	 * printed, nor in any file of the user folder's .n8n (database, logs, config).
	 */
	handle.expectNoTokenLeaked = async () => {
		await handle.stopAll();
		for (const [role, token] of Object.entries(handle.tokens())) {
			ensure(
				!handle.transcript.some((text) => text.includes(token)),
				`the ${role} token appears in n8n's command output`,
			);
			const files = app.filesContaining(path.join(handle.userFolder, '.n8n'), token);
			expectEqual(files, [], `files of the n8n user folder containing the ${role} token`);
		}
	};
	return handle;
}

module.exports = { NO_TOKEN_LEAKED, useApp };
