'use strict';
/**
 * Reading sessions counted by hand from the sandbox's events (not with the node's helper): what
 * Get Events › Summary per Reading Session must say. Used by the reading example's check and the
 * engine tests of the summary (test/nodes/Storydoc/actions/analytics/getEvents.reading.test.ts).
 */

const slideOf = (event) => Number(/^view_slide_(\d+)$/.exec(event.eventName ?? '')?.[1] ?? NaN);
const instant = (event) => Date.parse(event.timestamp);

/**
 * The sessions of `events` (in the API's order), each its events in order: one per sessionId and
 * version; a reader's events without one, split where more than `gapMs` passed. Oldest first.
 */
function sessionsByHand(events, gapMs) {
	const groups = new Map();
	for (const event of events) {
		const key = event.sessionId
			? `session ${event.versionId} ${event.sessionId}`
			: `reader ${event.versionId} ${event.visitorId}`;
		const runs = groups.get(key) ?? [[]];
		const current = runs[runs.length - 1];
		const last = current[current.length - 1];
		if (!event.sessionId && last && instant(event) - instant(last) > gapMs) runs.push([event]);
		else current.push(event);
		groups.set(key, runs);
	}
	return [...groups.values()].flat().sort((a, b) => instant(a[0]) - instant(b[0]));
}

/** What one session's item must hold, from its events; `readerSession` counts in `sessions`' order. */
function expectedSessions(sessions) {
	const seen = new Map();
	return sessions.map((events) => {
		const first = events[0];
		const last = events[events.length - 1];
		const slides = [...new Set(events.map(slideOf).filter((n) => !Number.isNaN(n)))].sort(
			(a, b) => a - b,
		);
		const reader = `${first.versionId} ${first.visitorId}`;
		seen.set(reader, (seen.get(reader) ?? 0) + 1);
		const clicks = events.filter((event) => event.eventCategory === 'click');
		return {
			versionId: first.versionId,
			versionTitle: first.versionTitle,
			prospectName: first.prospectName,
			prospectEmail: first.prospectEmail,
			visitorId: first.visitorId,
			sessionId: first.sessionId,
			startedAt: first.timestamp,
			lastEventAt: last.timestamp,
			readingSeconds: Math.round((instant(last) - instant(first)) / 1000),
			views: events.length - clicks.length,
			clicks: clicks.length,
			slidesViewed: slides,
			deepestSlide: slides.length ? slides[slides.length - 1] : null,
			actionsClicked: [...new Set(clicks.map((event) => event.eventName))],
			deviceType: first.deviceType,
			locationCity: first.locationCity,
			readerSession: seen.get(reader),
			returningReader: seen.get(reader) > 1,
		};
	});
}

/**
 * The note the reading examples' Edit Fields node writes for a session, written out here by hand (the
 * trigger's sessions leave `returningReader` null, so their notes never say it).
 */
function noteFor(session) {
	const parts = [
		`${session.prospectName || 'Someone'} read "${session.versionTitle}" for ${session.readingSeconds < 60 ? 'under a minute' : `at least ${Math.floor(session.readingSeconds / 60)} min`}`,
	];
	if (session.deepestSlide) parts.push(`, up to slide ${session.deepestSlide}`);
	if (session.returningReader) parts.push(`, coming back (visit ${session.readerSession})`);
	if (session.clicks) parts.push(`, and clicked ${session.actionsClicked.join(', ')}`);
	return `${parts.join('')}.`;
}

module.exports = { expectedSessions, noteFor, sessionsByHand, slideOf };
