'use strict';
/**
 * Deterministic faults, per route (and, when a rule names one, per API key: `token` is the key's
 * name, so one workflow's requests can fail while another's go through; and per request body:
 * `bodyIncludes` places a fault on one item of a batch whatever order its requests arrive in). A rule lets `after`
 * matching requests through, then faults the next `times` (Infinity allowed) and is spent. Rules are checked in the order they were set; a request is
 * counted by each rule it reaches, and the first rule that fires takes it (later rules do not see it).
 */

const ROUTES = [
	'POST /v2/versions',
	'POST /v2/versions/:id',
	'GET /v2/versions/:id',
	'GET /v2/stories',
	'POST /v2/stories/generate',
	'GET /v2/stories/:id',
	'GET /v2/account',
	'GET /v2/analytics/events',
	'*',
];

const TYPES = [
	'status500',
	'status502',
	'status503',
	'invalidJson',
	'status429',
	'revoked',
	'resetBefore',
	'resetAfter',
	'hang',
	'slow',
];

/**
 * Checks and normalizes a rule; throws a TypeError naming what is wrong. Over HTTP (JSON has no
 * Infinity) `times` may also be the string "Infinity" or null.
 */
function normalizeRule(rule) {
	if (!rule || typeof rule !== 'object') throw new TypeError('a fault rule must be an object');
	const { route, type } = rule;
	if (!ROUTES.includes(route))
		throw new TypeError(`fault route must be one of: ${ROUTES.join(', ')}`);
	if (!TYPES.includes(type)) throw new TypeError(`fault type must be one of: ${TYPES.join(', ')}`);
	const times =
		rule.times === undefined
			? 1
			: rule.times === null || rule.times === 'Infinity'
				? Infinity
				: rule.times;
	const after = rule.after ?? 0;
	if (!(times === Infinity || (Number.isInteger(times) && times >= 1))) {
		throw new TypeError('fault times must be an integer >= 1 or Infinity');
	}
	if (!(Number.isInteger(after) && after >= 0))
		throw new TypeError('fault after must be an integer >= 0');
	const delayMs = rule.delayMs ?? 0;
	if (type === 'slow' && !(Number.isFinite(delayMs) && delayMs >= 0))
		throw new TypeError('slow faults need delayMs >= 0');
	const token = rule.token ?? null;
	if (token !== null && typeof token !== 'string')
		throw new TypeError('fault token must be the name of a key');
	const holdUntil = rule.holdUntil ?? null;
	if (holdUntil !== null && !(Number.isInteger(holdUntil) && holdUntil >= 1))
		throw new TypeError('fault holdUntil must be an integer >= 1');
	const held = rule.held === true;
	if (held && holdUntil !== null)
		throw new TypeError('a fault is either held or holdUntil, not both');
	const bodyIncludes = rule.bodyIncludes ?? null;
	if (bodyIncludes !== null && !(typeof bodyIncludes === 'string' && bodyIncludes.length > 0))
		throw new TypeError('fault bodyIncludes must be a non-empty string');
	return {
		route,
		type,
		times,
		after,
		processed: rule.processed === true,
		html: rule.html === true,
		delayMs,
		token,
		bodyIncludes,
		holdUntil,
		held,
	};
}

function createFaults() {
	/** @type {Array<ReturnType<typeof normalizeRule> & { seen: number, fired: number }>} */
	let rules = [];
	return {
		/** @returns the rule as stored (normalized) */
		set(rule) {
			const normalized = normalizeRule(rule);
			rules.push({ ...normalized, seen: 0, fired: 0 });
			return normalized;
		},
		clear() {
			rules = [];
		},
		/**
		 * The fault for this request, if any.
		 * @param {string | null} routeKey the matched API route, null for unknown paths (only '*' matches)
		 * @param {string | null} [keyName] the name of the request's API key, null when none matched
		 * @param {string} [rawBody] the request's body as sent
		 */
		take(routeKey, keyName = null, rawBody = '') {
			for (const rule of rules) {
				if (rule.route !== '*' && rule.route !== routeKey) continue;
				if (rule.token !== null && rule.token !== keyName) continue;
				if (rule.bodyIncludes !== null && !rawBody.includes(rule.bodyIncludes)) continue;
				if (rule.fired >= rule.times) continue;
				rule.seen += 1;
				if (rule.seen > rule.after) {
					rule.fired += 1;
					return rule;
				}
			}
			return undefined;
		},
	};
}

module.exports = { createFaults };
