'use strict';
/** Starts the project's API sandbox on a free 127.0.0.1 port for one test file. */
const { createSandbox } = require('../../sandbox/server');
const { credentialsFor } = require('./n8n');

/**
 * Call at the top of a test file: starts before the tests, stops after them.
 * Returns a live object whose fields are filled in once the sandbox is up:
 * `sandbox` (the server object), `url`, `credentials(tokenName = 'team')`.
 */
function useSandbox(options = {}) {
	const handle = {
		sandbox: undefined,
		url: undefined,
		credentials(tokenName = 'team') {
			return credentialsFor({ baseUrl: handle.url, token: handle.sandbox.tokens[tokenName] });
		},
	};
	beforeAll(async () => {
		handle.sandbox = createSandbox(options);
		handle.url = await handle.sandbox.start(0, '127.0.0.1');
	});
	afterAll(async () => {
		if (handle.sandbox) await handle.sandbox.close();
	});
	return handle;
}

module.exports = { useSandbox };
