import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import { VersionEngagement } from '../../../engagement/versionEngagement';
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
	read?: Promise<Map<string, IDataObject>>;
	given: Set<string>;
}

/** Per run: the items asking for one period and filters, so that it is read once for all of them. */
const groupsOfRun = new WeakMap<IExecuteFunctions, Map<string, PeriodGroup>>();

async function readGroup(context: IExecuteFunctions, group: PeriodGroup) {
	const engagement = new VersionEngagement(group.versions, group.idleGapMs);
	const options = { concurrency: group.concurrency, itemIndex: group.itemIndex };
	const passes =
		group.versions.size <= PER_VERSION_READS_MAX
			? [...group.versions].map((versionId) => ({ ...group.query, versionId }))
			: [group.query];
	await Promise.all(
		passes.map(async (query) => {
			for await (const page of analyticsEvents.call(context, query, options))
				for (const event of page) engagement.add(event);
		}),
	);
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
): () => Promise<IDataObject | undefined> {
	const groups = groupsOfRun.get(context) ?? new Map<string, PeriodGroup>();
	groupsOfRun.set(context, groups);
	let group = groups.get(key);
	if (!group) {
		const { query, idleGapMs, concurrency, itemIndex } = item;
		group = {
			query: { ...query },
			idleGapMs,
			concurrency,
			itemIndex,
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
		const figures = (await joined.read).get(item.versionId);
		if (!figures || !joined.given.has(item.versionId)) {
			joined.given.add(item.versionId);
			return figures;
		}
		return deepCopy(figures);
	};
}

export function forgetPeriodReads(context: IExecuteFunctions): void {
	groupsOfRun.delete(context);
}
