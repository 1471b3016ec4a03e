import type { IDataObject } from 'n8n-workflow';

import type { AnalyticsEvent } from '../Storydoc/helpers/versionSummary';

/**
 * Where the trigger stands: the time of the newest event it has read, and the events it has read at
 * exactly that time. The next poll asks the API from that time on (inclusive), so events that share
 * the timestamp are read again and told apart by `seen`: none is lost, none emitted twice.
 */
export interface EventCursor {
	/** ISO 8601 UTC with milliseconds, as `toISOString` writes it. */
	timestamp: string;
	/** `eventKey` of every event read at exactly `timestamp`. */
	seen: string[];
}

/**
 * What tells two events apart: the API's `eventId`, or (it may be null) the fields that together
 * describe one action by one visitor at one instant.
 */
export function eventKey(event: AnalyticsEvent): string {
	if (typeof event.eventId === 'string' && event.eventId) return `id:${event.eventId}`;
	return [
		'event',
		event.timestamp,
		event.versionId,
		event.sessionId,
		event.visitorId,
		event.eventCategory,
		event.eventName,
		event.eventUrl,
	]
		.map((part) => String(part ?? ''))
		.join('|');
}

export function startCursor(instant: number): EventCursor {
	return { timestamp: new Date(instant).toISOString(), seen: [] };
}

/** The cursor kept in the node's static data, or undefined before the first poll (or if it is unreadable). */
export function readCursor(staticData: IDataObject): EventCursor | undefined {
	const cursor = staticData.cursor as Partial<EventCursor> | undefined;
	if (
		!cursor ||
		typeof cursor.timestamp !== 'string' ||
		!Number.isFinite(Date.parse(cursor.timestamp))
	)
		return undefined;
	const seen = Array.isArray(cursor.seen)
		? cursor.seen.filter((key): key is string => typeof key === 'string')
		: [];
	return { timestamp: cursor.timestamp, seen };
}

/**
 * The events of one poll (everything the API returned from the cursor's time on) that the cursor
 * has not covered yet, oldest first, and the cursor once they are emitted. Events are compared as
 * instants, so any timestamp form the API uses works; within one poll an event read twice (a page
 * boundary that moved while paging) counts once. With nothing new, the cursor stays where it was.
 */
export function advance(
	cursor: EventCursor,
	events: Iterable<AnalyticsEvent>,
): { fresh: AnalyticsEvent[]; next: EventCursor } {
	const cursorInstant = Date.parse(cursor.timestamp);
	const seenAtCursor = new Set(cursor.seen);
	const readThisPoll = new Set<string>();
	const fresh: Array<{ event: AnalyticsEvent; instant: number; key: string }> = [];

	for (const event of events) {
		const instant = Date.parse(event.timestamp);
		// The API requires a date-time here; an event without a readable one cannot be placed in time.
		if (!Number.isFinite(instant) || instant < cursorInstant) continue;
		const key = eventKey(event);
		if ((instant === cursorInstant && seenAtCursor.has(key)) || readThisPoll.has(key)) continue;
		readThisPoll.add(key);
		fresh.push({ event, instant, key });
	}
	if (!fresh.length) return { fresh: [], next: cursor };

	// Stable: events sharing a timestamp keep the API's order.
	fresh.sort((a, b) => a.instant - b.instant);
	const newest = fresh[fresh.length - 1].instant;
	const seen = fresh.filter((entry) => entry.instant === newest).map((entry) => entry.key);
	return {
		fresh: fresh.map((entry) => entry.event),
		next: {
			timestamp: new Date(newest).toISOString(),
			seen: newest === cursorInstant ? [...cursor.seen, ...seen] : seen,
		},
	};
}
