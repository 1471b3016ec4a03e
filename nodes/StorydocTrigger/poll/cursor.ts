import type { IDataObject } from 'n8n-workflow';

import type { AnalyticsEvent } from '../../engagement/events';

/** Read again from `timestamp` inclusive, told apart by `seen`: docs/development.md › Design notes. */
export interface EventCursor {
	timestamp: string;
	seen: string[];
}

/** The API's `eventId`, or (it may be null) the fields that describe one action at one instant. */
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

/** An event read twice in one poll (a page boundary moved while paging) counts once. */
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
		// An event without a readable time cannot be placed (the API requires one).
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
