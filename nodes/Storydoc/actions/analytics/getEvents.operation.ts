import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import {
	DEFAULT_PAGE_CONCURRENCY,
	DEFAULT_SESSION_GAP_MINUTES,
	MAX_PAGE_CONCURRENCY,
	MAX_SESSION_GAP_MINUTES,
} from '../../constants';
import { fieldError } from '../../helpers/fieldError';
import { optionalLocatorId, requireLocatorId } from '../../helpers/locatorValues';
import { itemParameter, runNode } from '../../helpers/runParameters';
import { VersionEngagement, notOpened, notOpenedAs } from '../../../engagement/versionEngagement';
import {
	booleanField,
	optionField,
	optionalEmailField,
	parseDateField,
	positiveIntegerField,
	validateDateRange,
} from '../../helpers/validation';
import { EVENT_OUTPUT, readOutput } from '../../helpers/output';
import { ReadingSessions } from '../../../engagement/sessions';
import { eventKeyOf } from '../../../engagement/eventKey';
import type { ReadingSession } from '../../../engagement/session';
import { analyticsEvents } from '../../transport/analytics';
import type { AnalyticsQuery } from '../../transport/analytics';
import type { ItemRequest } from '../node.type';
import { forgetPeriodReads, joinPeriodRead } from './periodRead';
import { comparedSummaries, readCompareWith } from './comparedSummaries';
import { versionChange } from '../../../engagement/comparison';
import type { CompareWith } from '../../../engagement/comparison';
import { readStoryOptions, storyItems } from './storyOutput';
import { sessionLevel, versionLevel } from '../../../engagement/levels';
import type { LevelRules } from '../../../engagement/levels';
import { readLevelRules } from '../../helpers/levelRules';
import { readReader } from './readReader';

export { description } from './getEvents.description';

const locatorParameter = (context: IExecuteFunctions, name: string, itemIndex: number) =>
	itemParameter(context, name, itemIndex, '', { extractValue: false });

function readQuery(context: IExecuteFunctions, itemIndex: number): AnalyticsQuery {
	const node = runNode(context);
	const timezone = context.getTimezone();
	const from = parseDateField(
		node,
		itemIndex,
		'From',
		itemParameter(context, 'dateFrom', itemIndex, ''),
		timezone,
	);
	const to = parseDateField(
		node,
		itemIndex,
		'To',
		itemParameter(context, 'dateTo', itemIndex, ''),
		timezone,
	);
	validateDateRange(node, itemIndex, from, to);
	return {
		from,
		to,
		storyId: optionalLocatorId(
			node,
			locatorParameter(context, 'filters.storyId', itemIndex),
			'Story',
			itemIndex,
		),
		versionId: optionalLocatorId(
			node,
			locatorParameter(context, 'filters.versionId', itemIndex),
			'Version',
			itemIndex,
		),
		userEmail: optionalEmailField(
			node,
			itemIndex,
			'User Email',
			itemParameter(context, 'filters.userEmail', itemIndex, ''),
		),
	};
}

function readIdleGapMs(context: IExecuteFunctions, itemIndex: number): number {
	return (
		60_000 *
		positiveIntegerField(
			runNode(context),
			itemIndex,
			'Session Ends After (Minutes)',
			itemParameter(context, 'sessionGapMinutes', itemIndex, DEFAULT_SESSION_GAP_MINUTES),
			MAX_SESSION_GAP_MINUTES,
		)
	);
}

function readLevels(
	context: IExecuteFunctions,
	itemIndex: number,
	query: AnalyticsQuery,
	versionFilterAllowed = true,
) {
	return readLevelRules(
		runNode(context),
		itemIndex,
		itemParameter(context, 'engagementLevel', itemIndex, {}) as IDataObject,
		Boolean(query.storyId || query.versionId),
		versionFilterAllowed,
	);
}

function readConcurrency(context: IExecuteFunctions, itemIndex: number): number {
	return positiveIntegerField(
		runNode(context),
		itemIndex,
		'Parallel Page Requests',
		itemParameter(context, 'options.concurrency', itemIndex, DEFAULT_PAGE_CONCURRENCY),
		MAX_PAGE_CONCURRENCY,
	);
}

/** The period read once for every item of the run that asks for it (same period and filters). */
function prepareItemVersion(
	context: IExecuteFunctions,
	itemIndex: number,
	query: AnalyticsQuery,
	compareWith: CompareWith,
): ItemRequest {
	if (query.versionId) {
		throw fieldError(
			runNode(context),
			itemIndex,
			'Version',
			"filter cannot be used with Summary for Each Item's Version",
			'Each item names its version in the Version field above the filters: remove the Version filter.',
		);
	}
	const versionId = requireLocatorId(
		runNode(context),
		locatorParameter(context, 'itemVersion', itemIndex),
		'Version',
		itemIndex,
	);
	const idleGapMs = readIdleGapMs(context, itemIndex);
	const levels = readLevels(context, itemIndex, query, false);
	const minute = (instant: number) => Math.floor(instant / 60_000);
	const key = JSON.stringify([
		minute(query.from),
		minute(query.to),
		query.storyId,
		query.userEmail,
		idleGapMs,
		compareWith,
	]);
	const read = joinPeriodRead(context, key, {
		query,
		versionId,
		idleGapMs,
		concurrency: readConcurrency(context, itemIndex),
		itemIndex,
		compareWith,
		timeZone: context.getTimezone(),
	});
	// Named as in the other period where it was read in only one of them.
	const leveled = (figures?: IDataObject, other?: IDataObject) => {
		const zero = other ? notOpenedAs(other) : notOpened(versionId, query.storyId ?? null);
		const opened = figures ?? { opened: false, ...zero };
		return { ...opened, ...versionLevel(opened, levels) };
	};
	return async () => {
		const { now, before } = await read();
		const json: IDataObject = leveled(now, before);
		if (compareWith !== 'none') {
			json.previous = leveled(before, now);
			json.change = versionChange(json, json.previous as IDataObject);
		}
		return [{ json, pairedItem: { item: itemIndex } }];
	};
}

