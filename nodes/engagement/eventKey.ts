import { createHash } from 'node:crypto';

import type { AnalyticsEvent } from './events';
import { present } from './events';

/** What an event is, without the titles and prospect a user may change: docs/development.md › Event key. */
const IDENTIFYING_FIELDS = [
	'timestamp',
	'storyId',
	'versionId',
	'sessionId',
	'visitorId',
	'eventCategory',
	'eventName',
	'eventUrl',
	'deviceType',
	'deviceTypeName',
	'locationCity',
	'locationLatitude',
	'locationLongitude',
] as const;

export const DIGEST_PREFIX = 'digest:';

/** The event's `eventId`, or a digest of its identifying fields where Storydoc gives none. */
export function eventKeyOf(event: AnalyticsEvent): string {
	if (present(event.eventId)) return event.eventId;
	const identity = JSON.stringify(IDENTIFYING_FIELDS.map((field) => event[field] ?? null));
	return DIGEST_PREFIX + createHash('sha256').update(identity).digest('hex').slice(0, 32);
}
