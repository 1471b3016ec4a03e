'use strict';
/**
 * The engagement summary per version: the node's items reduced to what can be computed here, and
 * what they must be, computed from the sandbox's own events. Used by the engagement example's check
 * and the MCP scenario (e2e/scenarios/mcp.test.js).
 */

/** Summary per Version items reduced to what `expectedSummaries` computes, in its order. */
function comparableSummaries(summaries) {
	return summaries
		.map(
			({ versionId, views, clicks, uniqueVisitors, firstEventAt, lastEventAt, prospectEmail }) => ({
				versionId,
				views,
				clicks,
				uniqueVisitors,
				firstEventAt,
				lastEventAt,
				prospectEmail,
			}),
		)
		.sort((a, b) => a.versionId.localeCompare(b.versionId));
}

/**
 * What "Summary per Version" must say, computed here from the sandbox's own events (not with the
 * node's helper): per version, views, clicks, distinct visitors, first and last event, and the
 * prospect's email from the latest event that has one.
 */
function expectedSummaries(events) {
	const byVersion = new Map();
	for (const event of events) {
		const tally = byVersion.get(event.versionId) ?? {
			versionId: event.versionId,
			views: 0,
			clicks: 0,
			visitors: new Set(),
			events: [],
		};
		if (event.eventCategory === 'view') tally.views++;
		if (event.eventCategory === 'click') tally.clicks++;
		if (event.visitorId) tally.visitors.add(event.visitorId);
		tally.events.push(event);
		byVersion.set(event.versionId, tally);
	}
	return [...byVersion.values()]
		.map(({ versionId, views, clicks, visitors, events: own }) => {
			const times = own.map((event) => event.timestamp).sort();
			const withEmail = own
				.filter((event) => event.prospectEmail)
				.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
			return {
				versionId,
				views,
				clicks,
				uniqueVisitors: visitors.size,
				firstEventAt: times[0],
				lastEventAt: times[times.length - 1],
				prospectEmail: withEmail.length ? withEmail[withEmail.length - 1].prospectEmail : null,
			};
		})
		.sort((a, b) => a.versionId.localeCompare(b.versionId));
}

module.exports = { comparableSummaries, expectedSummaries };
