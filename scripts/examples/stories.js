'use strict';
/**
 * Summary per Story counted by hand from Summary per Reading Session's items (not with the node's
 * helper): what Get Events › Summary per Story must say. Written apart from
 * nodes/engagement/storySummary.ts, by filtering and counting the session items for each figure.
 */

const { expectedSessions, sessionsByHand } = require('./sessions');

const share = (part, whole) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);
const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const distinct = (values) => [...new Set(values)];

/** One formatter per time zone: making one costs far more than formatting with it. */
const formats = new Map();

/** `YYYY-MM-DD` of an instant in a time zone, from the parts Intl gives. */
function localDay(instant, timeZone) {
	if (!formats.has(timeZone)) {
		const options = { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' };
		formats.set(timeZone, new Intl.DateTimeFormat('en-US', options));
	}
	const parts = formats.get(timeZone).formatToParts(new Date(instant));
	const part = (type) => parts.find((p) => p.type === type).value.padStart(2, '0');
	return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Every local day from the period's first to its last, walking hour by hour. */
function periodDays(from, to, timeZone) {
	const days = [];
	for (let at = from; ; at = Math.min(at + 3_600_000, to)) {
		const day = localDay(at, timeZone);
		if (days[days.length - 1] !== day) days.push(day);
		if (at === to) return days;
	}
}

/** Each session's reader: its visitor ID, or the session itself when it has none. */
const readerKeys = (sessions) => sessions.map((session, index) => session.visitorId ?? `#${index}`);

/** Counts of distinct readers per name, most first, ties in code-point order; null names left out. */
function readersPer(sessions, keys, nameOf, label) {
	const names = distinct(sessions.map(nameOf).filter((name) => name !== null));
	return names
		.map((name) => ({
			[label]: name,
			readers: distinct(keys.filter((_, i) => nameOf(sessions[i]) === name)).length,
		}))
		.sort((a, b) => b.readers - a.readers || byText(a[label], b[label]));
}

/** Each slide's reach from 1 to the last, by hand. */
function slidesByHand(sessions, keys, { last, readers, reaching }) {
	const slides = [];
	for (let slide = 1; last !== null && slide <= last; slide++) {
		const viewers = distinct(keys.filter((_, i) => sessions[i].slidesViewed.includes(slide)));
		const seconds = sessions.reduce((sum, s) => sum + (s.secondsPerSlide[String(slide)] ?? 0), 0);
		slides.push({
			slide,
			readersReached: reaching(slide),
			shareOfOpeners: share(reaching(slide), readers.length),
			dropFromPrevious: (slide === 1 ? readers.length : reaching(slide - 1)) - reaching(slide),
			readersViewed: viewers.length,
			averageSeconds: viewers.length ? Math.floor(seconds / viewers.length) : 0,
		});
	}
	return slides;
}

/** The Monday on or before a `YYYY-MM-DD` day, stepping back a day at a time. */
function mondayOf(day) {
	const date = new Date(`${day}T12:00:00Z`);
	while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() - 1);
	return date.toISOString().slice(0, 10);
}

/** Each week the period touches (from its Monday): sessions begun in it, readers, completion. */
function weeksByHand(sessions, keys, { last, days, dayOf }) {
	return distinct(days.map(mondayOf)).map((weekFrom) => {
		const inWeek = sessions.map((s) => mondayOf(dayOf(s)) === weekFrom);
		const readers = distinct(keys.filter((_, i) => inWeek[i]));
		const completed = readers.filter((reader) =>
			sessions.some(
				(s, i) => inWeek[i] && keys[i] === reader && last !== null && (s.deepestSlide ?? 0) >= last,
			),
		);
		return {
			weekFrom,
			readingSessions: inWeek.filter(Boolean).length,
			readers: readers.length,
			completionRate: share(completed.length, readers.length),
		};
	});
}

function storyByHand(sessions, { lastSlide, timeZone, from, to }) {
	const keys = readerKeys(sessions);
	const readers = distinct(keys);
	const deepestOf = (reader) =>
		Math.max(0, ...sessions.filter((_, i) => keys[i] === reader).map((s) => s.deepestSlide ?? 0));
	const deepestReached = Math.max(0, ...readers.map(deepestOf)) || null;
	const last = lastSlide ?? deepestReached;
	const reaching = (slide) => readers.filter((reader) => deepestOf(reader) >= slide).length;
	const engaged = distinct(
		keys.filter((_, i) => {
			const s = sessions[i];
			return s.clicks > 0 || s.slidesViewed.length > 1 || s.readingSeconds >= 10;
		}),
	).length;
	const bounced = sessions.filter((s) => s.clicks === 0 && (s.deepestSlide ?? 0) <= 1).length;
	const total = sessions.reduce((sum, s) => sum + s.readingSeconds, 0);
	const slides = slidesByHand(sessions, keys, { last, readers, reaching });
	const dayOf = (s) => localDay(Date.parse(s.startedAt), timeZone);
	const days = periodDays(from, to, timeZone);
	const actionNames = distinct(sessions.flatMap((s) => Object.keys(s.actionClicks)));
	const versionIds = distinct(sessions.map((s) => s.versionId));
	return {
		storyId: sessions[0].storyId,
		storyTitle: sessions.find((s) => s.storyTitle !== null)?.storyTitle ?? null,
		periodFrom: new Date(from).toISOString(),
		periodTo: new Date(to).toISOString(),
		timeZone,
		readers: readers.length,
		readersWithoutId: sessions.filter((s) => s.visitorId === null).length,
		readingSessions: sessions.length,
		engagedReaders: engaged,
		engagedReadersRate: share(engaged, readers.length),
		totalReadingSeconds: total,
		averageReadingSeconds: Math.floor(total / sessions.length),
		bouncedSessions: bounced,
		bounceRate: share(bounced, sessions.length),
		lastSlide: last,
		lastSlideFrom: lastSlide === undefined ? 'deepestReached' : 'option',
		deepestSlideReached: deepestReached,
		funnel: {
			opened: readers.length,
			startedScrolling: reaching(2),
			completed: last === null ? 0 : reaching(last),
			startedScrollingRate: share(reaching(2), readers.length),
			completionRate: share(last === null ? 0 : reaching(last), readers.length),
		},
		slides,
		devices: readersPer(sessions, keys, (s) => s.deviceType, 'deviceType'),
		cities: readersPer(sessions, keys, (s) => s.locationCity, 'city'),
		days: days.map((date) => ({
			date,
			readingSessions: sessions.filter((s) => dayOf(s) === date).length,
			readers: distinct(keys.filter((_, i) => dayOf(sessions[i]) === date)).length,
		})),
		weeks: weeksByHand(sessions, keys, { last, days, dayOf }),
		actions: actionNames
			.map((action) => ({
				action,
				readers: distinct(keys.filter((_, i) => action in sessions[i].actionClicks)).length,
				clicks: sessions.reduce((sum, s) => sum + (s.actionClicks[action] ?? 0), 0),
			}))
			.sort((a, b) => b.readers - a.readers || b.clicks - a.clicks || byText(a.action, b.action)),
		versions: versionIds
			.map((versionId) => {
				const mine = sessions.filter((s) => s.versionId === versionId);
				return {
					versionId,
					versionTitle: mine.find((s) => s.versionTitle !== null)?.versionTitle ?? null,
					readers: distinct(keys.filter((_, i) => sessions[i].versionId === versionId)).length,
					readingSessions: mine.length,
				};
			})
			.sort((a, b) => b.readers - a.readers || byText(a.versionId, b.versionId)),
	};
}

/**
 * What Summary per Story must output for these session items (Summary per Reading Session's, oldest
 * first): one item per story, most readers first (ties by story ID).
 * @param {{ lastSlide?: number, timeZone: string, from: number, to: number }} options
 */
function storiesByHand(sessionItems, options) {
	const storyIds = distinct(sessionItems.map((s) => s.storyId));
	return storyIds
		.map((storyId) =>
			storyByHand(
				sessionItems.filter((s) => s.storyId === storyId),
				options,
			),
		)
		.sort((a, b) => b.readers - a.readers || byText(a.storyId, b.storyId));
}

/**
 * Summary per Story of a period from the sandbox's raw events: those in the period made into
 * sessions by hand (scripts/examples/sessions.js), then counted as above.
 */
function storiesOfEvents(events, { from, to, timeZone, gapMs }) {
	const inPeriod = events.filter((event) => {
		const instant = Date.parse(event.timestamp);
		return instant >= from && instant <= to;
	});
	const sessions = expectedSessions(sessionsByHand(inPeriod, gapMs), { readUntil: to, gapMs });
	return storiesByHand(sessions, { timeZone, from, to });
}

/** The first of a story's slides that lose the most readers, or `{ slide: null }` when none loses any. */
const slideLosingMost = (story) =>
	story.slides.reduce(
		(most, slide) => (slide.dropFromPrevious > most.dropFromPrevious ? slide : most),
		{ slide: null, dropFromPrevious: 0 },
	);

module.exports = { localDay, slideLosingMost, storiesByHand, storiesOfEvents };
