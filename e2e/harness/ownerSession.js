'use strict';
const { ensure } = require('../../scripts/lib/assertions');
const { OWNER } = require('../n8n-app');

/**
 * The owner set up through n8n's REST API, and requests made as the owner (session cookie and browser
 * ID); `rebase` points them at the same n8n started again (a new port, the same database).
 */
async function ownerSession(baseUrl) {
	const browserId = 'storydoc-e2e';
	let cookie = '';
	async function request(method, route, body) {
		const response = await fetch(`${baseUrl}${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': browserId,
				...(cookie ? { cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		ensure(response.ok, `${method} ${route} answered ${response.status}: ${text.slice(0, 500)}`);
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) cookie = setCookie.split(';')[0];
		try {
			return JSON.parse(text).data;
		} catch {
			throw new Error(
				`${method} ${route} answered ${response.status}, not JSON: ${text.slice(0, 500)}`,
			);
		}
	}
	await request('POST', '/rest/owner/setup', OWNER);
	return {
		request,
		rebase(url) {
			baseUrl = url;
		},
	};
}

module.exports = { ownerSession };
