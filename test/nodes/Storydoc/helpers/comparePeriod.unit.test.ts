/** The earlier period Compare With reads (nodes/Storydoc/helpers/comparePeriod.ts). */
import { earlierPeriod } from '../../../../nodes/Storydoc/helpers/comparePeriod';

const at = (iso: string) => Date.parse(iso);
const iso = (period: { from: number; to: number }) => [
	new Date(period.from).toISOString(),
	new Date(period.to).toISOString(),
];

test('the period before: the same length, ending the millisecond before From', () => {
	const period = { from: at('2026-11-16T05:00:00.000Z'), to: at('2026-11-23T04:59:59.999Z') };
	expect(iso(earlierPeriod(period, 'periodBefore', 'America/New_York'))).toEqual([
		'2026-11-09T05:00:00.000Z',
		'2026-11-16T04:59:59.999Z',
	]);
});

test('a year before, across a change to daylight saving time: the same wall-clock times in the zone', () => {
	// New York: daylight saving time began on 8 March 2026 and on 9 March 2025.
	const period = { from: at('2026-03-07T05:00:00.000Z'), to: at('2026-03-10T03:59:59.999Z') };
	expect(iso(earlierPeriod(period, 'yearBefore', 'America/New_York'))).toEqual([
		'2025-03-07T05:00:00.000Z',
		'2025-03-10T03:59:59.999Z',
	]);
});

test('a year before 29 February is 28 February', () => {
	const period = { from: at('2028-02-29T10:00:00.000Z'), to: at('2028-03-01T09:59:59.999Z') };
	expect(iso(earlierPeriod(period, 'yearBefore', 'UTC'))).toEqual([
		'2027-02-28T10:00:00.000Z',
		'2027-03-01T09:59:59.999Z',
	]);
});
