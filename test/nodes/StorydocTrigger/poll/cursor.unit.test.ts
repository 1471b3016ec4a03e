/** The trigger's cursor as pure functions (dist/, as n8n loads it). */
import type { AnalyticsEvent } from '../../../../nodes/engagement/events';
import type { EventCursor } from '../../../../nodes/StorydocTrigger/poll/cursor';
import {
	advance,
	eventKey,
	readCursor,
	startCursor,
} from '../../../../nodes/StorydocTrigger/poll/cursor';

const event = (
	eventId: string | null,
	timestamp: string,
	extra: Partial<AnalyticsEvent> = {},
): AnalyticsEvent =>
	// The cursor never reads storyId, so these events leave it out.
	({ eventId, timestamp, versionId: 'v1', ...extra }) as AnalyticsEvent;
const T = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T10:00:00.001Z';

describe('advance', () => {
	test('skips what the cursor saw at its instant, keeps the rest oldest first, and moves to the newest', () => {
		const cursor: EventCursor = { timestamp: T, seen: ['id:a'] };
		const { fresh, next } = advance(cursor, [event('c', T1), event('a', T), event('b', T)]);
		expect(fresh.map((e) => e.eventId)).toEqual(['b', 'c']);
		expect(next).toEqual({ timestamp: T1, seen: ['id:c'] });
	});

	test('new events at the cursor instant add to what it saw there', () => {
		const { fresh, next } = advance({ timestamp: T, seen: ['id:a'] }, [
			event('a', T),
			event('b', T),
		]);
		expect(fresh.map((e) => e.eventId)).toEqual(['b']);
		expect(next).toEqual({ timestamp: T, seen: ['id:a', 'id:b'] });
	});

	test('nothing new: the cursor stays', () => {
		const cursor: EventCursor = { timestamp: T, seen: ['id:a'] };
		expect(advance(cursor, [event('a', T)])).toEqual({ fresh: [], next: cursor });
	});

	test('timestamps are compared as instants whatever their form; an event read twice in one poll counts once', () => {
		const { fresh, next } = advance(startCursor(Date.parse(T)), [
			event('x', '2026-11-22T11:00:00+01:00'),
			event('y', '2026-11-22T10:00:00.001+00:00'),
			event('y', '2026-11-22T10:00:00.001+00:00'),
		]);
		expect(fresh.map((e) => e.eventId)).toEqual(['x', 'y']);
		expect(next).toEqual({ timestamp: T1, seen: ['id:y'] });
	});

	test('events before the cursor (the API returns from its instant on) are not emitted', () => {
		expect(advance({ timestamp: T1, seen: [] }, [event('old', T)]).fresh).toEqual([]);
	});

	test('without an eventId (the API allows null) an event is told apart by what it describes', () => {
		const first = event(null, T, {
			sessionId: 's',
			visitorId: 'v',
			eventCategory: 'view',
			eventName: 'Slide view: Cover',
		});
		const other = { ...first, eventName: 'Slide view: Pricing' };
		expect(eventKey(first)).not.toBe(eventKey(other));
		expect(eventKey(first)).toBe(eventKey({ ...first }));
		const { next } = advance({ timestamp: T, seen: [] }, [first]);
		expect(advance(next, [first, other]).fresh).toEqual([other]);
	});
});

describe('readCursor', () => {
	test('reads a stored cursor; nothing or something unreadable means a first poll', () => {
		expect(readCursor({ cursor: { timestamp: T, seen: ['id:a', 3] } })).toEqual({
			timestamp: T,
			seen: ['id:a'],
		});
		expect(readCursor({})).toBeUndefined();
		expect(readCursor({ cursor: { timestamp: 'yesterday' } })).toBeUndefined();
	});
});
