export const DAY_MS = 86_400_000;

/** GET /v2/analytics/events refuses a range of more than 92 days ("Date range cannot exceed 3 months"). */
export const MAX_WINDOW_DAYS = 92;

/** `from`/`to`: the inclusive instants (epoch ms) it covers; `dateFrom`/`dateTo`: what is sent. */
export interface DateWindow {
	from: number;
	to: number;
	dateFrom: string;
	dateTo: string;
}

const startOfUtcDay = (instant: number) => Math.floor(instant / DAY_MS) * DAY_MS;

/** Windows that touch at UTC midnight without overlapping: docs/development.md › Design notes. */
export function splitIntoWindows(
	from: number,
	to: number,
	maxDays = MAX_WINDOW_DAYS,
): DateWindow[] {
	if (!Number.isFinite(from) || !Number.isFinite(to))
		throw new RangeError('Window bounds must be finite instants');
	if (from > to) throw new RangeError('The start of the range is after its end');
	if (!Number.isInteger(maxDays) || maxDays < 1)
		throw new RangeError('A window spans at least one whole day');

	const windows: DateWindow[] = [];
	let start = from;
	while (start <= to) {
		const lastInstantOfWindow = startOfUtcDay(start) + maxDays * DAY_MS - 1;
		const end = Math.min(to, lastInstantOfWindow);
		windows.push({
			from: start,
			to: end,
			dateFrom: new Date(start).toISOString(),
			dateTo: new Date(end).toISOString(),
		});
		start = end + 1;
	}
	return windows;
}

/** `YYYY-MM-DDTHH:mm:ss.sssZ`, what `toISOString` writes: such strings sort in time order. */
const isCanonicalUtc = (text: string) => text.length === 24 && text[23] === 'Z' && text[10] === 'T';

/** The API returns To's whole day; an unreadable timestamp is kept: the API put it in this window. */
export function isOutsideWindow(timestamp: unknown, window: DateWindow): boolean {
	if (typeof timestamp !== 'string') return false;
	if (isCanonicalUtc(timestamp)) return timestamp < window.dateFrom || timestamp > window.dateTo;
	const instant = Date.parse(timestamp);
	return instant < window.from || instant > window.to;
}
