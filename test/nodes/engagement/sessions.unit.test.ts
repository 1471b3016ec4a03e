/**
 * Unit tests of reading sessions from events: the slide number of a view's name, and, as properties
 * over generated visits, that every field of every session and version figure is what the one
 * session definition says (an oracle written apart, scripts/examples/sessions.js) whatever order the
 * events arrive in (the API promises no order, and lists events sharing a timestamp in its own).
 */
import fc from 'fast-check';

import type { AnalyticsEvent } from '../../../nodes/engagement/events';
import { slideNumber } from '../../../nodes/engagement/events';
import { DEFAULT_LEVEL_RULES, sessionLevel } from '../../../nodes/engagement/levels';
import type { ReadingSession } from '../../../nodes/engagement/session';
import { ReadingSessions } from '../../../nodes/engagement/sessions';
import { readingByVersion } from '../../../nodes/engagement/versionReading';
import { expectedSessions, sessionsByHand } from '../../../scripts/examples/sessions';

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
	/** Seconds after START: ties on purpose, and gaps either side of Session Ends After (30 min). */
	second: number;
	version: string;
	visitor: string | null;
	session: string | null;
	click: number | null;
	slide: number;
	device: string | null;
}

const GAP = 30 * MINUTE;
const READ_UNTIL = START + 400 * MINUTE;

/**
 * Events of a few readers on two versions: some with a sessionId (each session one reader's, as in
 * Storydoc, and coming back after more than the gap), some without, clicks on a few actions (ties
 * of instant on purpose), details that change within a session.
 */
const eventsArbitrary: fc.Arbitrary<Row[]> = fc.array(
	fc.record({
		second: fc.oneof(
			fc.integer({ min: 0, max: 120 }).map((minute) => minute * 60),
			fc.integer({ min: 0, max: 120 * 60 }),
		),
		version: fc.constantFrom('v1', 'v2'),
		visitor: fc.constantFrom('vis_a', 'vis_b', null),
		session: fc.constantFrom('s1', 's2', null),
		click: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 2 }),
		slide: fc.integer({ min: 1, max: 9 }),
		device: fc.constantFrom('desktop', 'mobile', null),
	}),
	{ minLength: 1, maxLength: 40 },
);

const SESSION_READER: Record<string, string> = { s1: 'vis_a', s2: 'vis_b' };

function toEvents(rows: Row[]): AnalyticsEvent[] {
	return rows.map((row, index) => ({
		eventId: `e${index}`,
		timestamp: new Date(START + row.second * 1000).toISOString(),
		storyId: 'story',
		versionId: row.version,
		visitorId: row.session ? SESSION_READER[row.session] : row.visitor,
		sessionId: row.session,
		eventCategory: row.click === null ? 'view' : 'click',
		eventName: row.click === null ? `view_slide_${row.slide}` : `cta_${row.click}`,
		deviceType: row.device,
	}));
}

function readingSessionsOf(events: AnalyticsEvent[]) {
	const sessions = new ReadingSessions(GAP);
	for (const event of events) sessions.add(event);
	return sessions;
}

const sessionsOf = (events: AnalyticsEvent[]) => readingSessionsOf(events).results(READ_UNTIL);

/** Summary per Version's reading figures, per version, in a stable order. */
const readingOf = (events: AnalyticsEvent[]) =>
	Object.fromEntries([...readingByVersion(readingSessionsOf(events))].sort());

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
	const slideSeconds: Record<string, number> = {};
	for (const session of sessions)
		for (const [slide, spent] of Object.entries(session.secondsPerSlide))
			slideSeconds[slide] = (slideSeconds[slide] ?? 0) + spent;
	const secondsPerSlide = Object.fromEntries(
		Object.entries(slideSeconds).sort(([a], [b]) => Number(a) - Number(b)),
	);
	return {
		readingSessions: sessions.length,
		returningReaders: readers((session) => session.returningReader === true),
		readersWhoClicked: readers((session) => session.clicks > 0),
		totalReadingSeconds,
		averageReadingSeconds: Math.floor(totalReadingSeconds / sessions.length),
		deepestSlide: deepest.length ? Math.max(...deepest) : null,
		secondsPerSlide,
		// The three slides read longest, ties by number, none without a second.
		mostReadSlides: Object.entries(secondsPerSlide)
			.filter(([, spent]) => spent > 0)
			.sort(([a, x], [b, y]) => y - x || Number(a) - Number(b))
			.slice(0, 3)
			.map(([slide]) => Number(slide)),
		lastReaderVisitorId: lastRead?.visitorId ?? null,
	};
}

