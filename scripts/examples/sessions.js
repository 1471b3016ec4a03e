'use strict';
/**
 * Reading sessions counted by hand from the sandbox's events (not with the node's helper): what
 * Get Events › Summary per Reading Session must say. Used by the reading example's check and the
 * engine tests of the summary (test/nodes/Storydoc/actions/analytics/getEvents.reading.test.ts).
 */

const { DEFAULT_RULES, sessionLevelByHand } = require('./levels');

const slideOf = (event) => Number(/^view_slide_(\d+)$/.exec(event.eventName ?? '')?.[1] ?? NaN);
const instant = (event) => Date.parse(event.timestamp);

/** Code-point order, as the node breaks ties: not the locale's. */
const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The sessions of `events` (in any order), each its events in time order: per version, the events of
 * one sessionId, or of one reader without one, split where more than `gapMs` passed between two.
 * Oldest first (ties by version, reader and session ID, as the node lists them).
 */
function sessionsByHand(events, gapMs) {
	const groups = new Map();
	for (const event of [...events].sort((a, b) => instant(a) - instant(b))) {
		const key = event.sessionId
			? `session ${event.versionId} ${event.sessionId}`
			: `reader ${event.versionId} ${event.visitorId ?? ''}`;
		const runs = groups.get(key) ?? [[]];
		const current = runs[runs.length - 1];
		const last = current[current.length - 1];
		if (last && instant(event) - instant(last) > gapMs) runs.push([event]);
		else current.push(event);
		groups.set(key, runs);
	}
	const reader = (events) => earliest(events, 'visitorId') ?? '';
	return [...groups.values()]
		.flat()
		.sort(
			(a, b) =>
				instant(a[0]) - instant(b[0]) ||
				a[0].versionId.localeCompare(b[0].versionId) ||
				reader(a).localeCompare(reader(b)) ||
				(a[0].sessionId ?? '').localeCompare(b[0].sessionId ?? ''),
		);
}

/** A field from the earliest event (in time order) that has it; at one instant, the first value in code-point order. */
function earliest(events, field) {
	const having = events.filter((event) => typeof event[field] === 'string' && event[field] !== '');
	if (!having.length) return null;
	const first = instant(having[0]);
	return having
		.filter((event) => instant(event) === first)
		.map((event) => event[field])
		.sort(byText)[0];
}

/**
 * Each slide's whole seconds in one session (its events in time order), by hand: a view's time runs
 * to the next later event; of several slides viewed at one instant the highest gets it, the others 0;
 * views at the session's last instant are not timed.
 */
function slideSecondsByHand(events) {
	const instants = [...new Set(events.map(instant))];
	const ms = new Map();
	instants.forEach((at, index) => {
		if (index === instants.length - 1) return;
		const slides = [...new Set(events.filter((event) => instant(event) === at).map(slideOf))]
			.filter((slide) => !Number.isNaN(slide))
			.sort((a, b) => b - a);
		slides.forEach((slide, rank) =>
			ms.set(slide, (ms.get(slide) ?? 0) + (rank === 0 ? instants[index + 1] - at : 0)),
		);
	});
	return Object.fromEntries(
		[...ms]
			.sort(([a], [b]) => a - b)
			.map(([slide, spent]) => [String(slide), Math.floor(spent / 1000)]),
	);
}

/** A version's seconds per slide (its sessions' summed) and its up to three most read slides. */
function slidesOfVersion(sessions) {
	const seconds = {};
	for (const session of sessions)
		for (const [slide, spent] of Object.entries(slideSecondsByHand(session)))
			seconds[slide] = (seconds[slide] ?? 0) + spent;
	const secondsPerSlide = Object.fromEntries(
		Object.entries(seconds).sort(([a], [b]) => Number(a) - Number(b)),
	);
	const mostReadSlides = Object.entries(secondsPerSlide)
		.filter(([, spent]) => spent > 0)
		.sort(([a, x], [b, y]) => y - x || Number(a) - Number(b))
		.slice(0, 3)
		.map(([slide]) => Number(slide));
	return { secondsPerSlide, mostReadSlides };
}

/**
 * What one session's item must hold, from its events; `readerSession` counts in `sessions`' order.
 * With `readUntil` and `gapMs` (the end of the period read, and Session Ends After), every field of
 * the item, `mayBeOngoing` too. Each with its engagement level (`levelRules`: the README's defaults).
 * @param {object[][]} sessions
 * @param {{ readUntil?: number, gapMs?: number, levelRules?: typeof DEFAULT_RULES }} [options]
 */
function expectedSessions(sessions, { readUntil, gapMs, levelRules = DEFAULT_RULES } = {}) {
	const seen = new Map();
	return sessions.map((events) => {
		const first = events[0];
		const last = events[events.length - 1];
		const slides = [...new Set(events.map(slideOf).filter((n) => !Number.isNaN(n)))].sort(
			(a, b) => a - b,
		);
		const visitorId = earliest(events, 'visitorId');
		const reader = `${first.versionId} ${visitorId}`;
		if (visitorId !== null) seen.set(reader, (seen.get(reader) ?? 0) + 1);
		const clicks = events.filter((event) => event.eventCategory === 'click');
		// In the order first clicked; clicks at one instant in code-point order of their names.
		const actions = clicks
			.filter((event) => event.eventName)
			.sort((a, b) => instant(a) - instant(b) || byText(a.eventName, b.eventName))
			.map((event) => event.eventName);
		const every =
			readUntil === undefined
				? {}
				: {
						storyId: first.storyId,
						storyTitle: earliest(events, 'storyTitle'),
						prospectPosition: earliest(events, 'prospectPosition'),
						deviceTypeName: earliest(events, 'deviceTypeName'),
						mayBeOngoing: readUntil - instant(last) < gapMs,
					};
		const item = {
			...every,
			versionId: first.versionId,
			versionTitle: earliest(events, 'versionTitle'),
			prospectName: earliest(events, 'prospectName'),
			prospectEmail: earliest(events, 'prospectEmail'),
			visitorId,
			sessionId: first.sessionId ?? null,
			startedAt: first.timestamp,
			lastEventAt: last.timestamp,
			// Floored: the span is a lower bound of the time read.
			readingSeconds: Math.floor((instant(last) - instant(first)) / 1000),
			views: events.length - clicks.length,
			clicks: clicks.length,
			slidesViewed: slides,
			deepestSlide: slides.length ? slides[slides.length - 1] : null,
			actionsClicked: [...new Set(actions)],
			actionClicks: Object.fromEntries(
				[...new Set(actions)].map((name) => [name, actions.filter((a) => a === name).length]),
			),
			secondsPerSlide: slideSecondsByHand(events),
			deviceType: earliest(events, 'deviceType'),
			locationCity: earliest(events, 'locationCity'),
			readerSession: visitorId === null ? null : seen.get(reader),
			returningReader: visitorId === null ? null : seen.get(reader) > 1,
		};
		return { ...item, ...sessionLevelByHand(item, levelRules) };
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

module.exports = { expectedSessions, noteFor, sessionsByHand, slideOf, slidesOfVersion };
