import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { optionalLocatorId } from '../Storydoc/helpers/locatorValues';
import { optionalEmailField, positiveIntegerField } from '../Storydoc/helpers/validation';
import {
	DEFAULT_SESSION_GAP_MINUTES,
	MAX_SESSION_GAP_MINUTES,
	MAX_SLIDE,
} from '../Storydoc/constants';
import { DAY_MS } from '../Storydoc/helpers/dateWindows';
import type { AnalyticsEvent } from '../engagement/events';
import type { LevelRules } from '../engagement/levels';
import { DEFAULT_LEVEL_RULES } from '../engagement/levels';
import { readLevelRules } from '../Storydoc/helpers/levelRules';
import type { AnalyticsQuery } from '../Storydoc/transport/analytics';

export type EventType =
	| 'any'
	| 'view'
	| 'click'
	| 'firstView'
	| 'sessionEnded'
	| 'returningReader'
	| 'newReader'
	| 'slideReached'
	| 'versionQuiet';
type Output = 'events' | 'versionSummary';

export const EVENT_WORDS: Record<EventType, string> = {
	any: 'view or click',
	view: 'view',
	click: 'click',
	firstView: 'view',
	sessionEnded: 'reading session',
	returningReader: 'returning reader',
	newReader: 'new reader',
	slideReached: 'slide reached',
	versionQuiet: 'version gone quiet',
};

export const DEFAULT_QUIET_DAYS = 7;
export const MAX_QUIET_DAYS = 60;

/** The events whose items are reading sessions (so far), with Session Ends After. */
export const SESSION_EVENTS: EventType[] = [
	'sessionEnded',
	'returningReader',
	'slideReached',
	'versionQuiet',
];

export interface Settings {
	eventType: EventType;
	output: Output;
	filters: Omit<AnalyticsQuery, 'from' | 'to'>;
	/** How long without an event ends a session (SESSION_EVENTS). */
	idleGapMs: number;
	/** Slide Reached: the slide number a reader must view, or one past it. */
	slide: number;
	/** Version Went Quiet: how long without an event. */
	quietMs: number;
	/** Reading Session Ended and Version Went Quiet: Engagement Level's thresholds. */
	levels: LevelRules;
}

/** The events emitted as the API returns them; the others are derived from them. */
export const RAW_EVENTS: EventType[] = ['any', 'view', 'click'];

export const isReaderEvent = (type: EventType): type is 'returningReader' | 'newReader' =>
	type === 'returningReader' || type === 'newReader';

/** Every parameter, checked before any request: a bad filter fails the activation, not a poll later on. */
export function readSettings(context: IPollFunctions): Settings {
	const node = context.getNode();
	const event = context.getNodeParameter('event', 'any') as EventType;
	const filters = readFilters(context);
	return {
		eventType: event,
		filters,
		levels:
			event === 'sessionEnded' || event === 'versionQuiet'
				? readLevelRules(
						node,
						undefined,
						context.getNodeParameter('engagementLevel', {}) as IDataObject,
						Boolean(filters.storyId || filters.versionId),
					)
				: DEFAULT_LEVEL_RULES,
		// Output applies to the events as the API returns them (hidden for the others).
		output: RAW_EVENTS.includes(event)
			? (context.getNodeParameter('output', 'events') as Output)
			: 'events',
		idleGapMs:
			60_000 *
			(SESSION_EVENTS.includes(event)
				? positiveIntegerField(
						node,
						undefined,
						'Session Ends After (Minutes)',
						context.getNodeParameter('sessionGapMinutes', DEFAULT_SESSION_GAP_MINUTES),
						MAX_SESSION_GAP_MINUTES,
					)
				: DEFAULT_SESSION_GAP_MINUTES),
		slide:
			event === 'slideReached'
				? positiveIntegerField(
						node,
						undefined,
						'Slide',
						context.getNodeParameter('slide', 1),
						MAX_SLIDE,
					)
				: 1,
		quietMs:
			DAY_MS *
			(event === 'versionQuiet'
				? positiveIntegerField(
						node,
						undefined,
						'Quiet For (Days)',
						context.getNodeParameter('quietDays', DEFAULT_QUIET_DAYS),
						MAX_QUIET_DAYS,
					)
				: DEFAULT_QUIET_DAYS),
	};
}

function readFilters(context: IPollFunctions): Settings['filters'] {
	const node = context.getNode();
	return {
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
	};
}

/** Fetch Test Event's filter (First View: any view, the latest one being the quickest to find). */
export const matchesType = (eventType: EventType) => (event: AnalyticsEvent) =>
	eventType === 'any' || event.eventCategory === (eventType === 'firstView' ? 'view' : eventType);
