/**
 * The earlier period Compare With reads (nodes/Storydoc/helpers/comparePeriod.ts): for whole local
 * days, the same count of days before or the same dates a year back, across DST; else the same
 * length, or the same wall-clock times a year back. The property's oracle finds local dates with
 * Intl alone (no Luxon), over zones whose days start at 01:00, repeat midnight or shift by 30 minutes.
 */
import fc from 'fast-check';
import { tryToParseDateTime } from 'n8n-workflow';

import { earlierPeriod } from '../../../../nodes/Storydoc/helpers/comparePeriod';

const SEED = 65;
const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
const iso = (period: { from: number; to: number }) => [
	new Date(period.from).toISOString(),
	new Date(period.to).toISOString(),
];

describe('examples', () => {
	test('the week before the week of 26 October 2026 in Berlin (DST ends on its Sunday 25 October): Monday 19 to Sunday 25 October, local midnights', () => {
		// 26 Oct 00:00 CET is 25 Oct 23:00Z; 19 Oct 00:00 CEST is 18 Oct 22:00Z; the week before has 169 hours.
		const week = { from: at('2026-10-25T23:00:00.000Z'), to: at('2026-11-01T22:59:59.999Z') };
		expect(iso(earlierPeriod(week, 'periodBefore', 'Europe/Berlin'))).toEqual([
			'2026-10-18T22:00:00.000Z',
			'2026-10-25T22:59:59.999Z',
		]);
	});

	test('the week before 19 to 25 October 2026 in Berlin (its Sunday has 25 hours): Monday 12 to Sunday 18 October', () => {
		const week = { from: at('2026-10-18T22:00:00.000Z'), to: at('2026-10-25T22:59:59.999Z') };
		expect(iso(earlierPeriod(week, 'periodBefore', 'Europe/Berlin'))).toEqual([
			'2026-10-11T22:00:00.000Z',
			'2026-10-18T21:59:59.999Z',
		]);
	});

	test('whole days without a DST change: the same length, ending the millisecond before From', () => {
		const period = { from: at('2026-11-16T05:00:00.000Z'), to: at('2026-11-23T04:59:59.999Z') };
		expect(iso(earlierPeriod(period, 'periodBefore', 'America/New_York'))).toEqual([
			'2026-11-09T05:00:00.000Z',
			'2026-11-16T04:59:59.999Z',
		]);
	});

	test('Santiago, where 6 September 2026 starts at 01:00: the day before a period starting 7 September is that day from 01:00', () => {
		// 7 Sep 00:00 -03 is 03:00Z; 6 Sep starts at 01:00 -03 (04:00Z on the 6th): a day of 23 hours.
		const day = { from: at('2026-09-07T03:00:00.000Z'), to: at('2026-09-08T02:59:59.999Z') };
		expect(iso(earlierPeriod(day, 'periodBefore', 'America/Santiago'))).toEqual([
			'2026-09-06T04:00:00.000Z',
			'2026-09-07T02:59:59.999Z',
		]);
	});

	test('Havana, where midnight comes twice on 1 November 2026: the day before 2 November starts at the first midnight', () => {
		// 1 Nov 00:00 -04 is 04:00Z; at 01:00 -04 the clocks go back to 00:00 -05: a day of 25 hours.
		const day = { from: at('2026-11-02T05:00:00.000Z'), to: at('2026-11-03T04:59:59.999Z') };
		expect(iso(earlierPeriod(day, 'periodBefore', 'America/Havana'))).toEqual([
			'2026-11-01T04:00:00.000Z',
			'2026-11-02T04:59:59.999Z',
		]);
	});

	test('a year before whole days across a change to daylight saving time: the same dates, local midnight to midnight', () => {
		// New York: daylight saving time began on 8 March 2026 and on 9 March 2025.
		const period = { from: at('2026-03-07T05:00:00.000Z'), to: at('2026-03-10T03:59:59.999Z') };
		expect(iso(earlierPeriod(period, 'yearBefore', 'America/New_York'))).toEqual([
			'2025-03-07T05:00:00.000Z',
			'2025-03-10T03:59:59.999Z',
		]);
	});

	test('a year before whole days ending on 29 February: ending on the 28th', () => {
		const period = { from: at('2028-02-27T23:00:00.000Z'), to: at('2028-02-29T22:59:59.999Z') };
		expect(iso(earlierPeriod(period, 'yearBefore', 'Europe/Berlin'))).toEqual([
			'2027-02-27T23:00:00.000Z',
			'2027-02-28T22:59:59.999Z',
		]);
	});

	test('not whole days, across a DST change: the same length before, and the same wall-clock times a year back', () => {
		// Berlin, 24 Oct 2026 09:00 CEST to 26 Oct 09:00 CET: 49 hours.
		const period = { from: at('2026-10-24T07:00:00.000Z'), to: at('2026-10-26T07:59:59.999Z') };
		expect(iso(earlierPeriod(period, 'periodBefore', 'Europe/Berlin'))).toEqual([
			'2026-10-22T06:00:00.000Z',
			'2026-10-24T06:59:59.999Z',
		]);
		// 2025: DST ended on 26 October, so 24 Oct 09:00 is CEST and 26 Oct 09:00 is CET again.
		expect(iso(earlierPeriod(period, 'yearBefore', 'Europe/Berlin'))).toEqual([
			'2025-10-24T07:00:00.000Z',
			'2025-10-26T07:59:59.999Z',
		]);
	});

	test('a year before 29 February, not whole days: 28 February at the same time', () => {
		const period = { from: at('2028-02-29T10:00:00.000Z'), to: at('2028-03-01T09:59:59.999Z') };
		expect(iso(earlierPeriod(period, 'yearBefore', 'UTC'))).toEqual([
			'2027-02-28T10:00:00.000Z',
			'2027-03-01T09:59:59.999Z',
		]);
	});
});

