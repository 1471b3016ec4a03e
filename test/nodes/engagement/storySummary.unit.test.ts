/**
 * Summary per Story from reading sessions: as a property over generated events (two stories, known
 * and unknown readers, devices, cities, clicks, days across midnight in a time zone that is not UTC,
 * any API order), every field equals what a count by hand over the Summary per Reading Session items
 * of the same events gives (scripts/examples/stories.js), from the open sessions (as the node runs
 * it) and from those items alike; and crafted cases with their figures written out.
 */
import fc from 'fast-check';

import type { AnalyticsEvent } from '../../../nodes/engagement/events';
import { ReadingSessions } from '../../../nodes/engagement/sessions';
import { storyRows } from '../../../nodes/engagement/storyRows';
import { storySummaries, storySummariesOf } from '../../../nodes/engagement/storySummary';
import { storiesByHand } from '../../../scripts/examples/stories';

const SEED = 55;
const MINUTE = 60_000;
const GAP = 30 * MINUTE;
/** 22:00 in Kolkata (UTC+5:30): the generated reads run across two local midnights. */
const START = Date.parse('2026-05-01T16:30:00.000Z');
const ZONE = 'Asia/Kolkata';
const PERIOD = { from: START - 60 * MINUTE, to: START + 3 * 24 * 60 * MINUTE, timeZone: ZONE };

function summaries(events: AnalyticsEvent[], options: { lastSlide?: number } = {}) {
	const sessions = new ReadingSessions(GAP);
	for (const event of events) sessions.add(event);
	const items = sessions.results(PERIOD.to);
	return {
		items,
		// What the node runs: from the sessions as read, none made an item.
		actual: storySummariesOf(sessions, { ...PERIOD, ...options }),
		fromItems: () => storySummaries(items, { ...PERIOD, ...options }),
		byHand: () => storiesByHand(items, { ...PERIOD, ...options }),
	};
}

const rowArbitrary = fc.record({
	minute: fc.integer({ min: 0, max: 2 * 24 * 60 }),
	second: fc.integer({ min: 0, max: 59 }),
	story: fc.constantFrom('story_a', 'story_b'),
	version: fc.constantFrom('v1', 'v2', 'v3'),
	visitor: fc.constantFrom('vis_a', 'vis_b', 'vis_c', null),
	session: fc.constantFrom('s1', 's2', 's3', null),
	click: fc.option(fc.constantFrom('CTA: Book', 'Link: Case study', 'CTA: PDF'), { freq: 3 }),
	slide: fc.integer({ min: 1, max: 8 }),
	device: fc.constantFrom('desktop', 'mobile', 'tablet', null),
	city: fc.constantFrom('Pune', 'Berlin', null),
});
type Row = typeof rowArbitrary extends fc.Arbitrary<infer T> ? T : never;

const toEvents = (rows: Row[]): AnalyticsEvent[] =>
	rows.map((row, index) => ({
		eventId: `e${index}`,
		timestamp: new Date(START + row.minute * MINUTE + row.second * 1000).toISOString(),
		// A version belongs to one story.
		storyId: row.version === 'v3' ? 'story_b' : row.story === 'story_b' ? 'story_b' : 'story_a',
		storyTitle: row.version === 'v3' || row.story === 'story_b' ? 'Story B' : 'Story A',
		versionId: row.version === 'v3' || row.story === 'story_a' ? row.version : `${row.version}b`,
		versionTitle: `Version ${row.version}`,
		visitorId: row.visitor,
		sessionId: row.session && row.visitor ? `${row.visitor}-${row.session}` : row.session,
		eventCategory: row.click === null ? 'view' : 'click',
		eventName: row.click ?? `view_slide_${row.slide}`,
		deviceType: row.device,
		locationCity: row.city,
	}));

const shown = { sets: 0, stories: 0, sessions: 0, withoutId: 0, days: 0 };
afterAll(() =>
	// eslint-disable-next-line no-console -- the property's counts and seed, for the log
	console.log(
		`Summary per Story property (seed ${SEED}): ${shown.sets} event sets, ${shown.stories} stories, ${shown.sessions} sessions (${shown.withoutId} without a visitor ID), ${shown.days} days with a session`,
	),
);

