import type { INodeProperties } from 'n8n-workflow';

import { analyticsFilters } from '../Storydoc/descriptions/analyticsFilters';
import { engagementLevelProperty } from '../Storydoc/descriptions/engagementLevel';
import { sessionGapProperty } from '../Storydoc/descriptions/sessionGap';
import { MAX_SLIDE } from '../Storydoc/constants';
import { DEFAULT_QUIET_DAYS, MAX_QUIET_DAYS, RAW_EVENTS } from './settings';

/** The trigger counts no reader's earlier sessions (returningReader is null in its items). */
const NOT_KNOWN_HERE =
	'Coming back is not known to this event (see the Returning Reader event): it never counts here.';

/** The trigger's parameters as the editor shows them: its events, their settings and notices. */
export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'This trigger reads Storydoc\'s analytics, which need the Team plan. On other plans its activation fails with "Analytics API is available on the Team plan only". Every poll is at least one request, counted against the workspace\'s monthly automation credits: poll no more often than you need.',
		name: 'teamPlanNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Any Engagement', value: 'any', description: 'A view or a click' },
			{ name: 'Click', value: 'click', description: 'A click on a link or call to action' },
			{
				name: 'First View of a Version',
				value: 'firstView',
				description:
					'The first time a version is viewed since it was created, once per version (a prospect opened the proposal)',
			},
			{
				name: 'New Reader on a Version',
				value: 'newReader',
				description:
					'Someone not seen before opens a version that others have read (the proposal was shared), with how many readers it now has',
			},
			{
				name: 'Reading Session Ended',
				value: 'sessionEnded',
				description:
					'A reader finished a visit to a version: once it has had no event for Session Ends After, one item with its reading time, slides and clicks',
			},
			{
				name: 'Returning Reader',
				value: 'returningReader',
				description:
					'A reader starts a new session on a version they read before (they came back to it)',
			},
			{
				name: 'Slide Reached',
				value: 'slideReached',
				description:
					'A reader views the slide numbered Slide or one past it (the pricing slide, the last), once per reader and version, with their session so far',
			},
			{
				name: 'Version Went Quiet',
				value: 'versionQuiet',
				description:
					'A version read before has had no event for Quiet For: one item with its last read and its totals, again each time it is read and goes quiet again',
			},
			{ name: 'View', value: 'view', description: 'A view of a slide or page' },
		],
		default: 'any',
	},
	{
		displayName: 'Slide',
		name: 'slide',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_SLIDE },
		default: 1,
		required: true,
		description:
			'The slide number to watch for (slide 1 is the cover). A reader who views this slide or any later one counts, so set the last slide for "read to the end". The API does not say how many slides a story has: count them in the story.',
		displayOptions: { show: { event: ['slideReached'] } },
	},
	{
		displayName: 'Quiet For (Days)',
		name: 'quietDays',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_QUIET_DAYS },
		default: DEFAULT_QUIET_DAYS,
		description:
			'How long a version read before must have had no view or click before it is emitted',
		displayOptions: { show: { event: ['versionQuiet'] } },
	},
	sessionGapProperty(
		'A session is emitted once its reader has had no event for this long, so it comes at least this long after its last event (and after the next poll). Its events may span several polls.',
		{ show: { event: ['sessionEnded'] } },
	),
	engagementLevelProperty('reading session', { show: { event: ['sessionEnded'] } }, NOT_KNOWN_HERE),
	engagementLevelProperty('quiet version, from its totals,', {
		show: { event: ['versionQuiet'] },
	}),
	sessionGapProperty(
		"A reader's event after this long without one starts a new session (as does a new session ID): that is when they count as returning",
		{ show: { event: ['returningReader'] } },
	),
	sessionGapProperty(
		"A reader's event after this long without one starts a new session: the figures of the session so far count from there",
		{ show: { event: ['slideReached'] } },
	),
	sessionGapProperty(
		'For the reading sessions in the totals of a quiet version: events of a reader more than this far apart are two sessions',
		{ show: { event: ['versionQuiet'] } },
	),
	{
		displayName:
			"Emitted once per reader and version (readers told apart by Storydoc's visitor ID, else the session ID), from the views read since activation. The trigger remembers the last 10,000 readers who reached the slide: one not seen since the others may be emitted again.",
		name: 'slideReachedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['slideReached'] } },
	},
	{
		displayName:
			"Watches the versions read since activation and, at activation, those read in the Quiet For before it (one request per 1,000 of that period's events). Each quiet version costs a request per 1,000 of its events of the last 92 days (its totals), at most 30 per poll: more wait for the next polls. Up to 10,000 versions are watched at once; past that, those read longest ago are dropped.",
		name: 'versionQuietNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['versionQuiet'] } },
	},
	{
		displayName:
			"To know a version's earlier readers, the trigger reads its events back to its creation once, when it first sees the version read (about one request per 92 days of its age and per 1,000 of its events, at most 30 per poll, each counted in the automation credits). Readers are told apart by Storydoc's visitor ID: one person on a second device counts as a new reader.",
		name: 'readersNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['returningReader', 'newReader'] } },
	},
	{
		displayName:
			"Emits a version's first view once, and only if it was never viewed before. To know, the trigger reads the version's earlier events once (about one request per 92 days of its age, at most 30 per poll, each counted in the automation credits).",
		name: 'firstViewNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['firstView'] } },
	},
	analyticsFilters,
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Each Event',
				value: 'events',
				description: 'One item per new event, oldest first, as the API returns it',
			},
			{
				name: 'One Item per Version',
				value: 'versionSummary',
				description:
					'For busy stories: per poll, one item per version with the counts of its new events and the latest of them',
			},
		],
		default: 'events',
		displayOptions: { show: { event: RAW_EVENTS } },
	},
];