/** The events in time order, and the same events in a generated order of arrival. */
const permutedArbitrary = eventsArbitrary.chain((rows) =>
	fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length })),
);
const shown = { sets: 0, sessions: 0, withClicks: 0, reordered: 0 };
afterAll(() =>
	// eslint-disable-next-line no-console -- the property's counts and seed, for the log
	console.log(
		`reading sessions property (seed ${SEED}): ${shown.sets} event sets, ${shown.sessions} sessions, ${shown.withClicks} with more than one action clicked, ${shown.reordered} of them listed in another order than clicked when events arrive out of time order`,
	),
);

test(`every field of every session and version figure is the same whatever order the events arrive in, and is what the definition says (seed ${SEED})`, () => {
	fc.assert(
		fc.property(permutedArbitrary, ([rows, arrival]) => {
			const events = toEvents(rows);
			const byRow = new Map(rows.map((row, index) => [row, events[index]]));
			const inTimeOrder = [...events].sort(
				(a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp),
			);
			const arrived = arrival.map((row) => byRow.get(row)!);
			const sessions = sessionsOf(arrived);
			// Every field, compared as it is: the actions in the order first clicked too.
			expect(sessions).toEqual(sessionsOf(inTimeOrder));
			expect(readingOf(arrived)).toEqual(readingOf(inTimeOrder));
			// What the definition says, from an oracle written apart from the node (scripts/examples/sessions.js),
			// with each session's engagement level as Get Events gives it (the default thresholds of docs/analytics.md › Engagement levels).
			expect(
				sessions.map((session) => ({
					...session,
					...sessionLevel(session, DEFAULT_LEVEL_RULES),
				})),
			).toEqual(
				expectedSessions(sessionsByHand(arrived, GAP), { readUntil: READ_UNTIL, gapMs: GAP }),
			);
			shown.sets++;
			shown.sessions += sessions.length;
			for (const session of sessions.filter((each) => each.actionsClicked.length > 1)) {
				shown.withClicks++;
				const arrivalOrder = [
					...new Set(
						arrived
							.filter(
								(event) =>
									event.eventCategory === 'click' &&
									session.versionId === event.versionId &&
									session.visitorId === event.visitorId &&
									session.sessionId === (event.sessionId ?? null) &&
									Date.parse(event.timestamp) >= Date.parse(session.startedAt) &&
									Date.parse(event.timestamp) <= Date.parse(session.lastEventAt),
							)
							.map((event) => event.eventName),
					),
				];
				if (arrivalOrder.join() !== session.actionsClicked.join()) shown.reordered++;
			}
		}),
		{ seed: SEED, numRuns: 400 },
	);
});

test(`every event is in exactly one session, and the per-version reading is what the sessions say (seed ${SEED})`, () => {
	fc.assert(
		fc.property(eventsArbitrary, (rows) => {
			const events = toEvents(rows);
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
					// A lower bound: the whole seconds between the first and the last event, never more.
					const span = Date.parse(session.lastEventAt) - Date.parse(session.startedAt);
					expect(session.readingSeconds).toBe(Math.floor(span / 1000));
				}
			}
		}),
		{ seed: SEED, numRuns: 300 },
	);
});

