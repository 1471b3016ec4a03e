'use strict';
/**
 * The API's route table. A route's `key` is how faults and the log name it. Paths outside this table
 * (including operations whose shape neither the spec nor Storydoc's reference shows: GET /v2/versions,
 * GET /v2/stories/{storyId}/variables) answer 404 `Not found`. `limit` names the rate limit a route
 * counts against: the version endpoints' (per IP) or generation's (per organization).
 */
const { getAccount } = require('./account');
const { queryEvents } = require('./analytics');
const { generateStory } = require('./generate');
const { getStory, listStories } = require('./stories');
const { createVersion, getVersion, updateVersion } = require('./versions');

const ROUTES = [
	{ key: 'GET /v2/account', handler: getAccount },
	{ key: 'GET /v2/stories', handler: listStories },
	{ key: 'POST /v2/stories/generate', handler: generateStory, generateEndpoint: true },
	{ key: 'GET /v2/stories/:id', handler: getStory },
	{ key: 'POST /v2/versions', handler: createVersion, versionEndpoint: true },
	{ key: 'POST /v2/versions/:id', handler: updateVersion, versionEndpoint: true },
	{ key: 'GET /v2/versions/:id', handler: getVersion, versionEndpoint: true },
	{ key: 'GET /v2/analytics/events', handler: queryEvents },
].map((route) => {
	const [method, pattern] = route.key.split(' ');
	return {
		versionEndpoint: false,
		generateEndpoint: false,
		...route,
		method,
		segments: pattern.split('/').slice(1),
	};
});

function decodeSegment(segment) {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/**
 * @param {string} method
 * @param {string} pathname raw (still percent-encoded) path; `/v2/stories/` matches with an empty id
 * @returns {{ route: (typeof ROUTES)[number], params: Record<string, string> } | null}
 */
function matchRoute(method, pathname) {
	const parts = pathname.split('/').slice(1);
	for (const route of ROUTES) {
		if (route.method !== method || route.segments.length !== parts.length) continue;
		const params = {};
		const matches = route.segments.every((segment, index) => {
			if (segment.startsWith(':')) {
				params[segment.slice(1)] = decodeSegment(parts[index]);
				return true;
			}
			return segment === parts[index];
		});
		if (matches) return { route, params };
	}
	return null;
}

module.exports = { matchRoute };
