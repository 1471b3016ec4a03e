import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { DEFAULT_PAGE_CONCURRENCY, MAX_PAGE_CONCURRENCY, MAX_SLIDE } from '../../constants';
import { analyticsFilters, readerFilterProperty } from '../../descriptions/analyticsFilters';
import { versionLocator } from '../../descriptions/locators';
import { outputProperties } from '../../descriptions/output';
import { engagementLevelProperty } from '../../descriptions/engagementLevel';
import { sessionGapProperty } from '../../descriptions/sessionGap';
import { EVENT_OUTPUT } from '../../helpers/output';

/** Get Events' parameters: the period, the output (raw events or a summary), filters and options. */
const properties: INodeProperties[] = [
	{
		displayName: 'From',
		name: 'dateFrom',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			"Start of the period, inclusive. A date without a time zone is read in the workflow's time zone.",
	},
	{
		displayName: 'To',
		name: 'dateTo',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'End of the period, inclusive. Periods longer than the 92 days the API allows per request are split automatically.',
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Raw Events',
				value: 'events',
				description: 'One item per view or click, oldest first, as the API returns it',
			},
			{
				name: "Summary for Each Item's Version",
				value: 'itemVersions',
				description:
					"One item per input item, paired to it: Summary per Version's figures for the version the item names (a deal's proposal), with opened false and zeros when nobody read it in the period. The period is read once for all items.",
			},
			{
				name: 'Summary per Reading Session',
				value: 'readingSessions',
				description:
					'One item per visit of a reader to a version, oldest first: reading time, slides viewed and the deepest, actions clicked, whether the reader came back',
			},
			{
				name: 'Summary per Story',
				value: 'storySummary',
				description:
					"One item per story read in the period, as Storydoc's analytics page shows it: readers, sessions, engaged readers, reading time, the funnel to the last slide, bounce, each slide's reach, devices, cities, each day, actions clicked, versions read",
			},
			{
				name: 'Summary per Version',
				value: 'versionSummary',
				description:
					'One item per version: its prospect, views, clicks, readers and sessions, returning readers, readers who clicked, reading time, the deepest slide, first and last event',
			},
		],
		default: 'events',
	},
	sessionGapProperty(
		"For events without a session ID: a reader's events more than this far apart are two sessions. A session whose last event is more recent than this may still be going on.",
		{ show: { output: ['readingSessions', 'versionSummary', 'itemVersions', 'storySummary'] } },
	),
	engagementLevelProperty('reading session or version', {
		show: { output: ['readingSessions', 'versionSummary', 'itemVersions'] },
	}),
	{
		displayName: 'Items',
		name: 'storyItems',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'One per Story',
				value: 'story',
				description:
					'Every figure of a story in one item, slides and days as lists (for a warehouse)',
			},
			{
				name: 'One per Story and Slide',
				value: 'slide',
				description: "Flat, for a sheet: each slide's reach with the story's ID, title and readers",
			},
			{
				name: 'One per Story and Day',
				value: 'day',
				description:
					"Flat, for a sheet: each day's sessions and readers (in the workflow's time zone), days without any included",
			},
		],
		default: 'story',
		displayOptions: { show: { output: ['storySummary'] } },
	},
	{
		displayName: 'Last Slide',
		name: 'lastSlide',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: MAX_SLIDE },
		default: 0,
		description:
			"The story's last slide, for the funnel's completed readers and the slides listed. The API does not say how many slides a story has: 0 takes the deepest slide any reader reached in the period. Needs the Story filter, so that it is one story's.",
		displayOptions: { show: { output: ['storySummary'] } },
	},
	{
		...versionLocator,
		name: 'itemVersion',
		// Checked by the node: n8n would hold a run whose Output is an expression for a missing Version.
		required: false,
		description:
			"The version this item is about, usually mapped from it (a CRM deal's Storydoc version): its ID, editorUrl or versionUrl",
		displayOptions: { show: { output: ['itemVersions'] } },
	},
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: { show: { output: ['events'] } },
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { output: ['events'], returnAll: [false] } },
	},
	{
		displayName: 'Items',
		name: 'eventItems',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'One per Event',
				value: 'event',
				description: 'Each view or click an item of its own',
			},
			{
				name: 'One per Page of Events',
				value: 'page',
				description:
					"An item for each page the API answers, its 'events' list holding the page's events (up to 1,000, oldest first): for writing many at once, such as one database statement per page",
			},
		],
		default: 'event',
		displayOptions: { show: { output: ['events'] } },
	},
	...outputProperties(EVENT_OUTPUT, { withSimplify: true }).map((property) => ({
		...property,
		displayOptions: { show: { ...property.displayOptions?.show, output: ['events'] } },
	})),
	{
		...analyticsFilters,
		options: [readerFilterProperty, ...(analyticsFilters.options ?? [])],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Compare With',
				name: 'compareWith',
				type: 'options',
				options: [
					{ name: 'Nothing', value: 'none' },
					{
						name: 'The Period Before',
						value: 'periodBefore',
						description: 'The same length just before From',
					},
					{
						name: 'The Same Period a Year Before',
						value: 'yearBefore',
						description: "From and To a year back, in the workflow's time zone",
					},
				],
				default: 'none',
				description:
					"Summary per Story, Summary per Version and Summary for Each Item's Version: each item also gets the same figures for an earlier period (previous) and the change from them (change), both periods from one read",
			},
			{
				displayName: 'Parallel Page Requests',
				name: 'concurrency',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_PAGE_CONCURRENCY },
				default: DEFAULT_PAGE_CONCURRENCY,
				description:
					'How many pages of 1,000 events to request at the same time once the first page has told how many there are. Lower it if other workflows share the rate limit of the API key.',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analytics'], operation: ['getEvents'] } },
	properties,
);
