export const DAY_MS = 86_400_000;

/** GET /v2/analytics/events refuses a range of more than 92 days ("Date range cannot exceed 3 months"). */
export const MAX_WINDOW_DAYS = 92;

/**
 * One request range for the analytics API. `from` and `to` are the instants (epoch ms, both
 * inclusive) this window is responsible for; `dateFrom` / `dateTo` are what is sent.
 */
export interface DateWindow {
	from: number;
	to: number;
	dateFrom: string;
	dateTo: string;
}

const startOfUtcDay = (instant: number) => Math.floor(instant / DAY_MS) * DAY_MS;

/**
 * Splits the inclusive range [from, to] into consecutive windows the API accepts.
 *
 * The API reads `dateFrom` as an inclusive instant and `dateTo` as inclusive through the end of its
 * UTC day. So every window but the last ends at 23:59:59.999Z of a UTC day and the next one starts
 * at 00:00:00.000Z of the following day: the windows touch without overlapping, whichever way the
 * API reads the end (instant or whole day). A window spans at most `maxDays` UTC days counted from
 * the day it starts on, which keeps it within the limit under either reading too.
 *
 * The first window starts at the user's exact `from` and the last one is sent the user's exact `to`;
 * events that the API returns for the rest of that last day are outside `[from, to]` and are for the
 * caller to drop (see `isOutsideWindow`).
 */
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
const isCanonicalUtc = (text: string) =>
	text.length === 24 && text.charCodeAt(23) === 90 && text.charCodeAt(10) === 84;

/**
 * Whether an event lies outside the instants a window is responsible for: after the user's exact
 * `to` on the last day (the API returns that whole day), or before `from`. An event whose timestamp
 * cannot be read is kept, not silently dropped: the API itself put it in this window.
 *
 * Runs once per event (100,000 in a big query): a timestamp in the canonical UTC form is compared as
 * a string with the window's own ISO bounds, any other form is parsed.
 */
export function isOutsideWindow(timestamp: unknown, window: DateWindow): boolean {
	if (typeof timestamp !== 'string') return false;
	if (isCanonicalUtc(timestamp)) return timestamp < window.dateFrom || timestamp > window.dateTo;
	const instant = Date.parse(timestamp);
	return instant < window.from || instant > window.to;
}
