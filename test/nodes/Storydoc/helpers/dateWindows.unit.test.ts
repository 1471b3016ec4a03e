/**
 * Unit tests of the date windows (pure). The API reads dateFrom as an inclusive instant and dateTo as
 * inclusive through the end of its UTC day, and refuses more than 92 days: windows must tile the
 * user's range exactly, touch without overlapping, and each stay within the limit.
 */
import type { DateWindow } from '../../../../nodes/Storydoc/helpers/dateWindows';
import {
	splitIntoWindows,
	isOutsideWindow,
	MAX_WINDOW_DAYS,
} from '../../../../nodes/Storydoc/helpers/dateWindows';
import { DAY_MS } from '../../../../sandbox/dates';

const at = (iso: string) => Date.parse(iso);
const endOfUtcDay = (instant: number) => Math.floor(instant / DAY_MS) * DAY_MS + DAY_MS - 1;

/** What the API would cover for a window: dateFrom to the end of dateTo's UTC day. */
const apiCoverage = (window: DateWindow) => ({
	from: at(window.dateFrom),
	to: endOfUtcDay(at(window.dateTo)),
});

function expectTiling(windows: DateWindow[], from: number, to: number) {
	expect(windows[0].from).toBe(from);
	expect(windows[windows.length - 1].to).toBe(to);
	for (let index = 0; index < windows.length; index++) {
		const window = windows[index];
		expect(window.from).toBeLessThanOrEqual(window.to);
		expect(window.dateFrom).toBe(new Date(window.from).toISOString());
		expect(window.dateTo).toBe(new Date(window.to).toISOString());
		// Within the limit both ways the API might measure it: instants, or to the end of dateTo's day.
		const coverage = apiCoverage(window);
		expect(coverage.to - coverage.from).toBeLessThan(MAX_WINDOW_DAYS * DAY_MS);
		if (index > 0) {
			// Consecutive, no gap and no overlap, and the previous window ends exactly where the API's
			// reading of its dateTo ends (the end of a UTC day), so no event is returned twice.
			expect(window.from).toBe(windows[index - 1].to + 1);
			expect(windows[index - 1].to).toBe(apiCoverage(windows[index - 1]).to);
			expect(window.dateFrom).toMatch(/T00:00:00\.000Z$/);
		}
	}
}