/** Zones with DST at 02:00, at midnight (days from 01:00, or midnight twice), by 30 minutes, negative, none. */
const ZONES = [
	'Europe/Berlin',
	'Europe/London',
	'Europe/Dublin',
	'America/New_York',
	'America/St_Johns',
	'America/Santiago',
	'America/Havana',
	'America/Asuncion',
	'America/Nuuk',
	'America/Sao_Paulo',
	'Asia/Beirut',
	'Africa/Cairo',
	'Africa/Casablanca',
	'Australia/Lord_Howe',
	'Australia/Sydney',
	'Pacific/Auckland',
	'Pacific/Chatham',
	'Asia/Kolkata',
	'Asia/Kathmandu',
	'Asia/Tehran',
	'UTC',
];

/** A local date as YYYY-MM-DD and an instant's local date and offset, from Intl (the oracle). */
const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string): Intl.DateTimeFormat {
	let known = formats.get(zone);
	if (!known) {
		known = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			timeZoneName: 'longOffset',
		});
		formats.set(zone, known);
	}
	return known;
}
function local(instant: number, zone: string) {
	const parts = format(zone).formatToParts(instant);
	const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
	return {
		date: `${part('year')}-${part('month')}-${part('day')}`,
		offset: part('timeZoneName'),
	};
}
const dateOf = (instant: number, zone: string) => local(instant, zone).date;
/** Day numbers from 1970-01-01 and back. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00.000Z`) / DAY;
const dateOfNumber = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** The first instant whose local date is `date` (by bisection: no zone is more than 14 hours off UTC). */
function firstInstant(date: string, zone: string): number {
	let before = dayNumber(date) * DAY - 16 * 3_600_000;
	let onOrAfter = dayNumber(date) * DAY + 15 * 3_600_000;
	while (onOrAfter - before > 1) {
		const middle = Math.floor((before + onOrAfter) / 2);
		if (dateOf(middle, zone) < date) before = middle;
		else onOrAfter = middle;
	}
	return onOrAfter;
}

/** The same date a year back; 29 February becomes the 28th. */
function yearBack(date: string): string {
	const year = Number(date.slice(0, 4)) - 1;
	const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
	return `${year}-${monthDay}`;
}

const FIRST_DAY = dayNumber('2020-01-01');
const LAST_DAY = dayNumber('2030-12-31');
/** Per zone, the dates whose offset at noon UTC differs from the day before's: DST changes. */
const changes = new Map<string, number[]>();
function changesOf(zone: string): number[] {
	let known = changes.get(zone);
	if (!known) {
		known = [];
		let previous = local(FIRST_DAY * DAY + DAY / 2, zone).offset;
		for (let day = FIRST_DAY + 1; day <= LAST_DAY; day++) {
			const offset = local(day * DAY + DAY / 2, zone).offset;
			if (offset !== previous) known.push(day);
			previous = offset;
		}
		changes.set(zone, known);
	}
	return known;
}

/** A zone, a length of 1 to 120 days, and a first day anywhere in 2020–2030, mostly near a DST change. */
const wholeDaysArbitrary = fc
	.record({ zone: fc.constantFrom(...ZONES), days: fc.integer({ min: 1, max: 120 }) })
	.chain(({ zone, days }) => {
		const near = changesOf(zone);
		const anywhere = fc.integer({ min: FIRST_DAY + 400, max: LAST_DAY - 130 });
		if (!near.length) return anywhere.map((firstDay) => ({ zone, days, firstDay }));
		const nearChange = fc
			.tuple(
				fc.integer({ min: 0, max: near.length - 1 }),
				fc.integer({ min: -days - 8, max: days + 8 }),
			)
			.map(([index, shift]) => near[index] + shift);
		const first = fc.oneof(
			{ arbitrary: anywhere, weight: 1 },
			{ arbitrary: nearChange, weight: 3 },
		);
		return first.map((firstDay) => ({ zone, days, firstDay }));
	});

