import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import type { CompareWith } from '../../../engagement/comparison';
import { VersionEngagement } from '../../../engagement/versionEngagement';
import { earlierPeriod, intoPeriods, readRanges } from '../../helpers/comparePeriod';
import { analyticsEvents } from '../../transport/analytics';
import type { AnalyticsQuery } from '../../transport/analytics';

/** Up to this many versions are read one by one (filtered); more, in one pass over the period. */
export const PER_VERSION_READS_MAX = 5;

interface PeriodGroup {
	query: AnalyticsQuery;
	versions: Set<string>;
	idleGapMs: number;
	concurrency: number;
	itemIndex: number;
	compareWith: CompareWith;
	timeZone: string;
	read?: Promise<PeriodFigures>;
	given: Set<string>;
}

/** Each version's figures in the period and, with Compare With, in the earlier one. */
interface PeriodFigures {
	now: Map<string, IDataObject>;
	before?: Map<string, IDataObject>;
}

interface VersionFigures {
	now?: IDataObject;
	before?: IDataObject;
}

/** Per run: the items asking for one period and filters, so that it is read once for all of them. */
const groupsOfRun = new WeakMap<IExecuteFunctions, Map<string, PeriodGroup>>();

async function readGroup(context: IExecuteFunctions, group: PeriodGroup): Promise<PeriodFigures> {
	const { query, compareWith, versions, idleGapMs } = group;
	const now = new VersionEngagement(versions, idleGapMs);
	const before = compareWith === 'none' ? undefined : new VersionEngagement(versions, idleGapMs);
	const ranges =
		compareWith === 'none'
			? [query]
			: readRanges(query, compareWith, earlierPeriod(query, compareWith, group.timeZone));
	const options = { concurrency: group.concurrency, itemIndex: group.itemIndex };
	const add = intoPeriods(query.from, now, before);
	const passes =
		versions.size <= PER_VERSION_READS_MAX
			? ranges.flatMap((range) => [...versions].map((versionId) => ({ ...range, versionId })))
			: ranges;
	await Promise.all(
		passes.map(async (pass) => {
			for await (const page of analyticsEvents.call(context, pass, options))
				for (const event of page) add(event);
		}),
	);
	return { now: opened(now), before: before && opened(before) };
}

function opened(engagement: VersionEngagement): Map<string, IDataObject> {
	const byVersion = new Map<string, IDataObject>();
	for (const [versionId, figures] of engagement.results())
		byVersion.set(versionId, { opened: true, ...figures });
	return byVersion;
}

/** Joins an item to its period's group while items are prepared; the first item's turn reads it for all. */
export function joinPeriodRead(
	context: IExecuteFunctions,
	key: string,
	item: Omit<PeriodGroup, 'versions' | 'read' | 'given'> & { versionId: string },
): () => Promise<VersionFigures> {
	const groups = groupsOfRun.get(context) ?? new Map<string, PeriodGroup>();
	groupsOfRun.set(context, groups);
	let group = groups.get(key);
	if (!group) {
		const { query, idleGapMs, concurrency, itemIndex, compareWith, timeZone } = item;
		group = {
			query: { ...query },
			idleGapMs,
			concurrency,
			itemIndex,
			compareWith,
			timeZone,
			versions: new Set(),
			given: new Set(),
		};
		groups.set(key, group);
	}
	group.query.from = Math.min(group.query.from, item.query.from);
	group.query.to = Math.max(group.query.to, item.query.to);
	group.versions.add(item.versionId);
	const joined = group;
	return async () => {
		// A failure answers every item of the group; Retry On Fail runs the node with a new context.
		joined.read ??= readGroup(context, joined);
		const { now, before } = await joined.read;
		const figures = { now: now.get(item.versionId), before: before?.get(item.versionId) };
		if (joined.given.has(item.versionId)) return deepCopy(figures);
		joined.given.add(item.versionId);
		return figures;
	};
}

export function forgetPeriodReads(context: IExecuteFunctions): void {
	groupsOfRun.delete(context);
}