/** The sessions, each with its engagement level (fresh items: set in place). */
function withLevels(sessions: ReadingSession[], levels: LevelRules): IDataObject[] {
	for (const session of sessions) Object.assign(session, sessionLevel(session, levels));
	return sessions;
}

/** Per run: how many items asked for each query, to point repeated ones at Execute Once. */
const queriesOfRun = new WeakMap<IExecuteFunctions, Map<string, number>>();

function countQuery(context: IExecuteFunctions, key: string) {
	const counts = queriesOfRun.get(context) ?? new Map<string, number>();
	counts.set(key, (counts.get(key) ?? 0) + 1);
	queriesOfRun.set(context, counts);
}

export function prepare(this: IExecuteFunctions, itemIndex: number): ItemRequest {
	const node = runNode(this);
	const query = readQuery(this, itemIndex);
	const output = optionField(node, itemIndex, 'Output', itemParameter(this, 'output', itemIndex), {
		events: 'Raw Events',
		readingSessions: 'Summary per Reading Session',
		versionSummary: 'Summary per Version',
		itemVersions: "Summary for Each Item's Version",
		storySummary: 'Summary per Story',
	});
	const keep = readReader(this, itemIndex, output);
	if (output === 'itemVersions') {
		const compareWith = readCompareWith(this, itemIndex, { output, query });
		return prepareItemVersion(this, itemIndex, query, compareWith);
	}
	const returnAll =
		output !== 'events' ||
		booleanField(node, itemIndex, 'Return All', this.getNodeParameter('returnAll', itemIndex));
	const limit = returnAll
		? undefined
		: positiveIntegerField(node, itemIndex, 'Limit', this.getNodeParameter('limit', itemIndex));
	const concurrency = readConcurrency(this, itemIndex);

	// The period to the minute: `{{ $now }}` differs by milliseconds from one item to the next.
	const minute = (instant: number) => Math.floor(instant / 60_000);
	countQuery(
		this,
		JSON.stringify([
			minute(query.from),
			minute(query.to),
			query.storyId,
			query.versionId,
			query.userEmail,
			itemParameter(this, 'filters.reader', itemIndex, ''),
			output,
			limit,
		]),
	);
	const shape = output === 'events' ? readOutput(this, itemIndex, EVENT_OUTPUT) : undefined;
	const perPage =
		output === 'events' &&
		optionField(node, itemIndex, 'Items', itemParameter(this, 'eventItems', itemIndex, 'event'), {
			event: 'One per Event',
			page: 'One per Page of Events',
		}) === 'page';
	const idleGapMs = output === 'events' ? 0 : readIdleGapMs(this, itemIndex);
	const story = output === 'storySummary' ? readStoryOptions(this, itemIndex, query) : undefined;
	const levels =
		output === 'readingSessions' || output === 'versionSummary'
			? readLevels(this, itemIndex, query)
			: undefined;
	const compareWith = readCompareWith(this, itemIndex, { output, story, query });

	return async () => {
		if (compareWith !== 'none') {
			const results = await comparedSummaries(this, {
				query,
				compareWith,
				idleGapMs,
				concurrency,
				itemIndex,
				story,
				levels,
			});
			return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(results), {
				itemData: { item: itemIndex },
			});
		}
		const events = analyticsEvents.call(this, query, { concurrency, limit, itemIndex, keep });
		if (output !== 'events') {
			let results: IDataObject[];
			if (output === 'versionSummary') {
				const summaries = new VersionEngagement(undefined, idleGapMs);
				for await (const page of events) for (const event of page) summaries.add(event);
				results = [...summaries.results().values()];
				for (const summary of results) Object.assign(summary, versionLevel(summary, levels!));
			} else {
				const sessions = new ReadingSessions(idleGapMs);
				for await (const page of events) for (const event of page) sessions.add(event);
				results = story
					? storyItems(sessions, story)
					: withLevels(sessions.results(Math.min(query.to, Date.now())), levels!);
			}
			return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(results), {
				itemData: { item: itemIndex },
			});
		}
		// Built page by page from the parsed events: no page wrapper and no copy is kept. One item per
		// page spares n8n an item per event (docs/development.md › Raw Events a page per item).
		const items: INodeExecutionData[] = [];
		for await (const page of events) {
			if (perPage) {
				const shaped = page.map((event) => {
					event.eventKey = eventKeyOf(event);
					return shape ? shape(event) : event;
				});
				items.push({ json: { events: shaped }, pairedItem: { item: itemIndex } });
				continue;
			}
			for (const event of page) {
				event.eventKey = eventKeyOf(event);
				items.push({ json: shape ? shape(event) : event, pairedItem: { item: itemIndex } });
			}
		}
		return items;
	};
}

export function afterItems(this: IExecuteFunctions): void {
	forgetPeriodReads(this);
	const counts = queriesOfRun.get(this);
	queriesOfRun.delete(this);
	const repeated = Math.max(0, ...(counts?.values() ?? []));
	if (repeated < 2) return;
	this.addExecutionHints({
		message: `${repeated} input items asked for the same events (same period and filters), so they were read ${repeated} times. To read them once, turn on <b>Execute Once</b> in the node's Settings.`,
		type: 'warning',
		location: 'outputPane',
	});
}
