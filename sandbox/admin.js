'use strict';
/**
 * Admin endpoints under /__sandbox/, for tests that drive the sandbox from another process (the real
 * n8n app end to end). No authentication; not logged; not rate limited.
 *
 *   GET    /__sandbox/log                   the request log (array, oldest first)
 *   DELETE /__sandbox/log                   clear it
 *   GET    /__sandbox/state/<collection>    account | orgs | users | folders | stories | versions | events
 *   POST   /__sandbox/reset                 back to the seed (log, faults and rate-limit windows cleared)
 *   POST   /__sandbox/faults                body: one fault rule (see faults.js)
 *   DELETE /__sandbox/faults                clear every rule
 *   POST   /__sandbox/events                body: array of partial events; answers the completed events
 *   POST   /__sandbox/event-order           body: { "shuffleSeed": number | null } (null: oldest first)
 */

const COLLECTIONS = ['orgs', 'users', 'folders', 'stories', 'versions', 'events'];

/**
 * @param {object} sandbox the object createSandbox returns
 * @returns {{ status: number, body?: unknown }}
 */
function handleAdmin(sandbox, method, pathname, rawBody) {
	const path = pathname.replace(/^\/__sandbox\/?/, '').replace(/\/+$/, '');
	const actions = {
		'GET log': () => sandbox.log,
		'DELETE log': () => sandbox.clearLog(),
		'POST reset': () => sandbox.reset(),
		'POST faults': () => {
			sandbox.setFault(parse(rawBody));
		},
		'DELETE faults': () => sandbox.clearFaults(),
		'POST faults/release': () => sandbox.releaseHeld(),
		'POST events': () => sandbox.addEvents(parse(rawBody)),
		'POST event-order': () => {
			sandbox.setEventOrder(parse(rawBody).shuffleSeed ?? null);
		},
	};
	const action = actions[`${method} ${path}`];
	try {
		if (action) {
			const body = action();
			return body === undefined ? { status: 204 } : { status: 200, body };
		}
		if (method === 'GET' && path.startsWith('state/'))
			return stateCollection(sandbox.state, path.slice('state/'.length));
		return { status: 404, body: { error: 'Not found' } };
	} catch (error) {
		// Bad admin input (unparseable JSON, an unknown fault type, …) is the caller's mistake: 400.
		if (error instanceof SyntaxError || error instanceof TypeError)
			return { status: 400, body: { error: error.message } };
		throw error;
	}
}

function parse(rawBody) {
	try {
		return JSON.parse(rawBody);
	} catch {
		throw new SyntaxError('the body must be JSON');
	}
}

function stateCollection(state, name) {
	if (name === 'account') {
		const [org] = state.orgs;
		return { status: 200, body: { orgId: org.id, title: org.title } };
	}
	if (COLLECTIONS.includes(name)) return { status: 200, body: state[name] };
	return {
		status: 404,
		body: { error: `no collection "${name}"; try account, ${COLLECTIONS.join(', ')}` },
	};
}

module.exports = { handleAdmin };
