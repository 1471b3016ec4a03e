/**
 * Reading Session Ended, the fold from poll to poll (pure): over generated visits read by polls at
 * generated times, every session is emitted exactly once, never before it has had no event for the
 * idle gap, and as the whole stream read at once makes it; past the bound of open sessions, the
 * longest idle end early and say they may go on.
 */
import fc from 'fast-check';

import type { AnalyticsEvent } from '../../../../nodes/engagement/events';
import type { ReadingSession } from '../../../../nodes/engagement/session';
import {
	MAX_OPEN_SESSIONS,
	endSessions,
} from '../../../../nodes/StorydocTrigger/events/sessionEnded';

const SEED = 41;
const START = Date.parse('2026-05-01T09:00:00.000Z');
const MINUTE = 60_000;
const GAP = 10 * MINUTE;

interface Row {
	minute: number;
	reader: number;
	version: string;
	withSession: boolean;
	click: boolean;
	slide: number;
}

const rowsArbitrary: fc.Arbitrary<Row[]> = fc.array(
	fc.record({
		minute: fc.integer({ min: 0, max: 240 }),
		reader: fc.integer({ min: 0, max: 3 }),
		version: fc.constantFrom('v1', 'v2'),
		withSession: fc.boolean(),
		click: fc.boolean(),
		slide: fc.integer({ min: 1, max: 6 }),
	}),
	{ minLength: 1, maxLength: 60 },
);

/** Events in time order; a reader's session ID is the same all day (the trigger still ends it on a gap). */
const toEvents = (rows: Row[]): AnalyticsEvent[] =>
	[...rows]
		.sort((a, b) => a.minute - b.minute)
		.map((row, index) => ({
			eventId: `e${index}`,
			timestamp: new Date(START + row.minute * MINUTE).toISOString(),
			storyId: 'story',
			versionId: row.version,
			visitorId: `vis_${row.reader}`,
			sessionId: row.withSession ? `s_${row.reader}` : null,
			eventCategory: row.click ? 'click' : 'view',
			eventName: row.click ? 'CTA click: Book a meeting' : `view_slide_${row.slide}`,
		}));

/** The sessions of the whole stream read at once: per session key, split where more than GAP passed. */
function sessionsAtOnce(events: AnalyticsEvent[]) {
	const runs = new Map<string, AnalyticsEvent[][]>();
	for (const event of events) {
		const key = event.sessionId
			? `session ${event.versionId} ${event.sessionId}`
			: `reader ${event.versionId} ${event.visitorId}`;
		const list = runs.get(key) ?? [];
		const current = list[list.length - 1];
		const last = current?.[current.length - 1];
		if (!last || Date.parse(event.timestamp) - Date.parse(last.timestamp) > GAP) list.push([event]);
		else current.push(event);
		runs.set(key, list);
	}
	return [...runs.values()].flat().map((events) => ({
		versionId: events[0].versionId,
		visitorId: events[0].visitorId ?? null,
		startedAt: events[0].timestamp,
		lastEventAt: events[events.length - 1].timestamp,
		views: events.filter((event) => event.eventCategory === 'view').length,
		clicks: events.filter((event) => event.eventCategory === 'click').length,
	}));
}

const comparable = (session: Pick<ReadingSession, 'versionId' | 'visitorId' | 'startedAt'>) =>
	`${session.versionId} ${session.visitorId} ${session.startedAt}`;

test(`every session is emitted once, after its idle gap, as the whole stream makes it (seed ${SEED})`, () => {
	fc.assert(
		fc.property(
			rowsArbitrary,
			fc.uniqueArray(fc.integer({ min: 1, max: 260 }), { maxLength: 12 }),
			(rows, pollMinutes) => {
				const events = toEvents(rows);
				// Polls at the generated minutes, then one long after the last event: each reads what came since.
				const polls = [...pollMinutes.sort((a, b) => a - b), 10_000];
				let open = {};
				let read = 0;
				const emitted: Array<{ session: ReadingSession; at: number }> = [];
				for (const minute of polls) {
					const at = START + minute * MINUTE;
					const fresh: AnalyticsEvent[] = [];
					while (read < events.length && Date.parse(events[read].timestamp) <= at)
						fresh.push(events[read++]);
					const result = endSessions(JSON.parse(JSON.stringify(open)), fresh, at, GAP);
					open = result.open;
					for (const session of result.ended) emitted.push({ session, at });
				}
				expect(Object.keys(open)).toHaveLength(0);
				for (const { session, at } of emitted) {
					expect(at - Date.parse(session.lastEventAt)).toBeGreaterThan(GAP);
					expect(session.mayBeOngoing).toBe(false);
				}
				const expected = sessionsAtOnce(events).sort((a, b) =>
					comparable(a).localeCompare(comparable(b)),
				);
				const got = emitted
					.map(({ session }) => ({
						versionId: session.versionId,
						visitorId: session.visitorId,
						startedAt: session.startedAt,
						lastEventAt: session.lastEventAt,
						views: session.views,
						clicks: session.clicks,
					}))
					.sort((a, b) => comparable(a).localeCompare(comparable(b)));
				expect(got).toEqual(expected);
			},
		),
		{ seed: SEED, numRuns: 400 },
	);
});

test(`past ${MAX_OPEN_SESSIONS} open sessions, those idle longest end early, saying they may go on`, () => {
	const events: AnalyticsEvent[] = Array.from({ length: MAX_OPEN_SESSIONS + 3 }, (_, index) => ({
		eventId: `e${index}`,
		timestamp: new Date(START + index * 1000).toISOString(),
		storyId: 'story',
		versionId: 'v1',
		visitorId: `vis_${index}`,
		sessionId: `s_${index}`,
		eventCategory: 'view',
		eventName: 'view_slide_1',
	}));
	const at = START + (MAX_OPEN_SESSIONS + 3) * 1000;
	const { ended, open } = endSessions({}, events, at, 60 * MINUTE);
	expect(Object.keys(open)).toHaveLength(MAX_OPEN_SESSIONS);
	expect(ended.map((session) => [session.sessionId, session.mayBeOngoing])).toEqual([
		['s_0', true],
		['s_1', true],
		['s_2', true],
	]);
});
