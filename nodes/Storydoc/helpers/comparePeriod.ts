import type { AnalyticsEvent } from '../../engagement/events';
import { dayStart, localTime, wholeDays } from './localDays';

export interface Period {
	from: number;
	to: number;
}

/** Compare With's earlier period: whole local days, the same days; else the same length, or wall-clock times a year back. */
export function earlierPeriod(
	period: Period,
	compareWith: 'periodBefore' | 'yearBefore',
	timeZone: string,
): Period {
	const days = wholeDays(period, timeZone);
	if (days !== undefined) return earlierDays(period, days, compareWith, timeZone);
	if (compareWith === 'periodBefore') {
		const length = period.to - period.from + 1;
		return { from: period.from - length, to: period.from - 1 };
	}
	const yearBefore = (instant: number) =>
		localTime(instant, timeZone).minus({ years: 1 }).toMillis();
	return { from: yearBefore(period.from), to: yearBefore(period.to) };
}

/** As many local days just before From (adjacent: one read), or the same dates a year back: docs/development.md › Compare With. */
function earlierDays(
	period: Period,
	days: number,
	compareWith: 'periodBefore' | 'yearBefore',
	timeZone: string,
): Period {
	const from = localTime(period.from, timeZone);
	if (compareWith === 'periodBefore')
		return { from: dayStart(from.minus({ days })).toMillis(), to: period.from - 1 };
	const lastDay = dayStart(localTime(period.to, timeZone)).minus({ years: 1 });
	return {
		from: dayStart(from.minus({ years: 1 })).toMillis(),
		to: dayStart(lastDay.plus({ days: 1 })).toMillis() - 1,
	};
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
