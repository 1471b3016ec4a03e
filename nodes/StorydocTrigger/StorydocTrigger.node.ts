import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import type { AnalyticsEvent } from '../Storydoc/helpers/interfaces';
import { listSearch } from '../Storydoc/methods';
import { DAY_MS, MAX_WINDOW_DAYS } from '../Storydoc/helpers/dateWindows';
import { readCredentialAfresh } from '../Storydoc/transport';
import { analyticsEvents, latestEvent } from '../Storydoc/transport/analytics';
import { analyticsFilters } from '../Storydoc/descriptions/analyticsFilters';
import { sessionGapProperty } from '../Storydoc/descriptions/sessionGap';
import { advance, readCursor, startCursor } from './eventCursor';
import { eventsOfPoll } from './eventsOfPoll';
import { latestEndedSession } from './latestEndedSession';
import { latestReaderEvent } from './latestReaderEvent';
import { claimPoll } from './siblingPolls';
import { explainTriggerError, nothingToEmit, startedFromNow, versionItems } from './pollResults';
import { pollDeadline, readNewEvents } from './readNewEvents';
import {
	DEFAULT_QUIET_DAYS,
	EVENT_WORDS,
	MAX_QUIET_DAYS,
	MAX_SLIDE,
	RAW_EVENTS,
	isReaderEvent,
	matchesType,
	readSettings,
} from './settings';
import { testEngagementEvent } from './testEvents';
import { quietLookBack } from './versionsQuiet';

export class StorydocTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Storydoc Trigger',
		name: 'storydocTrigger',
		icon: { light: 'file:../../icons/storydoc.svg', dark: 'file:../../icons/storydoc.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ {"any": "Any engagement", "view": "Views", "click": "Clicks", "firstView": "First views", "sessionEnded": "Reading sessions", "returningReader": "Returning readers", "newReader": "New readers", "slideReached": "Slide reached", "versionQuiet": "Versions gone quiet"}[$parameter["event"]] }}',
		description:
			'Starts the workflow when a prospect views or clicks a Storydoc version (Team plan)',
		defaults: { name: 'Storydoc Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'storydocApi', required: true }],
		hints: [
			{
				message:
					'A poll emits every new event since the last one (or, with Output One Item per Version, every version with new events): make sure the workflow can handle many items at once.',
				type: 'info',
				location: 'outputPane',
				whenToDisplay: 'beforeExecution',
			},
		],
		properties: [
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
		],
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		readCredentialAfresh(this);
		const staticData = this.getWorkflowStaticData('node');
		const manual = this.getMode() === 'manual';
		const cursor = readCursor(staticData);
		const settings = readSettings(this);
		const accept = matchesType(settings.eventType);
		const now = Date.now();
		const deadline = pollDeadline(this, now);
		// Before any await: of polls started together from one saved state, only the first reads.
		const claim =
			!manual && cursor ? claimPoll(this, staticData, cursor, now, deadline - now) : undefined;
		if (!manual && cursor && !claim) {
			this.logger.info(
				`Storydoc Trigger "${this.getNode().name}": another poll of this trigger started from the same saved cursor (${cursor.timestamp}) is reading or has read it, so this one emits nothing`,
				{ node: this.getNode().name, workflowId: this.getWorkflow().id },
			);
			return null;
		}

		try {
			if (manual && settings.eventType === 'sessionEnded') {
				const session = await latestEndedSession(this, settings, now);
				return [this.helpers.returnJsonArray([session])];
			}
			if (
				manual &&
				(settings.eventType === 'slideReached' || settings.eventType === 'versionQuiet')
			)
				return [this.helpers.returnJsonArray([await testEngagementEvent(this, settings, now)])];
			if (manual && isReaderEvent(settings.eventType)) {
				const item = await latestReaderEvent(this, settings, settings.eventType, now);
				return [this.helpers.returnJsonArray([item])];
			}
			if (manual) {
				// A real event to map fields from; the cursor is left alone.
				const query = { ...settings.filters, from: now - MAX_WINDOW_DAYS * DAY_MS, to: now };
				const event = await latestEvent.call(this, query, accept);
				if (!event) {
					throw new NodeOperationError(
						this.getNode(),
						`No ${EVENT_WORDS[settings.eventType]} event in the last ${MAX_WINDOW_DAYS} days matches this trigger`,
						{
							description:
								'Open a version of the story (or the version) this trigger watches, then fetch a test event again; or loosen the filters.',
						},
					);
				}
				const json = settings.output === 'versionSummary' ? versionItems([event]) : [event];
				return [this.helpers.returnJsonArray(json)];
			}

			if (!cursor && settings.eventType === 'versionQuiet') {
				// Versions read within Quiet For before activation go quiet after it: they are read once now.
				const lookBack = { ...settings.filters, from: now - settings.quietMs, to: now };
				const found = await quietLookBack(this, lookBack, deadline);
				staticData.quiet = { ...found.state };
				if (!found.complete)
					this.logger.info(
						`Storydoc Trigger "${this.getNode().name}": activation read only part of the last Quiet For days before its time ran out; versions read in the rest are watched once read again`,
						{ node: this.getNode().name, workflowId: this.getWorkflow().id },
					);
				const start = startCursor(now);
				staticData.cursor = { ...start };
				return await startedFromNow(this, start.timestamp);
			}
			if (!cursor) {
				// The first poll starts from now, not from history; one request checks the plan, key and filters.
				const probe = analyticsEvents.call(
					this,
					{ ...settings.filters, from: now, to: now },
					{ limit: 1 },
				);
				await probe.next();
				await probe.return();
				const start = startCursor(now);
				staticData.cursor = { ...start };
				return await startedFromNow(this, start.timestamp);
			}

			const from = Date.parse(cursor.timestamp);
			// `max`: a clock set back since the last poll must not turn the range inside out.
			const query = { ...settings.filters, from, to: Math.max(now, from) };
			const { read, complete } = await readNewEvents(this, query, deadline);

			// Only now that the pages have arrived: a poll that fails midway leaves the cursor where it was.
			const { fresh, next } = advance(cursor, read);
			const log = { node: this.getNode().name, workflowId: this.getWorkflow().id };
			// Every event up to `readUntil` has been read: what is idle or quiet for longer is so.
			const readUntil = complete ? query.to : Date.parse(next.timestamp);
			const emitted = await eventsOfPoll(this, staticData, settings, {
				fresh,
				pollFrom: from,
				readUntil,
				deadline,
			});
			staticData.cursor = { ...next };
			if (emitted.length) claim?.emitted(staticData);
			else claim?.release();
			if (!complete) {
				this.logger.info(
					`Storydoc Trigger "${log.node}": stopped reading when the poll's time ran out, after ${fresh.length} new events; the next poll reads on from ${next.timestamp}`,
					log,
				);
			}
			if (!emitted.length) return await nothingToEmit(this);
			const json =
				settings.output === 'versionSummary' ? versionItems(emitted as AnalyticsEvent[]) : emitted;
			return [this.helpers.returnJsonArray(json)];
		} catch (error) {
			claim?.release();
			if (manual || !cursor) throw explainTriggerError(error);
			// n8n reports the failed poll (and runs the error workflow); the next one reads from the same cursor.
			const node = this.getNode();
			this.logger.error(
				`Storydoc Trigger "${node.name}": the poll failed; the next poll reads from ${cursor.timestamp} again`,
				{
					node: node.name,
					workflowId: this.getWorkflow().id,
					error: (error as Error).message,
				},
			);
			throw explainTriggerError(error);
		}
	}
}
