/**
 * Unit tests of reading sessions from events: the slide number of a view's name, and, as a property
 * over generated visits, that the sessions do not depend on the order events arrive in (pages come
 * back in any order, and the API lists events sharing a timestamp in its own order).
 */
import fc from 'fast-check';

import type { AnalyticsEvent } from '../../../../nodes/Storydoc/helpers/interfaces';
import {
	type ReadingSession,
	ReadingSessions,
	readingByVersion,
	slideNumber,
} from '../../../../nodes/Storydoc/helpers/readingSessions';

const SEED = 40;
const START = Date.parse('2026-05-01T09:00:00.000Z');
const MINUTE = 60_000;

test.each<[unknown, number | undefined]>([
	['view_slide_3', 3],
	['view_slide_12', 12],
	['view_slide_', undefined],
	['Slide view: Pricing', undefined],
	['click_slide_3', undefined],
	[null, undefined],
])('slideNumber(%j) is %j', (name, expected) => expect(slideNumber(name)).toBe(expected));

interface Row {
	minute: number;
	version: string;
	visitor: string | null;
	session: string | null;
	click: boolean;
	slide: number;
}

/**
 * Events of a few readers on two versions: some with a sessionId (each session one reader's, as in
 * Storydoc), some without, ties on purpose.
 */
const eventsArbitrary: fc.Arbitrary<Row[]> = fc.array(
	fc.record({
		minute: fc.integer({ min: 0, max: 300 }),
		version: fc.constantFrom('v1', 'v2'),
		visitor: fc.constantFrom('vis_a', 'vis_b', null),
		session: fc.constantFrom('s1', 's2', null),
		click: fc.boolean(),
		slide: fc.integer({ min: 1, max: 9 }),
	}),
	{ minLength: 1, maxLength: 40 },
);

const SESSION_READER: Record<string, string> = { s1: 'vis_a', s2: 'vis_b' };

function toEvents(rows: Row[]): AnalyticsEvent[] {
	return rows.map((row, index) => ({
		eventId: `e${index}`,
		timestamp: new Date(START + row.minute * MINUTE).toISOString(),
		storyId: 'story',
		versionId: row.version,
		visitorId: row.session ? SESSION_READER[row.session] : row.visitor,
		sessionId: row.session,
		eventCategory: row.click ? 'click' : 'view',
		eventName: row.click ? `CTA ${row.slide}` : `view_slide_${row.slide}`,
	}));
}

function readingSessionsOf(events: AnalyticsEvent[]) {
	const sessions = new ReadingSessions(30 * MINUTE);
	for (const event of events) sessions.add(event);
	return sessions;
}

const sessionsOf = (events: AnalyticsEvent[]) =>
	readingSessionsOf(events).results(START + 400 * MINUTE);

/** A version's reading as its session items tell it (Summary per Reading Session's output). */
function readingFromItems(sessions: ReadingSession[]) {
	const readers = (keep: (session: ReadingSession) => boolean) =>
		new Set(sessions.filter((s) => s.visitorId !== null && keep(s)).map((s) => s.visitorId)).size;
	const totalReadingSeconds = sessions.reduce((sum, session) => sum + session.readingSeconds, 0);
	const deepest = sessions.flatMap((session) => session.slidesViewed);
	let lastRead: ReadingSession | undefined;
	for (const session of sessions.filter((candidate) => candidate.visitorId !== null))
		if (!lastRead || Date.parse(session.lastEventAt) >= Date.parse(lastRead.lastEventAt))
			lastRead = session;
	return {
		readingSessions: sessions.length,
		returningReaders: readers((session) => session.returningReader === true),
		readersWhoClicked: readers((session) => session.clicks > 0),
		totalReadingSeconds,
		averageReadingSeconds: Math.round(totalReadingSeconds / sessions.length),
		deepestSlide: deepest.length ? Math.max(...deepest) : null,
		lastReaderVisitorId: lastRead?.visitorId ?? null,
	};
}

/** What must not depend on the order: everything but the order of `actionsClicked` (first seen). */
const comparable = (events: AnalyticsEvent[]) =>
	sessionsOf(events).map((session) => ({
		...session,
		actionsClicked: [...session.actionsClicked].sort(),
	}));

test(`the sessions are the same whatever order the events arrive in (seed ${SEED})`, () => {
	fc.assert(
		fc.property(
			eventsArbitrary.chain((rows) =>
				fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length })),
			),
			([rows, shuffled]) => {
				// Events sharing a timestamp keep their relative order: the API lists those as it does.
				const byTime = (list: Row[]) => [...list].sort((a, b) => a.minute - b.minute);
				const inOrder = toEvents(byTime(rows));
				const ids = new Map(inOrder.map((event, index) => [byTime(rows)[index], event]));
				const reordered = shuffled.map((row) => ids.get(row)!);
				expect(comparable(reordered)).toEqual(comparable(inOrder));
			},
		),
		{ seed: SEED, numRuns: 300 },
	);
});

test(`every event is in exactly one session, and the per-version reading is what the sessions say (seed ${SEED})`, () => {
	fc.assert(
		fc.property(eventsArbitrary, (rows) => {
			const events = toEvents([...rows].sort((a, b) => a.minute - b.minute));
			const sessions = sessionsOf(events);
			expect(sessions.reduce((sum, session) => sum + session.views + session.clicks, 0)).toBe(
				events.length,
			);
			const byVersion = readingByVersion(readingSessionsOf(events));
			expect([...byVersion.keys()].sort()).toEqual(
				[...new Set(sessions.map((session) => session.versionId))].sort(),
			);
			for (const [versionId, reading] of byVersion) {
				const ofVersion = sessions.filter((session) => session.versionId === versionId);
				expect(reading).toEqual(readingFromItems(ofVersion));
				for (const session of ofVersion) {
					expect(session.readingSeconds).toBeGreaterThanOrEqual(0);
					if (session.sessionId === null && session.readingSeconds > 0)
						expect(Date.parse(session.lastEventAt)).toBeGreaterThan(Date.parse(session.startedAt));
				}
			}
		}),
		{ seed: SEED, numRuns: 300 },
	);
});
