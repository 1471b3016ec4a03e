import { tryToParseDateTime } from 'n8n-workflow';

import type { AnalyticsEvent } from '../../engagement/events';

export interface Period {
	from: number;
	to: number;
}

/** The earlier period Compare With reads: the same length just before From, or a calendar year back. */
export function earlierPeriod(
	period: Period,
	compareWith: 'periodBefore' | 'yearBefore',
	timeZone: string,
): Period {
	if (compareWith === 'periodBefore') {
		const length = period.to - period.from + 1;
		return { from: period.from - length, to: period.from - 1 };
	}
	// In the workflow's zone: the same wall-clock time a year back (29 February becomes the 28th).
	const yearBefore = (instant: number) =>
		tryToParseDateTime(new Date(instant).toISOString(), timeZone)
			.setZone(timeZone)
			.minus({ years: 1 })
			.toMillis();
	return { from: yearBefore(period.from), to: yearBefore(period.to) };
}

/** What one read covers for both periods: the two together if they touch, else each on its own. */
export function readRanges<Q extends Period>(
	query: Q,
	compareWith: 'periodBefore' | 'yearBefore',
	earlier: Period,
): Q[] {
	return compareWith === 'periodBefore'
		? [{ ...query, from: earlier.from }]
		: [{ ...query, ...earlier }, query];
}

/** Where a read's events go: into `before` when older than `from` (Compare With), else into `now`. */
export const intoPeriods =
	<T extends { add(event: AnalyticsEvent): void }>(from: number, now: T, before?: T) =>
	(event: AnalyticsEvent) =>
		(before && Date.parse(event.timestamp) < from ? before : now).add(event);