describe('splitIntoWindows', () => {
	test('MAX_WINDOW_DAYS is the API limit of 92 days', () => {
		expect(MAX_WINDOW_DAYS).toBe(92);
	});

	test('a range inside one day is one window with the exact instants', () => {
		const from = at('2026-03-05T08:15:30.250Z');
		const to = at('2026-03-05T17:00:00.000Z');
		expect(splitIntoWindows(from, to)).toEqual([
			{ from, to, dateFrom: '2026-03-05T08:15:30.250Z', dateTo: '2026-03-05T17:00:00.000Z' },
		]);
	});

	test('from equal to to is a one-instant window', () => {
		const instant = at('2026-01-01T00:00:00.000Z');
		expect(splitIntoWindows(instant, instant)).toHaveLength(1);
	});

	test('exactly 92 whole UTC days from midnight is still one window', () => {
		const from = at('2026-01-01T00:00:00.000Z');
		const to = from + 92 * DAY_MS - 1; // 2026-04-02T23:59:59.999Z
		expect(splitIntoWindows(from, to)).toEqual([
			{ from, to, dateFrom: '2026-01-01T00:00:00.000Z', dateTo: '2026-04-02T23:59:59.999Z' },
		]);
	});

	test('one millisecond more starts a second window at the next midnight', () => {
		const from = at('2026-01-01T00:00:00.000Z');
		const to = from + 92 * DAY_MS;
		const windows = splitIntoWindows(from, to);
		expect(windows.map((w) => [w.dateFrom, w.dateTo])).toEqual([
			['2026-01-01T00:00:00.000Z', '2026-04-02T23:59:59.999Z'],
			['2026-04-03T00:00:00.000Z', '2026-04-03T00:00:00.000Z'],
		]);
		expectTiling(windows, from, to);
	});

	test('200 days from mid-day: three windows, exact ends, day-aligned boundaries', () => {
		const from = at('2025-06-10T13:45:00.000Z');
		const to = at('2025-12-27T09:30:00.000Z');
		const windows = splitIntoWindows(from, to);
		expect(windows.map((w) => [w.dateFrom, w.dateTo])).toEqual([
			['2025-06-10T13:45:00.000Z', '2025-09-09T23:59:59.999Z'],
			['2025-09-10T00:00:00.000Z', '2025-12-10T23:59:59.999Z'],
			['2025-12-11T00:00:00.000Z', '2025-12-27T09:30:00.000Z'],
		]);
		expectTiling(windows, from, to);
	});

	test('a first window starting late in the day still spans at most 92 calendar days', () => {
		const from = at('2026-01-01T23:59:59.999Z');
		const windows = splitIntoWindows(from, from + 400 * DAY_MS);
		expect(windows[0].dateTo).toBe('2026-04-02T23:59:59.999Z');
		expectTiling(windows, from, from + 400 * DAY_MS);
	});

	test.each([1, 7, 91, 92, 93, 183, 184, 185, 365, 1000])(
		'%i days from a random instant tile exactly',
		(days) => {
			const from = at('2024-02-28T17:23:11.123Z');
			const to = from + days * DAY_MS + 12_345;
			const windows = splitIntoWindows(from, to);
			expectTiling(windows, from, to);
			expect(windows.length).toBe(
				Math.ceil((endOfUtcDay(to) - Math.floor(from / DAY_MS) * DAY_MS + 1) / (92 * DAY_MS)),
			);
		},
	);

	test('across a leap day and a year end', () => {
		const from = at('2023-12-01T00:00:00.000Z');
		const to = at('2024-06-02T00:00:00.000Z');
		const windows = splitIntoWindows(from, to);
		expect(windows.map((w) => w.dateFrom)).toEqual([
			'2023-12-01T00:00:00.000Z',
			'2024-03-02T00:00:00.000Z',
			'2024-06-02T00:00:00.000Z',
		]);
		expectTiling(windows, from, to);
	});

	test('a smaller window size (used by the trigger or tests) tiles the same way', () => {
		const from = at('2026-01-01T10:00:00.000Z');
		const to = at('2026-01-10T10:00:00.000Z');
		const windows = splitIntoWindows(from, to, 3);
		expect(windows.map((w) => w.dateTo)).toEqual([
			'2026-01-03T23:59:59.999Z',
			'2026-01-06T23:59:59.999Z',
			'2026-01-09T23:59:59.999Z',
			'2026-01-10T10:00:00.000Z',
		]);
	});

	test('every instant of the range belongs to exactly one window', () => {
		const from = at('2025-01-15T06:00:00.000Z');
		const to = at('2025-09-30T18:00:00.000Z');
		const windows = splitIntoWindows(from, to);
		for (let instant = from - DAY_MS; instant <= to + DAY_MS; instant += 3_600_000 + 17) {
			const owners = windows.filter((w) => !isOutsideWindow(new Date(instant).toISOString(), w));
			expect(owners).toHaveLength(instant >= from && instant <= to ? 1 : 0);
		}
	});

	test.each<[string, number, number, number | undefined, RegExp]>([
		['from after to', 10, 9, undefined, /after its end/],
		['a non-finite bound', Number.NaN, 9, undefined, /finite/],
		['a zero-day window', 1, 9, 0, /at least one whole day/],
	])('refuses %s', (_label, from, to, maxDays, message) => {
		expect(() => splitIntoWindows(from, to, maxDays)).toThrow(message);
	});
});

describe('isOutsideWindow', () => {
	const window = splitIntoWindows(
		at('2026-02-01T10:00:00.000Z'),
		at('2026-02-03T12:00:00.000Z'),
	)[0];

	test.each([
		['2026-02-01T10:00:00.000Z', false],
		['2026-02-03T12:00:00.000Z', false],
		['2026-02-02T00:00:00+05:00', false],
		['2026-02-01T09:59:59.999Z', true],
		['2026-02-03T12:00:00.001Z', true],
		['2026-02-03T23:59:59.999Z', true],
		// Not in the canonical form: parsed rather than compared as text.
		['2026-02-03T12:00:00Z', false],
		['2026-02-03T12:00:01Z', true],
		['2026-02-03T13:00:00.000+01:00', false],
		['2026-02-01T10:59:59.999+01:00', true],
		['2026-02-02', false],
	])('%s → %s', (timestamp, outside) => {
		expect(isOutsideWindow(timestamp, window)).toBe(outside);
	});

	test('an unreadable timestamp is kept rather than silently dropped', () => {
		expect(isOutsideWindow('not a date', window)).toBe(false);
		expect(isOutsideWindow(undefined, window)).toBe(false);
	});
});