test(`every field of Summary per Story is the count by hand over Summary per Reading Session, whatever the API's order, with and without Last Slide, from the sessions as read and from their items alike (seed ${SEED})`, () => {
	const rowsAndOrder = fc
		.array(rowArbitrary, { minLength: 1, maxLength: 60 })
		.chain((rows) =>
			fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length })),
		);
	fc.assert(
		fc.property(rowsAndOrder, fc.option(fc.integer({ min: 1, max: 10 })), ([rows, order], last) => {
			const options = last === null ? {} : { lastSlide: last };
			const { items, actual, fromItems, byHand } = summaries(toEvents(rows), options);
			expect(actual).toEqual(byHand());
			expect(fromItems()).toEqual(actual);
			expect(summaries(toEvents(order), options).actual).toEqual(actual);
			shown.sets++;
			shown.stories += actual.length;
			shown.sessions += items.length;
			shown.withoutId += items.filter((item) => item.visitorId === null).length;
			shown.days += actual.reduce(
				(sum, story) =>
					sum +
					(story.days as Array<{ readingSessions: number }>).filter((d) => d.readingSessions)
						.length,
				0,
			);
		}),
		{ seed: SEED, numRuns: 300 },
	);
});

const at = (iso: string) => new Date(iso).toISOString();
const view = (
	time: string,
	visitor: string | null,
	slide: number,
	extra: Partial<AnalyticsEvent> = {},
) =>
	({
		timestamp: at(time),
		storyId: 'story_a',
		storyTitle: 'Story A',
		versionId: 'v1',
		visitorId: visitor,
		sessionId: visitor ? `${visitor}-1` : null,
		eventCategory: 'view',
		eventName: `view_slide_${slide}`,
		...extra,
	}) as AnalyticsEvent;