describe('crafted', () => {
	const event = (second: number, fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
		eventId: `e${second}`,
		timestamp: new Date(START + second * 1000).toISOString(),
		storyId: 'story',
		versionId: 'v1',
		visitorId: 'vis_a',
		sessionId: 's1',
		eventCategory: 'click',
		eventName: 'cta',
		...fields,
	});

	test('actions in the order first clicked, whatever order they arrive in; clicks at one instant in code-point order', () => {
		const clicks = [
			event(30, { eventName: 'cta_2' }),
			event(10, { eventName: 'cta_1' }),
			event(5, { eventName: 'cta_0' }),
			event(40, { eventName: 'cta_1' }),
			event(50, { eventName: 'b_tie' }),
			event(50, { eventName: 'a_tie' }),
		];
		for (const order of [clicks, [...clicks].reverse()])
			expect(sessionsOf(order)[0].actionsClicked).toEqual([
				'cta_0',
				'cta_1',
				'cta_2',
				'a_tie',
				'b_tie',
			]);
	});

	test('a session ID is split where more than Session Ends After passes, as events without one are; an event between two parts joins them', () => {
		const apart = [event(0), event(31 * 60), event(62 * 60)];
		expect(sessionsOf(apart).map((session) => session.startedAt)).toEqual(
			apart.map((each) => each.timestamp),
		);
		// 20 minutes after the first, 11 before the second: the first two become one, in any order.
		const bridged = [...apart, event(20 * 60)];
		for (const order of [bridged, [...bridged].reverse()])
			expect(sessionsOf(order).map((session) => [session.startedAt, session.clicks])).toEqual([
				[apart[0].timestamp, 3],
				[apart[2].timestamp, 1],
			]);
	});

	test('reading seconds are whole seconds, rounded down: a lower bound', () => {
		const [session] = sessionsOf([
			event(0),
			{ ...event(0), timestamp: new Date(START + 20_600).toISOString() },
		]);
		expect(session.readingSeconds).toBe(20);
	});

	test("a slide's seconds run from its view to the session's next event; the last slide's are unknown", () => {
		const view = (second: number, slide: number, fields: Partial<AnalyticsEvent> = {}) =>
			event(second, { eventCategory: 'view', eventName: `view_slide_${slide}`, ...fields });
		const events = [
			view(0, 1),
			view(30.9, 2),
			event(50), // a click ends slide 2's time
			view(90, 3),
			view(90, 4), // two slides at one instant: the highest gets the time
			view(150, 3),
			view(200, 5), // the last: its time is unknown
			{ ...view(0, 1, { sessionId: 's2', visitorId: 'vis_b' }), eventId: 'b0' },
			{ ...view(100, 4, { sessionId: 's2', visitorId: 'vis_b' }), eventId: 'b100' },
			{ ...view(110, 5, { sessionId: 's2', visitorId: 'vis_b' }), eventId: 'b110' },
		];
		const [first, second] = sessionsOf(events);
		expect(first.secondsPerSlide).toEqual({ '1': 30, '2': 19, '3': 50, '4': 60 });
		expect(second.secondsPerSlide).toEqual({ '1': 100, '4': 10 });
		expect(readingByVersion(readingSessionsOf(events)).get('v1')).toMatchObject({
			secondsPerSlide: { '1': 130, '2': 19, '3': 50, '4': 70 },
			mostReadSlides: [1, 4, 3],
		});
	});

	test("the version's last reader is the reader of its latest session with a known reader", () => {
		const reading = readingByVersion(
			readingSessionsOf([
				event(0, { visitorId: 'vis_a', sessionId: 's1' }),
				event(60, { visitorId: 'vis_b', sessionId: 's2' }),
				// The latest event names no reader (and no session): it does not hide vis_b.
				event(120, { visitorId: null, sessionId: null }),
			]),
		);
		expect(reading.get('v1')?.lastReaderVisitorId).toBe('vis_b');
	});
});
