import type { IDataObject } from 'n8n-workflow';

import { runAllInParallel } from '../../Storydoc/helpers/parallelItems';
import { DEFAULT_PAGE_CONCURRENCY } from '../../Storydoc/constants';
import { DAY_MS } from '../../Storydoc/helpers/dateWindows';
import type { AnalyticsEvent } from '../../engagement/events';
import { viewBefore } from '../../Storydoc/transport/analytics';
import type { StorydocContext } from '../../Storydoc/transport';

/** Checks that do not fit wait for the next poll: docs/development.md › Design notes (First View). */
export const MAX_CHECK_REQUESTS_PER_POLL = 30;
/** Versions remembered as settled, so that their later views cost no request. */
export const SETTLED_LIMIT = 5000;
/** How far back a check reads for a version whose events do not say when it was created. */
export const LOOKBACK_WITHOUT_CREATION_DAYS = 365;

interface Candidate {
	event: AnalyticsEvent;
	/** Views of the version at the very same instant: not "before" it. */
	sameInstant: string[];
	checkedUntil?: number;
}

export interface FirstViewState {
	settled: string[];
	pending: Candidate[];
}

export function readFirstViewState(staticData: IDataObject): FirstViewState {
	const stored = staticData.firstViews as Partial<FirstViewState> | undefined;
	return {
		settled: Array.isArray(stored?.settled)
			? stored.settled.filter((id): id is string => typeof id === 'string')
			: [],
		pending: Array.isArray(stored?.pending)
			? stored.pending.filter((candidate) => candidate?.event?.versionId)
			: [],
	};
}

const instantOf = (event: AnalyticsEvent) => Date.parse(event.timestamp);

/** The caller keeps the returned state only when the whole poll succeeds, so a failed check is redone. */
export async function firstViews(
	context: StorydocContext,
	previous: FirstViewState,
	fresh: AnalyticsEvent[],
	deadline: number,
): Promise<{ emitted: AnalyticsEvent[]; state: FirstViewState }> {
	const settled = new Set(previous.settled);
	const candidates = new Map<string, Candidate>(
		previous.pending.map((candidate) => [
			candidate.event.versionId,
			{ ...candidate, sameInstant: [...candidate.sameInstant] },
		]),
	);
	for (const event of fresh) {
		if (event.eventCategory !== 'view' || settled.has(event.versionId)) continue;
		const known = candidates.get(event.versionId);
		if (!known)
			candidates.set(event.versionId, { event, sameInstant: [String(event.eventId ?? '')] });
		else if (instantOf(known.event) === instantOf(event))
			known.sameInstant.push(String(event.eventId ?? ''));
	}

	const queue = [...candidates.values()].sort((a, b) => instantOf(a.event) - instantOf(b.event));
	const budget = { requests: MAX_CHECK_REQUESTS_PER_POLL };
	const checks = await runAllInParallel(
		queue.map((_, index) => index),
		async (index) => {
			if (budget.requests <= 0 || Date.now() >= deadline) return undefined;
			return await checkCandidate(context, queue[index], budget);
		},
		DEFAULT_PAGE_CONCURRENCY,
	);

	const emitted: AnalyticsEvent[] = [];
	const settle = (versionId: string) => {
		settled.delete(versionId);
		settled.add(versionId);
		candidates.delete(versionId);
	};
	queue.forEach((candidate, index) => {
		const check = checks.get(index);
		if (!check) return;
		if (check.found) settle(candidate.event.versionId);
		else if (check.checkedUntil > instantOf(candidate.event)) {
			emitted.push(candidate.event);
			settle(candidate.event.versionId);
		} else candidate.checkedUntil = check.checkedUntil;
	});

	const kept = [...settled];
	return {
		emitted,
		state: {
			settled: kept.slice(Math.max(0, kept.length - SETTLED_LIMIT)),
			pending: [...candidates.values()].sort((a, b) => instantOf(a.event) - instantOf(b.event)),
		},
	};
}

/** Reads the version's events from its creation (or where an earlier check stopped) up to the view. */
async function checkCandidate(
	context: StorydocContext,
	candidate: Candidate,
	budget: { requests: number },
) {
	const viewedAt = instantOf(candidate.event);
	const createdAt = Date.parse(String(candidate.event.versionCreatedAt ?? ''));
	const from =
		candidate.checkedUntil ??
		(Number.isFinite(createdAt)
			? Math.min(createdAt, viewedAt)
			: viewedAt - LOOKBACK_WITHOUT_CREATION_DAYS * DAY_MS);
	return await viewBefore.call(context, {
		versionId: candidate.event.versionId,
		from,
		to: viewedAt,
		notBefore: new Set(candidate.sameInstant),
		budget,
	});
}
