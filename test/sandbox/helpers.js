'use strict';
/** Starts a sandbox per test file and talks to it over real HTTP with Node's global fetch. */
const { createSandbox } = require('../../sandbox/server');

/**
 * Call at the top of a test file. The returned handle is filled once the sandbox is up:
 * `sandbox`, `url`, and `call(path, { token, method, body, headers, rawBody })`.
 */
function useSandbox(options = {}) {
	const handle = {
		sandbox: undefined,
		url: undefined,
		/**
		 * One API request. `token` is a token NAME of the seed ('team' by default), or `null` to send no
		 * Authorization header; `headers` override anything. A JSON `body` is sent as application/json.
		 */
		async call(path, { token = 'team', method, body, rawBody, headers = {} } = {}) {
			const sent = {};
			if (token !== null) sent.authorization = `Bearer ${handle.sandbox.tokens[token] ?? token}`;
			if (body !== undefined) sent['content-type'] = 'application/json';
			const response = await fetch(`${handle.url}${path}`, {
				method: method ?? (body !== undefined || rawBody !== undefined ? 'POST' : 'GET'),
				headers: { ...sent, ...headers },
				body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
			});
			const text = await response.text();
			let parsed;
			try {
				parsed = JSON.parse(text);
			} catch {
				parsed = text;
			}
			return { status: response.status, headers: response.headers, body: parsed, text };
		},
	};
	beforeAll(async () => {
		handle.sandbox = createSandbox(options);
		handle.url = await handle.sandbox.start();
	});
	afterAll(async () => {
		await handle.sandbox?.close();
	});
	return handle;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const OBJECT_ID = /^[0-9a-f]{24}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

module.exports = { useSandbox, ISO_DATE_TIME, OBJECT_ID, UUID };
