import { tryToParseDateTime } from 'n8n-workflow';

export type LocalTime = ReturnType<typeof tryToParseDateTime>;

const DAY_MS = 86_400_000;

export const localTime = (instant: number, timeZone: string): LocalTime =>
	tryToParseDateTime(new Date(instant).toISOString(), timeZone).setZone(timeZone);

/** A day's first instant: startOf('day'), moved to the first midnight where it comes twice (Luxon may give the second). */
export function dayStart(time: LocalTime): LocalTime {
	const start = time.startOf('day');
	const before = start.minus({ milliseconds: 1 });
	return before.day === start.day ? start.minus({ minutes: before.offset - start.offset }) : start;
}

/** How many local days From–To (To inclusive) is when it is whole days in the zone, else undefined. */
export function wholeDays(
	period: { from: number; to: number },
	timeZone: string,
): number | undefined {
	const from = localTime(period.from, timeZone);
	const end = localTime(period.to + 1, timeZone);
	if (dayStart(from).toMillis() !== period.from || dayStart(end).toMillis() !== period.to + 1)
		return undefined;
	const date = (time: LocalTime) => Date.UTC(time.year, time.month - 1, time.day);
	return Math.round((date(end) - date(from)) / DAY_MS);
}
