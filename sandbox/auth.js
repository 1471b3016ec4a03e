'use strict';
/**
 * Bearer authentication. A token maps to an API key of the seed (sandbox/seed.js API_KEYS); the raw
 * token is compared here and dropped: only the key's name ever reaches the request log.
 */
const { ApiError } = require('./http');
const { API_KEYS, TOKENS } = require('./seed');

const NAME_BY_TOKEN = new Map(Object.entries(TOKENS).map(([name, token]) => [token, name]));

/**
 * Scheme names the log may record. Anything else is logged as 'unknown': a header without a scheme
 * starts with the token itself, which must never be stored.
 */
const KNOWN_SCHEMES = [
	'Bearer',
	'Basic',
	'Digest',
	'Negotiate',
	'NTLM',
	'OAuth',
	'Token',
	'ApiKey',
	'HOBA',
	'Mutual',
];

/**
 * What the Authorization header says, without keeping the token. "Bearer" with nothing after it (what
 * a client sends for an empty token) counts as a missing token, like no header at all.
 * @param {string | undefined} header
 * @returns {{ present: boolean, scheme: string | null, keyName: string | null }}
 */
function identify(header) {
	const [first, ...credentials] = String(header ?? '')
		.trim()
		.split(/\s+/)
		.filter(Boolean);
	if (first === undefined) return { present: false, scheme: null, keyName: null };
	const scheme =
		KNOWN_SCHEMES.find((known) => known.toLowerCase() === first.toLowerCase()) ?? 'unknown';
	if (scheme === 'Bearer' && credentials.length === 0)
		return { present: false, scheme, keyName: null };
	const keyName =
		(scheme === 'Bearer' && credentials.length === 1 && NAME_BY_TOKEN.get(credentials[0])) || null;
	return { present: true, scheme, keyName };
}

/**
 * The caller an API route works for, or the API's authentication error. Checked in the order a real
 * service would: a usable key, the organization, then the member who created the key.
 * @param {string} routeKey e.g. 'GET /v2/account'
 * @returns {{ keyName: string, plan: string, org: object, creator: object, storyId: string | null }}
 */
function authorize(identity, routeKey, state) {
	if (!identity.present) throw new ApiError(403, { error: 'Missing authorization token' });
	const key = identity.keyName && API_KEYS[identity.keyName];
	if (!key) throw accessDenied();
	if (key.revoked) {
		if (routeKey === 'GET /v2/analytics/events')
			throw new ApiError(400, { error: 'Token has been revoked' });
		throw accessDenied();
	}
	const org = state.orgs.find((candidate) => candidate.id === key.orgId);
	if (!org) {
		if (routeKey === 'GET /v2/account') throw new ApiError(404, { error: 'Account not found.' });
		throw accessDenied();
	}
	const creator = state.users.find((user) => user.email === key.creatorEmail);
	if (!creator) throw accessDenied();
	return { keyName: identity.keyName, plan: key.plan, org, creator, storyId: key.storyId ?? null };
}

const accessDenied = () => new ApiError(403, { error: 'Access denied' });

module.exports = { identify, authorize };