describe('crafted cases', () => {
	test('a reader on two devices counts once as a reader and once per device', () => {
		const [story] = summaries([
			view('2026-05-02T05:00:00Z', 'vis_a', 1, { deviceType: 'desktop' }),
			view('2026-05-02T09:00:00Z', 'vis_a', 2, { deviceType: 'mobile', sessionId: 'vis_a-2' }),
		]).actual;
		expect(story.readers).toBe(1);
		expect(story.readingSessions).toBe(2);
		expect(story.devices).toEqual([
			{ deviceType: 'desktop', readers: 1 },
			{ deviceType: 'mobile', readers: 1 },
		]);
	});

	test("a session across midnight in the workflow's time zone counts on the day it started", () => {
		// 23:50 and 00:10 in Kolkata (18:20 and 18:40 UTC, one UTC day).
		const { actual } = summaries([
			view('2026-05-01T18:20:00Z', 'vis_a', 1),
			view('2026-05-01T18:40:00Z', 'vis_a', 2),
		]);
		const days = actual[0].days as Array<{ date: string; readingSessions: number }>;
		expect(days.map((day) => day.date)).toEqual([
			'2026-05-01',
			'2026-05-02',
			'2026-05-03',
			'2026-05-04',
		]);
		expect(days.map((day) => day.readingSessions)).toEqual([1, 0, 0, 0]);
	});

	test("weeks run Monday to Sunday in the workflow's time zone: a reader counts in each week read, completing in the week's own sessions", () => {
		// Sunday 23:50 in Kolkata is 18:20 UTC; Monday's reads are at 10:30 and 11:30 there.
		const [story] = summaries(
			[
				view('2026-05-03T18:20:00Z', 'vis_a', 1),
				view('2026-05-03T18:21:00Z', 'vis_a', 2),
				view('2026-05-03T18:22:00Z', 'vis_a', 3),
				view('2026-05-04T05:00:00Z', 'vis_a', 1, { sessionId: 'vis_a-2' }),
				view('2026-05-04T06:00:00Z', 'vis_b', 1),
				view('2026-05-04T06:01:00Z', 'vis_b', 3),
			],
			{ lastSlide: 3 },
		).actual;
		expect(story.weeks).toEqual([
			{ weekFrom: '2026-04-27', readingSessions: 1, readers: 1, completionRate: 1 },
			{ weekFrom: '2026-05-04', readingSessions: 2, readers: 2, completionRate: 0.5 },
		]);
	});

	test('a story with one slide: nobody scrolls, every reader of slide 1 completes', () => {
		const [story] = summaries([view('2026-05-02T05:00:00Z', 'vis_a', 1)], { lastSlide: 1 }).actual;
		expect(story.funnel).toEqual({
			opened: 1,
			startedScrolling: 0,
			completed: 1,
			startedScrollingRate: 0,
			completionRate: 1,
		});
		expect(story.bouncedSessions).toBe(1);
	});

	test('an unknown reader (no visitor ID) is a reader of their own, counted apart', () => {
		const [story] = summaries([
			view('2026-05-02T05:00:00Z', null, 1),
			view('2026-05-02T05:00:00Z', 'vis_a', 1),
		]).actual;
		expect(story).toMatchObject({ readers: 2, readersWithoutId: 1, readingSessions: 2 });
	});

	test('a reader who jumps from slide 2 to slide 5 reached 3 and 4 but did not view them', () => {
		const [story] = summaries(
			[
				view('2026-05-02T05:00:00Z', 'vis_a', 1),
				view('2026-05-02T05:00:30Z', 'vis_a', 2),
				view('2026-05-02T05:01:00Z', 'vis_a', 5),
				view('2026-05-02T05:02:00Z', 'vis_b', 1, { sessionId: 'vis_b-1' }),
			],
			{ lastSlide: 5 },
		).actual;
		expect(story.slides).toEqual([
			{
				slide: 1,
				readersReached: 2,
				shareOfOpeners: 1,
				dropFromPrevious: 0,
				readersViewed: 2,
				averageSeconds: 15,
			},
			{
				slide: 2,
				readersReached: 1,
				shareOfOpeners: 0.5,
				dropFromPrevious: 1,
				readersViewed: 1,
				averageSeconds: 30,
			},
			{
				slide: 3,
				readersReached: 1,
				shareOfOpeners: 0.5,
				dropFromPrevious: 0,
				readersViewed: 0,
				averageSeconds: 0,
			},
			{
				slide: 4,
				readersReached: 1,
				shareOfOpeners: 0.5,
				dropFromPrevious: 0,
				readersViewed: 0,
				averageSeconds: 0,
			},
			{
				slide: 5,
				readersReached: 1,
				shareOfOpeners: 0.5,
				dropFromPrevious: 0,
				readersViewed: 1,
				averageSeconds: 0,
			},
		]);
		expect(story.funnel).toMatchObject({ startedScrolling: 1, completed: 1, completionRate: 0.5 });
		expect(story.engagedReaders).toBe(1);
		expect(story.bouncedSessions).toBe(1);
	});

	test('without Last Slide the deepest slide reached is the last, and the item says so', () => {
		const [story] = summaries([view('2026-05-02T05:00:00Z', 'vis_a', 3)]).actual;
		expect(story).toMatchObject({
			lastSlide: 3,
			lastSlideFrom: 'deepestReached',
			deepestSlideReached: 3,
		});
		expect(story.funnel).toMatchObject({ completed: 1 });
	});

	test("the flat forms: one row per story and slide, one per story and day; the story's readers and the day's named apart", () => {
		const { actual } = summaries([
			view('2026-05-02T05:00:00Z', 'vis_a', 2),
			view('2026-05-03T05:00:00Z', 'vis_b', 1),
		]);
		const slides = storyRows(actual, 'slide');
		expect(slides).toHaveLength(2);
		expect(slides[1]).toMatchObject({
			storyId: 'story_a',
			storyTitle: 'Story A',
			storyReaders: 2,
			slide: 2,
			readersReached: 1,
		});
		expect('readers' in slides[1]).toBe(false);
		const days = storyRows(actual, 'day');
		expect(
			days.map((row) => [row.date, row.storyReaders, row.dayReadingSessions, row.dayReaders]),
		).toEqual([
			['2026-05-01', 2, 0, 0],
			['2026-05-02', 2, 1, 1],
			['2026-05-03', 2, 1, 1],
			['2026-05-04', 2, 0, 0],
		]);
		expect(Object.keys(days[0])).toEqual([
			'storyId',
			'storyTitle',
			'periodFrom',
			'periodTo',
			'storyReaders',
			'lastSlide',
			'date',
			'dayReadingSessions',
			'dayReaders',
		]);
	});
});
