import type { LevelRules } from '../../engagement/levels';
import { versionLevel } from '../../engagement/levels';
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_PAGE_CONCURRENCY } from '../../Storydoc/constants';
import { DAY_MS, MAX_WINDOW_DAYS } from '../../Storydoc/helpers/dateWindows';
import type { AnalyticsEvent } from '../../engagement/events';
import { runAllInParallel } from '../../Storydoc/helpers/parallelItems';
import { VersionEngagement, notOpened } from '../../engagement/versionEngagement';
import type { StorydocContext } from '../../Storydoc/transport';
import { analyticsEvents } from '../../Storydoc/transport/analytics';
import type { AnalyticsQuery } from '../../Storydoc/transport/analytics';

/** Versions watched at once; past it, those read longest ago are forgotten (docs/development.md). */
export const MAX_QUIET_VERSIONS = 10_000;
/** Quiet versions whose totals one poll reads; the others are emitted by the next polls. */
export const MAX_QUIET_CHECKS_PER_POLL = 30;
/** The totals of a quiet version: its events of the API's one-request window (UTC days) up to the poll. */
export const totalsFrom = (readUntil: number) =>
	Math.floor(readUntil / DAY_MS) * DAY_MS - (MAX_WINDOW_DAYS - 1) * DAY_MS;

export interface QuietState {
	lastRead: Record<string, number>;
}

export interface QuietSettings {
	quietMs: number;
	idleGapMs: number;
	readUntil: number;
	deadline: number;
	levels: LevelRules;
}

export function readQuietState(staticData: IDataObject): QuietState {
	const stored = (staticData.quiet as Partial<QuietState> | undefined)?.lastRead ?? {};
	const lastRead: Record<string, number> = {};
	for (const [versionId, instant] of Object.entries(stored))
		if (Number.isFinite(instant)) lastRead[versionId] = instant;
	return { lastRead };
}

function noteEvents(lastRead: Map<string, number>, events: Iterable<AnalyticsEvent>) {
	for (const event of events) {
		const instant = Date.parse(event.timestamp);
		if (!event.versionId || !Number.isFinite(instant)) continue;
		if (instant > (lastRead.get(event.versionId) ?? Number.NEGATIVE_INFINITY))
			lastRead.set(event.versionId, instant);
	}
}

function bounded(lastRead: Map<string, number>): QuietState {
	const kept = [...lastRead].sort(([, a], [, b]) => b - a).slice(0, MAX_QUIET_VERSIONS);
	return { lastRead: Object.fromEntries(kept) };
}

/** Activation: the versions read within Quiet For before it; stops at `deadline` (the older part read). */
export async function quietLookBack(
	context: StorydocContext,
	query: AnalyticsQuery,
	deadline: number,
): Promise<{ state: QuietState; complete: boolean }> {
	const lastRead = new Map<string, number>();
	for await (const page of analyticsEvents.call(context, query)) {
		noteEvents(lastRead, page);
		if (Date.now() >= deadline) return { state: bounded(lastRead), complete: false };
	}
	return { state: bounded(lastRead), complete: true };
}

/** A quiet version's figures over the window before the poll: Summary per Version's fields. */
export async function quietTotals(
	context: StorydocContext,
	versionId: string,
	{ idleGapMs, readUntil }: Pick<QuietSettings, 'idleGapMs' | 'readUntil'>,
): Promise<IDataObject | undefined> {
	const query = { versionId, from: totalsFrom(readUntil), to: readUntil };
	const engagement = new VersionEngagement(new Set([versionId]), idleGapMs);
	for await (const page of analyticsEvents.call(context, query))
		for (const event of page) engagement.add(event);
	return engagement.results().get(versionId);
}

type QuietItemSettings = Pick<QuietSettings, 'quietMs' | 'readUntil' | 'levels'> & { last: number };

/** With no event of it left in the window (the API forgot them), its last read is all it has. */
export function quietItem(
	versionId: string,
	figures: IDataObject | undefined,
	{ last, quietMs, readUntil, levels }: QuietItemSettings,
): IDataObject {
	const totals = figures ?? {
		...notOpened(versionId, null),
		lastEventAt: new Date(last).toISOString(),
	};
	return {
		...totals,
		...versionLevel(totals, levels),
		quietSince: new Date(last + quietMs).toISOString(),
		quietForDays: quietMs / DAY_MS,
		totalsFrom: new Date(totalsFrom(readUntil)).toISOString(),
		totalsTo: new Date(readUntil).toISOString(),
	};
}

/** A poll's new events noted, and the versions quiet since: docs/development.md › Version Went Quiet. */
export async function quietVersions(
	context: StorydocContext,
	previous: QuietState,
	fresh: AnalyticsEvent[],
	settings: QuietSettings,
): Promise<{ emitted: IDataObject[]; state: QuietState }> {
	const { quietMs, readUntil, deadline } = settings;
	const lastRead = new Map(Object.entries(previous.lastRead));
	noteEvents(lastRead, fresh);
	const due = [...lastRead]
		.filter(([, instant]) => readUntil - instant >= quietMs)
		.sort(([a, x], [b, y]) => x - y || (a < b ? -1 : 1))
		.slice(0, MAX_QUIET_CHECKS_PER_POLL);
	const totals = await runAllInParallel(
		due.map((_, index) => index),
		async (index) =>
			Date.now() < deadline ? await quietTotals(context, due[index][0], settings) : null,
		DEFAULT_PAGE_CONCURRENCY,
	);
	const emitted: IDataObject[] = [];
	due.forEach(([versionId, instant], index) => {
		const figures = totals.get(index);
		// Past the poll's deadline: the next poll reads its totals.
		if (figures === null) return;
		const last = Math.max(instant, Date.parse(String(figures?.lastEventAt)) || instant);
		if (readUntil - last < quietMs) {
			lastRead.set(versionId, last);
			return;
		}
		lastRead.delete(versionId);
		emitted.push(
			quietItem(versionId, figures, { last, quietMs, readUntil, levels: settings.levels }),
		);
	});
	return { emitted, state: bounded(lastRead) };
}
