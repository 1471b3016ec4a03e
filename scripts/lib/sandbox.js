'use strict';
/**
 * The API sandbox for the scripts and the real-app runs: started in this process (the one way they
 * start one), and its client for another process's view: the admin endpoints (/__sandbox/…) and
 * the API itself.
 */

/** Starts the project's API sandbox (sandbox/server.js) on 127.0.0.1 in this process (port 0: a free one). */
async function startSandbox({ port = 0, ...options } = {}) {
	const { createSandbox } = require('../../sandbox/server');
	const sandbox = createSandbox(options);
	const url = String(await sandbox.start(port, '127.0.0.1')).replace(/\/+$/, '');
	return { sandbox, url };
}

/**
 * The sandbox's admin endpoints (/__sandbox/…): its record of requests and its state; `api` reads the
 * API itself with `token` (after a run, to see what a user would see).
 */
function sandboxClient(url, token) {
	const call = async (method, adminPath) => {
		const response = await fetch(`${url}/__sandbox/${adminPath}`, { method });
		const text = await response.text();
		if (!response.ok)
			throw new Error(
				`sandbox ${method} /__sandbox/${adminPath} answered ${response.status}: ${text}`,
			);
		return text ? JSON.parse(text) : undefined;
	};
	return {
		reset: () => call('POST', 'reset'),
		/** The API requests it received since the last reset, oldest first: { method, path, status, … }. */
		async requests() {
			const log = await call('GET', 'log');
			const entries = Array.isArray(log) ? log : (log.entries ?? log.requests ?? log.log ?? []);
			return entries
				.map((entry) => ({
					...entry,
					path: String(entry.path ?? entry.url ?? '').split('?')[0],
					status: entry.status ?? entry.statusCode,
				}))
				.filter((entry) => entry.path.startsWith('/v2/'));
		},
		state: (collection) => call('GET', `state/${collection}`),
		async api(apiPath) {
			const response = await fetch(`${url}${apiPath}`, {
				headers: { authorization: `Bearer ${token}` },
			});
			const body = await response.json();
			if (!response.ok)
				throw new Error(
					`sandbox GET ${apiPath} answered ${response.status}: ${JSON.stringify(body)}`,
				);
			return body;
		},
	};
}

module.exports = { sandboxClient, startSandbox };
