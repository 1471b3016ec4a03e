import type { IPollFunctions } from 'n8n-workflow';

import { optionalLocatorId } from '../Storydoc/helpers/locatorValues';
import { optionalEmailField, positiveIntegerField } from '../Storydoc/helpers/validation';
import { DEFAULT_SESSION_GAP_MINUTES, MAX_SESSION_GAP_MINUTES } from '../Storydoc/constants';
import type { AnalyticsEvent } from '../Storydoc/helpers/interfaces';
import type { AnalyticsQuery } from '../Storydoc/transport/analytics';

export type EventType =
	| 'any'
	| 'view'
	| 'click'
	| 'firstView'
	| 'sessionEnded'
	| 'returningReader'
	| 'newReader';
type Output = 'events' | 'versionSummary';

export const EVENT_WORDS: Record<EventType, string> = {
	any: 'view or click',
	view: 'view',
	click: 'click',
	firstView: 'view',
	sessionEnded: 'reading session',
	returningReader: 'returning reader',
	newReader: 'new reader',
};

export interface Settings {
	eventType: EventType;
	output: Output;
	filters: Omit<AnalyticsQuery, 'from' | 'to'>;
	/** How long without an event ends a session (Reading Session Ended, Returning Reader). */
	idleGapMs: number;
}

/** The events emitted as the API returns them; the others are derived from them. */
export const RAW_EVENTS: EventType[] = ['any', 'view', 'click'];

export const isReaderEvent = (type: EventType): type is 'returningReader' | 'newReader' =>
	type === 'returningReader' || type === 'newReader';

/** Every parameter, checked before any request: a bad filter fails the activation, not a poll later on. */
export function readSettings(context: IPollFunctions): Settings {
	const node = context.getNode();
	const event = context.getNodeParameter('event', 'any') as EventType;
	return {
		eventType: event,
		// Output applies to the events as the API returns them (hidden for the others).
		output: RAW_EVENTS.includes(event)
			? (context.getNodeParameter('output', 'events') as Output)
			: 'events',
		idleGapMs:
			60_000 *
			(event === 'sessionEnded' || event === 'returningReader'
				? positiveIntegerField(
						node,
						undefined,
						'Session Ends After (Minutes)',
						context.getNodeParameter('sessionGapMinutes', DEFAULT_SESSION_GAP_MINUTES),
						MAX_SESSION_GAP_MINUTES,
					)
				: DEFAULT_SESSION_GAP_MINUTES),
		filters: {
			storyId: optionalLocatorId(
				node,
				context.getNodeParameter('filters.storyId', '', { extractValue: false }),
				'Story',
			),
			versionId: optionalLocatorId(
				node,
				context.getNodeParameter('filters.versionId', '', { extractValue: false }),
				'Version',
			),
			userEmail: optionalEmailField(
				node,
				undefined,
				'User Email',
				context.getNodeParameter('filters.userEmail', ''),
			),
		},
	};
}

/** Fetch Test Event's filter (First View: any view, the latest one being the quickest to find). */
export const matchesType = (eventType: EventType) => (event: AnalyticsEvent) =>
	eventType === 'any' || event.eventCategory === (eventType === 'firstView' ? 'view' : eventType);
