'use strict';
/** GET /v2/analytics/events: the organization's raw view and click events, 1,000 a page. */
const { ApiError } = require('../http');
const { DAY_MS, endOfUtcDay, parseIsoUtc } = require('../dates');
const { eventsBetween } = require('../events');
const { mulberry32 } = require('../random');
const { findUser } = require('../model');

const MAX_RANGE_MS = 92 * DAY_MS;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A copy in an order drawn from `seed` (Fisher–Yates): the same for every page of one query. */
function shuffled(events, seed) {
	const next = mulberry32(seed);
	const copy = [...events];
	for (let index = copy.length - 1; index > 0; index--) {
		const other = Math.floor(next() * (index + 1));
		[copy[index], copy[other]] = [copy[other], copy[index]];
	}
	return copy;
}

/** `page` from the query: 1 when absent; otherwise digits only, at least 1. */
function pageNumber(text) {
	if (text === null) return 1;
	const page = /^\d+$/.test(text) ? Number(text) : NaN;
	if (!(Number.isSafeInteger(page) && page >= 1))
		throw new ApiError(400, { error: 'page must be an integer of at least 1' });
	return page;
}

/**
 * Validation runs in this order: plan (the revoked-token 400 comes earlier, from auth.js), dates,
 * range, userEmail format, page, story scope, then the userEmail lookup (404).
 *
 * Range: dateFrom is an inclusive instant; dateTo is inclusive through the end of its UTC day ("events
 * on the supplied day are returned"). The 92-day limit compares the two instants as sent.
 */
function queryEvents({ state, caller, query, pageSize }) {
	if (caller.plan !== 'team')
		throw new ApiError(403, { error: 'Analytics API is available on the Team plan only' });
	const fromMs = parseIsoUtc(query.get('dateFrom'));
	const toMs = parseIsoUtc(query.get('dateTo'));
	if (Number.isNaN(fromMs) || Number.isNaN(toMs)) {
		throw new ApiError(400, { error: 'dateFrom and dateTo are required (ISO 8601, ...)' });
	}
	if (toMs - fromMs > MAX_RANGE_MS)
		throw new ApiError(400, { error: 'Date range cannot exceed 3 months' });
	const userEmail = query.get('userEmail');
	if (userEmail !== null && !EMAIL.test(userEmail)) {
		throw new ApiError(400, { error: 'userEmail must be a valid email address' });
	}
	const page = pageNumber(query.get('page'));
	const storyId = query.get('storyId') ?? caller.storyId;
	if (caller.storyId && storyId !== caller.storyId)
		throw new ApiError(403, { error: 'Access denied' });
	const versionId = query.get('versionId');
	let versionIdsOfUser;
	if (userEmail !== null) {
		const user = findUser(state, userEmail);
		if (!user)
			throw new ApiError(404, { error: `userEmail ${userEmail} not found in this organization` });
		versionIdsOfUser = new Set(
			state.versions
				.filter((version) => version.senderEmail === user.email)
				.map((version) => version.id),
		);
	}

	let matching = eventsBetween(state.events, fromMs, endOfUtcDay(toMs));
	if (storyId !== null) matching = matching.filter((event) => event.storyId === storyId);
	if (versionId !== null) matching = matching.filter((event) => event.versionId === versionId);
	if (versionIdsOfUser)
		matching = matching.filter((event) => versionIdsOfUser.has(event.versionId));

	if (typeof state.eventOrder === 'number') matching = shuffled(matching, state.eventOrder);

	const total = matching.length;
	const totalPages = Math.ceil(total / pageSize);
	return {
		data: matching.slice((page - 1) * pageSize, page * pageSize),
		pagination: { page, pageSize, total, totalPages, hasMore: page < totalPages },
	};
}

module.exports = { queryEvents };
