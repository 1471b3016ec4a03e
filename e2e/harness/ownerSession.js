'use strict';
const { ensure } = require('../../scripts/lib/assertions');
const { OWNER } = require('../n8n-app');

/**
 * Requests made as n8n's owner (session cookie and browser ID), signed in through n8n's REST API;
 * `rebase` points them at the same n8n started again (a new port, the same database). The owner is in
 * the database from the start (./ownerDatabase.js); a user folder without it gets it set up here.
 *
 * A request answered 401 (the session signed out, or the owner gone) signs in again once, as the
 * editor sends its user to sign in, saying so in the test's output (`tokenRotation` checks both).
 */
async function ownerSession(baseUrl) {
	const browserId = 'storydoc-e2e';
	let cookie = '';
	async function send(method, route, body) {
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
		const setCookie = response.headers.get('set-cookie');
		if (response.ok && setCookie) cookie = setCookie.split(';')[0];
		return { response, text };
	}
	async function request(method, route, body) {
		let { response, text } = await send(method, route, body);
		if (response.status === 401 && cookie) {
			console.log(`e2e: n8n answered 401 to the owner's ${method} ${route}; signing in again`);
			await signIn();
			({ response, text } = await send(method, route, body));
		}
		ensure(response.ok, `${method} ${route} answered ${response.status}: ${text.slice(0, 500)}`);
		try {
			return JSON.parse(text).data;
		} catch {
			throw new Error(
				`${method} ${route} answered ${response.status}, not JSON: ${text.slice(0, 500)}`,
			);
		}
	}
	/** After a refused sign-in: n8n with no owner sets it up (and it is said); one with another fails. */
	async function setUpAgain(login) {
		const setup = await send('POST', '/rest/owner/setup', OWNER);
		ensure(
			setup.response.ok,
			`signing in again answered ${login.response.status}: ${login.text.slice(0, 300)}; setting the owner up again answered ${setup.response.status}: ${setup.text.slice(0, 300)}`,
		);
		console.log(
			`e2e: n8n refused the owner's password (${login.response.status}) and had no owner: set up again`,
		);
	}
	async function signIn() {
		const login = await send('POST', '/rest/login', {
			emailOrLdapLoginId: OWNER.email,
			password: OWNER.password,
		});
		if (!login.response.ok) await setUpAgain(login);
	}
	await signIn();
	return {
		request,
		/** A request with the owner's cookie whose answer is not n8n's REST shape (a webhook's): `{ status, text }`. */
		async send(method, route, body) {
			const { response, text } = await send(method, route, body);
			return { status: response.status, text };
		},
		rebase(url) {
			baseUrl = url;
		},
	};
}

module.exports = { ownerSession };
