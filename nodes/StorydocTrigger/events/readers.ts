import type { IDataObject } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import { DEFAULT_PAGE_CONCURRENCY } from '../../Storydoc/constants';
import { DAY_MS } from '../../Storydoc/helpers/dateWindows';
import type { AnalyticsEvent } from '../../engagement/events';
import { instantOf } from '../../engagement/events';
import { runAllInParallel } from '../../Storydoc/helpers/parallelItems';
import type { StorydocContext } from '../../Storydoc/transport';
import { versionHistory } from '../../Storydoc/transport/analytics';
import { eventKey } from '../poll/cursor';
import { LOOKBACK_WITHOUT_CREATION_DAYS, MAX_CHECK_REQUESTS_PER_POLL } from './firstView';
import type { ReaderEventType, ReaderItem, VersionReaders } from '../../engagement/readers';
import { foldReaderEvent, noReaders } from '../../engagement/readers';

/** Readers remembered over all versions; past it the versions read longest ago are forgotten. */
export const MAX_REMEMBERED_READERS = 5000;

/** A version whose earlier events are still being read: where to go on, and from when events are new. */
interface PendingVersion extends VersionReaders {
	from: number;
	page: number;
	newFrom: number;
	/** Events at `newFrom` itself are new only with these keys (the others came before the cursor). */
	newAtFrom: string[];
}

export interface ReadersState {
	known: Record<string, VersionReaders>;
	pending: Record<string, PendingVersion>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	!!value && typeof value === 'object' && !Array.isArray(value);

const isVersionReaders = (value: unknown): value is VersionReaders =>
	isObject(value) && isObject(value.readers);

function isPending(value: unknown): value is PendingVersion {
	if (!isVersionReaders(value)) return false;
	const { from, page, newFrom, newAtFrom } = value as PendingVersion;
	return [from, page, newFrom].every(Number.isFinite) && Array.isArray(newAtFrom);
}

export function readReadersState(staticData: IDataObject): ReadersState {
	const stored = isObject(staticData.readers) ? staticData.readers : {};
	const pick = <T>(value: unknown, valid: (entry: unknown) => boolean): Record<string, T> =>
		isObject(value)
			? (Object.fromEntries(Object.entries(value).filter(([, entry]) => valid(entry))) as Record<
					string,
					T
				>)
			: {};
	return {
		known: pick(stored.known, isVersionReaders),
		pending: pick(stored.pending, isPending),
	};
}

/** Where a version's look-back starts: its creation, or a year before its first new event. */
function pendingFor(events: AnalyticsEvent[]): PendingVersion {
	const newFrom = instantOf(events[0].timestamp);
	const createdAt = Date.parse(String(events[0].versionCreatedAt ?? ''));
	return {
		...noReaders(),
		from: Number.isFinite(createdAt)
			? Math.min(createdAt, newFrom)
			: newFrom - LOOKBACK_WITHOUT_CREATION_DAYS * DAY_MS,
		page: 1,
		newFrom,
		newAtFrom: events.filter((event) => instantOf(event.timestamp) === newFrom).map(eventKey),
	};
}

/** The versions read longest ago are forgotten until the readers remembered fit the bound. */
function forget(known: Record<string, VersionReaders>) {
	const byAge = Object.entries(known).sort(([, a], [, b]) => a.lastActive - b.lastActive);
	const readersOf = (version: VersionReaders) => Object.keys(version.readers).length;
	let remembered = byAge.reduce((sum, [, version]) => sum + readersOf(version), 0);
	for (const [versionId, version] of byAge.slice(0, -1)) {
		if (remembered <= MAX_REMEMBERED_READERS) break;
		delete known[versionId];
		remembered -= readersOf(version);
	}
}

/** A poll's Returning Reader or New Reader items; kept only if the poll succeeds: docs/development.md. */
export async function readerEvents(
	context: StorydocContext,
	previous: ReadersState,
	fresh: AnalyticsEvent[],
	options: { pollFrom: number; type: ReaderEventType; idleGapMs: number; deadline: number },
): Promise<{ emitted: IDataObject[]; state: ReadersState }> {
	const { pollFrom, idleGapMs, deadline } = options;
	const state = deepCopy(previous);
	const items: ReaderItem[] = [];
	const fold = (version: VersionReaders, event: AnalyticsEvent, isNew: boolean) => {
		const item = foldReaderEvent(version, event, instantOf(event.timestamp), isNew, idleGapMs);
		if (item) items.push(item);
	};

	const freshByVersion = new Map<string, AnalyticsEvent[]>();
	for (const event of fresh) {
		const events = freshByVersion.get(event.versionId) ?? [];
		events.push(event);
		freshByVersion.set(event.versionId, events);
	}
	for (const [versionId, events] of freshByVersion) {
		const known = state.known[versionId];
		if (known) for (const event of events) fold(known, event, true);
		else state.pending[versionId] ??= pendingFor(events);
	}

	const freshKeys = new Set(fresh.map(eventKey));
	const pending = Object.entries(state.pending).sort(([, a], [, b]) => a.newFrom - b.newFrom);
	const budget = { requests: MAX_CHECK_REQUESTS_PER_POLL };
	const reads = await runAllInParallel(
		pending.map((_, index) => index),
		async (index) => {
			const [versionId, version] = pending[index];
			if (version.from > pollFrom) return { done: true as const };
			const newAtFrom = new Set(version.newAtFrom);
			return await versionHistory.call(
				context,
				{ versionId, from: version.from, to: pollFrom, page: version.page, budget, deadline },
				(page) => {
					const earlier = page
						.map((event) => ({ event, instant: instantOf(event.timestamp), key: eventKey(event) }))
						.filter(({ instant, key }) => Number.isFinite(instant) && !freshKeys.has(key))
						.sort((a, b) => a.instant - b.instant);
					for (const { event, instant, key } of earlier) {
						const isNew =
							instant > version.newFrom || (instant === version.newFrom && newAtFrom.has(key));
						fold(version, event, isNew);
					}
				},
			);
		},
		DEFAULT_PAGE_CONCURRENCY,
	);

	pending.forEach(([versionId, version], index) => {
		const read = reads.get(index);
		if (!read) return;
		if (!read.done) {
			version.from = read.from;
			version.page = read.page;
			return;
		}
		const { readers, firstReadAt, lastActive } = version;
		const known: VersionReaders = { readers, firstReadAt, lastActive };
		for (const event of freshByVersion.get(versionId) ?? []) fold(known, event, true);
		state.known[versionId] = known;
		delete state.pending[versionId];
	});
	forget(state.known);

	const emitted = items
		.filter((item) => item.type === options.type)
		.sort((a, b) => a.instant - b.instant)
		.map((item) => item.json);
	return { emitted, state };
}