function period(zone: string, firstDay: number, days: number) {
	return {
		from: firstInstant(dateOfNumber(firstDay), zone),
		to: firstInstant(dateOfNumber(firstDay + days), zone) - 1,
	};
}

/** The rule before calendar periods, kept for periods that are not whole days. */
function sameLengthRule(p: { from: number; to: number }, compareWith: string, zone: string) {
	if (compareWith === 'periodBefore') {
		const length = p.to - p.from + 1;
		return { from: p.from - length, to: p.from - 1 };
	}
	const yearBefore = (instant: number) =>
		tryToParseDateTime(new Date(instant).toISOString(), zone)
			.setZone(zone)
			.minus({ years: 1 })
			.toMillis();
	return { from: yearBefore(p.from), to: yearBefore(p.to) };
}

const shown = { periods: 0, zones: new Set<string>(), notSameLength: 0, notWhole: 0 };
afterAll(() =>
	// eslint-disable-next-line no-console -- the property's counts and seed, for the log
	console.log(
		`calendar periods property (seed ${SEED}): ${shown.periods} whole-day periods in ${shown.zones.size} zones, ${shown.notSameLength} of whose earlier periods differ in length from the period (a DST change in one of them); ${shown.notWhole} periods not whole days`,
	),
);

test(`The Period Before whole local days: as many whole local days, ending 1 ms before From, in every zone across DST (seed ${SEED})`, () => {
	fc.assert(
		fc.property(wholeDaysArbitrary, ({ zone, days, firstDay }) => {
			const now = period(zone, firstDay, days);
			const earlier = earlierPeriod(now, 'periodBefore', zone);
			expect(earlier.to).toBe(now.from - 1);
			const firstDate = dateOf(earlier.from, zone);
			expect(new Date(earlier.from).toISOString()).toBe(
				new Date(firstInstant(firstDate, zone)).toISOString(),
			);
			expect(dayNumber(dateOf(now.from, zone)) - dayNumber(firstDate)).toBe(days);
			shown.periods++;
			shown.zones.add(zone);
			if (earlier.to - earlier.from !== now.to - now.from) shown.notSameLength++;
		}),
		{ seed: SEED, numRuns: 600 },
	);
});

test(`The Same Period a Year Before whole local days: the same local dates a year back, first instant to last (seed ${SEED})`, () => {
	fc.assert(
		fc.property(wholeDaysArbitrary, ({ zone, days, firstDay }) => {
			const now = period(zone, firstDay, days);
			const earlier = earlierPeriod(now, 'yearBefore', zone);
			const firstDate = yearBack(dateOfNumber(firstDay));
			const lastDate = yearBack(dateOfNumber(firstDay + days - 1));
			expect(iso(earlier)).toEqual(
				iso({
					from: firstInstant(firstDate, zone),
					to: firstInstant(dateOfNumber(dayNumber(lastDate) + 1), zone) - 1,
				}),
			);
			expect([dateOf(earlier.from, zone), dateOf(earlier.to, zone)]).toEqual([firstDate, lastDate]);
			shown.periods++;
			if (earlier.to - earlier.from !== now.to - now.from) shown.notSameLength++;
		}),
		{ seed: SEED, numRuns: 600 },
	);
});

test(`periods that are not whole local days keep the rule of the same length, or the same wall-clock times a year back (seed ${SEED})`, () => {
	/** A whole-day period with From or To moved off a day's start by a time that is not a whole minute. */
	const notWhole = fc
		.tuple(
			wholeDaysArbitrary,
			fc.constantFrom('from', 'to'),
			fc.integer({ min: -1439, max: 1439 }),
			fc.integer({ min: 1, max: 59_999 }),
			fc.constantFrom('periodBefore', 'yearBefore'),
		)
		.map(([{ zone, days, firstDay }, end, minutes, ms, compareWith]) => {
			const whole = period(zone, firstDay, days);
			const moved = whole[end] + minutes * 60_000 + ms;
			const p = { ...whole, [end]: moved };
			return { zone, compareWith, p };
		})
		.filter(({ p }) => p.from <= p.to);
	fc.assert(
		fc.property(notWhole, ({ zone, compareWith, p }) => {
			const mode = compareWith as 'periodBefore' | 'yearBefore';
			expect(iso(earlierPeriod(p, mode, zone))).toEqual(iso(sameLengthRule(p, mode, zone)));
			shown.notWhole++;
		}),
		{ seed: SEED, numRuns: 400 },
	);
});
