/**
 * Get Events › Compare With through n8n's engine against the sandbox: over generated visits listed
 * in time order and shuffled, each item of Summary per Story and Summary per Version with The Period
 * Before is the period's own item plus `previous`, the earlier period's item as a run of that period
 * on its own gives it (zeros for one not read then), and `change` from the two; both periods from one
 * read. Crafted: a week after a DST change in the workflow's zone, whose period before is the
 * calendar week before; a story read only before, a year before, and bad input refused before any request.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { storyChange, versionChange } from '../../../../../nodes/engagement/comparison';
import { SEED } from '../../../../../sandbox/seed';
import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ZONE = 'America/New_York';
const api = useSandbox({ events: 0, analyticsPageSize: 50, now: () => NOW });
beforeEach(() => api.sandbox.reset());

const iso = (ms: number) => new Date(ms).toISOString();
const PROPOSAL = SEED.versions.live.id;
const INTRO = SEED.versions.intro.id;
/** The period (the last four hours) and the one before it, as The Period Before reads them. */
const PERIOD = { from: NOW - 4 * HOUR, to: NOW };
/** A version ID no event names: a proposal nobody opened in either period. */
const UNREAD = '65e0000000000000000000a1';
/** Summary for Each Item's Version of the proposal, the intro and one nobody opened, one item each. */
const DEALS = [PROPOSAL, INTRO, UNREAD].map((version) => ({ version }));
const EACH_ITEM = {
	output: 'itemVersions',
	itemVersion: { __rl: true, mode: 'id', value: '={{ $json.version }}' },
};
const BEFORE = { from: PERIOD.from - (PERIOD.to - PERIOD.from + 1), to: PERIOD.from - 1 };

async function getEvents(
	period: { from: number; to: number },
	parameters: INodeParameters,
	items?: IDataObject[],
	timezone = ZONE,
) {
	const { outputs, error } = await runWorkflow(
		storydocWorkflow(
			{
				resource: 'analytics',
				operation: 'getEvents',
				dateFrom: iso(period.from),
				dateTo: iso(period.to),
				...parameters,
			},
			{ settings: { timezone }, items },
		),
		{ credentials: api.credentials() },
	);
	return { items: (outputs.Storydoc ?? []).map((item) => item.json as Json), error };
}

/** A reader's view of a slide (the first unless told) at an instant, as the sandbox completes it. */
const view = (versionId: string, visitorId: string, at: number, slide = 1) => ({
	versionId,
	visitorId,
	eventName: `view_slide_${slide}`,
	timestamp: iso(at),
});

const analyticsRequests = () =>
	api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events');

/** An item without what Compare With adds. */
const strip = (item: Json): Json =>
	Object.fromEntries(
		Object.entries(item).filter(([field]) => field !== 'previous' && field !== 'change'),
	);

/**
 * The compared run against the period's and the earlier period's own runs: each item the period's
 * own (or zeros), `previous` the earlier run's (or zeros), `change` from both; the period's items
 * first in their order, then those read only before.
 */
function expectCompared(compared: Json[], now: Json[], before: Json[], key: string) {
	const isZero = (item: Json) => (key === 'storyId' ? item.readers === 0 : item.views === 0);
	expect(compared.slice(0, now.length).map(strip)).toEqual(now);
	const onlyBefore = before.filter((item) => !now.some((other) => other[key] === item[key]));
	expect(compared.slice(now.length).map((item) => item[key])).toEqual(
		onlyBefore.map((item) => item[key]),
	);
	for (const item of compared) {
		const earlier = before.find((other) => other[key] === item[key]);
		if (earlier) expect(item.previous).toEqual(earlier);
		else expect(isZero(item.previous)).toBe(true);
		if (!now.some((other) => other[key] === item[key])) expect(isZero(item)).toBe(true);
		const change = key === 'storyId' ? storyChange : versionChange;
		expect(item.change).toEqual(change(strip(item), item.previous));
	}
}

/**
 * Summary for Each Item's Version with The Period Before: each item its own period's figures, and
 * `previous` what the same node gives for the period before on its own; one read per version.
 */
async function expectEachItemCompared() {
	api.sandbox.clearLog();
	const compared = await getEvents(
		PERIOD,
		{ ...EACH_ITEM, options: { compareWith: 'periodBefore' } },
		DEALS,
	);
	expect(compared.error).toBeUndefined();
	// One read: each version's filtered read covers both periods as one range.
	const reads = analyticsRequests().map((entry: Json) => entry.query);
	expect([...new Set(reads.map((query: Json) => query.dateFrom))]).toEqual([iso(BEFORE.from)]);
	expect(new Set(reads.map((query: Json) => query.versionId))).toEqual(
		new Set(DEALS.map(({ version }) => version)),
	);
	const now = await getEvents(PERIOD, EACH_ITEM, DEALS);
	const before = await getEvents(BEFORE, EACH_ITEM, DEALS);
	expect(compared.items.map(strip)).toEqual(now.items.map(named(before.items)));
	compared.items.forEach((item, index) => {
		expect(item.previous).toEqual(named(now.items)(before.items[index], index));
		expect(item.change).toEqual(versionChange(strip(item), item.previous));
	});
	return compared.items.length;
}

/** A version not opened in one period is named as in the other (where it was opened). */
const named = (other: Json[]) => (item: Json, index: number) =>
	item.opened || !other[index].opened
		? item
		: {
				...item,
				...Object.fromEntries(
					[
						'storyId',
						'storyTitle',
						'versionTitle',
						'prospectName',
						'prospectEmail',
						'prospectPosition',
					].map((field) => [field, other[index][field]]),
				),
			};

describe('The Period Before, whatever order the API lists the events in', () => {
	const RUNS = 8;
	const PROPERTY_SEED = 61;
	const shown = { sets: 0, stories: 0, versions: 0, onlyBefore: 0, itemVersions: 0 };
	afterAll(() =>
		// eslint-disable-next-line no-console -- the property's counts and seed, for the log
		console.log(
			`Compare With property (seed ${PROPERTY_SEED}): ${shown.sets} event sets in 2 orders each, ${shown.stories} stories and ${shown.versions} versions and ${shown.itemVersions} items' versions compared with their earlier period run on its own, ${shown.onlyBefore} items read only before`,
		),
	);
	const visit = fc.record({
		minute: fc.integer({ min: 1, max: 8 * 60 - 1 }),
		version: fc.constantFrom(PROPOSAL, INTRO),
		reader: fc.constantFrom('vis_anna', 'vis_ben', 'vis_cleo', null),
		click: fc.option(fc.integer({ min: 0, max: 2 }), { freq: 3 }),
		slide: fc.integer({ min: 1, max: 5 }),
	});

	test(`each item's previous and change equal the earlier period run on its own, from one read (seed ${PROPERTY_SEED}, ${RUNS} runs)`, async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(visit, { minLength: 1, maxLength: 80 }),
				fc.integer({ min: 1, max: 2 ** 30 }),
				async (visits, shuffleSeed) => {
					api.sandbox.reset();
					api.sandbox.state.events.length = 0;
					api.sandbox.addEvents(
						visits.map((row) => ({
							versionId: row.version,
							visitorId: row.reader,
							sessionId: row.reader ? `s-${row.reader}` : null,
							eventCategory: row.click === null ? 'view' : 'click',
							eventName: row.click === null ? `view_slide_${row.slide}` : `cta_${row.click}`,
							timestamp: iso(NOW - row.minute * MINUTE),
						})),
					);
					for (const order of [null, shuffleSeed]) {
						api.sandbox.setEventOrder(order);
						for (const [output, key] of [
							['storySummary', 'storyId'],
							['versionSummary', 'versionId'],
						]) {
							api.sandbox.clearLog();
							const compared = await getEvents(PERIOD, {
								output,
								options: { compareWith: 'periodBefore' },
							});
							expect(compared.error).toBeUndefined();
							// One read: the period and the one before it as one range.
							expect([
								...new Set(analyticsRequests().map((entry: Json) => entry.query.dateFrom)),
							]).toEqual([iso(BEFORE.from)]);
							const now = await getEvents(PERIOD, { output });
							const before = await getEvents(BEFORE, { output });
							expectCompared(compared.items, now.items, before.items, key);
							if (order !== null) continue;
							shown[key === 'storyId' ? 'stories' : 'versions'] += compared.items.length;
							shown.onlyBefore += compared.items.length - now.items.length;
						}
						shown.itemVersions += await expectEachItemCompared();
					}
					shown.sets++;
				},
			),
			{ numRuns: RUNS, seed: PROPERTY_SEED },
		);
	});
});

describe("The Period Before whole local days, in a week after a DST change (Berlin, the workflow's time zone)", () => {
	const BERLIN = 'Europe/Berlin';
	// Monday 26 Oct to Sunday 1 Nov 2026 (CET), and the calendar week before: Monday 19 Oct 00:00 CEST
	// to Sunday 25 Oct 23:59:59.999 CET, 169 hours, whose Sunday has 25 (DST ended that night).
	const WEEK = {
		from: Date.parse('2026-10-25T23:00:00.000Z'),
		to: Date.parse('2026-11-01T22:59:59.999Z'),
	};
	const WEEK_BEFORE = {
		from: Date.parse('2026-10-18T22:00:00.000Z'),
		to: Date.parse('2026-10-25T22:59:59.999Z'),
	};

	beforeEach(() => {
		api.sandbox.state.events.length = 0;
		api.sandbox.addEvents([
			// 19 Oct 00:30 CEST: in the calendar week before, not in the 168 hours before From.
			view(PROPOSAL, 'vis_anna', Date.parse('2026-10-18T22:30:00.000Z')),
			view(PROPOSAL, 'vis_anna', Date.parse('2026-10-18T22:31:00.000Z'), 2),
			// 18 Oct 23:30 CEST: the Sunday before the week before, in neither period.
			view(INTRO, 'vis_ben', Date.parse('2026-10-18T21:30:00.000Z')),
			// 25 Oct 23:30 CET, the last hour of the week before; 27 Oct and 1 Nov 23:30, in the week.
			view(INTRO, 'vis_cleo', Date.parse('2026-10-25T22:30:00.000Z')),
			view(PROPOSAL, 'vis_ben', Date.parse('2026-10-27T09:00:00.000Z')),
			view(INTRO, 'vis_anna', Date.parse('2026-11-01T22:30:00.000Z')),
		]);
	});

	test.each([
		['storySummary', 'storyId'],
		['versionSummary', 'versionId'],
	])(
		'%s: previous is the calendar week before run on its own, from one read starting at its local midnight',
		async (output, key) => {
			api.sandbox.clearLog();
			const compared = await getEvents(
				WEEK,
				{ output, options: { compareWith: 'periodBefore' } },
				undefined,
				BERLIN,
			);
			expect(compared.error).toBeUndefined();
			expect([...new Set(analyticsRequests().map((entry: Json) => entry.query.dateFrom))]).toEqual([
				iso(WEEK_BEFORE.from),
			]);
			const now = await getEvents(WEEK, { output }, undefined, BERLIN);
			const before = await getEvents(WEEK_BEFORE, { output }, undefined, BERLIN);
			// In the week before: Anna's 2 views early on Monday 19 Oct and Cleo's late on Sunday 25 Oct
			// (2 readers, 3 views); not Ben's on Sunday 18 Oct.
			const earlier = (items: Json[]) =>
				items.reduce((sum, item) => sum + (key === 'storyId' ? item.readers : item.views), 0);
			expect(earlier(compared.items.map((item) => item.previous))).toBe(key === 'storyId' ? 2 : 3);
			expectCompared(compared.items, now.items, before.items, key);
		},
	);

	test("Summary for Each Item's Version: previous is each version's calendar week before run on its own", async () => {
		api.sandbox.clearLog();
		const compared = await getEvents(
			WEEK,
			{ ...EACH_ITEM, options: { compareWith: 'periodBefore' } },
			DEALS,
			BERLIN,
		);
		expect(compared.error).toBeUndefined();
		expect([...new Set(analyticsRequests().map((entry: Json) => entry.query.dateFrom))]).toEqual([
			iso(WEEK_BEFORE.from),
		]);
		const now = await getEvents(WEEK, EACH_ITEM, DEALS, BERLIN);
		const before = await getEvents(WEEK_BEFORE, EACH_ITEM, DEALS, BERLIN);
		expect(compared.items.map((item) => item.previous.views)).toEqual([2, 1, 0]);
		expect(compared.items.map(strip)).toEqual(now.items.map(named(before.items)));
		compared.items.forEach((item, index) =>
			expect(item.previous).toEqual(named(now.items)(before.items[index], index)),
		);
	});
});

test('a story read only in the period before: listed after the others with zeros now, every change from 0 or to 0', async () => {
	api.sandbox.state.events.length = 0;
	api.sandbox.addEvents([
		view(PROPOSAL, 'vis_anna', NOW - 60 * MINUTE),
		view(INTRO, 'vis_ben', NOW - 300 * MINUTE),
		view(INTRO, 'vis_ben', NOW - 299 * MINUTE, 2),
	]);
	const { items, error } = await getEvents(PERIOD, {
		output: 'storySummary',
		options: { compareWith: 'periodBefore' },
	});
	expect(error).toBeUndefined();
	expect(items.map((item) => [item.storyId, item.readers, item.previous.readers])).toEqual([
		[SEED.versions.live.storyId, 1, 0],
		[SEED.versions.intro.storyId, 0, 1],
	]);
	expect(items[0].change.readers).toEqual({ difference: 1, relative: null });
	expect(items[1].change.readers).toEqual({ difference: -1, relative: -1 });
	expect(items[1]).toMatchObject({ readingSessions: 0, averageReadingSeconds: 0, slides: [] });
	expect(items[1].days.every((day: Json) => day.readingSessions === 0)).toBe(true);
});

test('The Same Period a Year Before reads that period as a second range, and compares with it', async () => {
	api.sandbox.state.events.length = 0;
	const yearBefore = Date.parse('2025-06-15T10:00:00.000Z');
	api.sandbox.addEvents([
		view(PROPOSAL, 'vis_anna', NOW - 60 * MINUTE),
		view(PROPOSAL, 'vis_ben', yearBefore),
		view(PROPOSAL, 'vis_cleo', yearBefore + MINUTE),
	]);
	const { items, error } = await getEvents(PERIOD, {
		output: 'versionSummary',
		options: { compareWith: 'yearBefore' },
	});
	expect(error).toBeUndefined();
	expect(
		analyticsRequests().map((entry: Json) => [entry.query.dateFrom, entry.query.dateTo]),
	).toEqual([
		[iso(PERIOD.from - 365 * 24 * HOUR), iso(PERIOD.to - 365 * 24 * HOUR)],
		[iso(PERIOD.from), iso(PERIOD.to)],
	]);
	expect(items).toHaveLength(1);
	expect([items[0].views, items[0].previous.views, items[0].change.views]).toEqual([
		1,
		2,
		{ difference: -1, relative: -0.5 },
	]);
});

test("Summary for Each Item's Version a year before, over many versions: two ranges in one pass each; a version read only then, named as then", async () => {
	api.sandbox.state.events.length = 0;
	const yearBefore = Date.parse('2025-06-15T10:00:00.000Z');
	api.sandbox.addEvents([
		view(PROPOSAL, 'vis_anna', NOW - HOUR),
		view(INTRO, 'vis_ben', yearBefore),
		view(INTRO, 'vis_ben', yearBefore + MINUTE, 2),
	]);
	const unread = [2, 3, 4, 5].map((n) => ({ version: `65e0000000000000000000b${n}` }));
	const { items, error } = await getEvents(
		PERIOD,
		{ ...EACH_ITEM, options: { compareWith: 'yearBefore' } },
		[{ version: PROPOSAL }, { version: INTRO }, ...unread],
	);
	expect(error).toBeUndefined();
	// The two ranges are read side by side: in either order.
	expect(
		analyticsRequests()
			.map((entry: Json) => [entry.query.dateFrom, entry.query.versionId])
			.sort(),
	).toEqual([
		[iso(PERIOD.from - 365 * 24 * HOUR), undefined],
		[iso(PERIOD.from), undefined],
	]);
	expect(items.map((item) => [item.versionId, item.views, item.previous.views])).toEqual([
		[PROPOSAL, 1, 0],
		[INTRO, 0, 2],
		...unread.map(({ version }) => [version, 0, 0]),
	]);
	expect(items[1]).toMatchObject({ opened: false, versionTitle: items[1].previous.versionTitle });
	expect(items[1].versionTitle).toEqual(expect.any(String));
	expect(items[1].change.views).toEqual({ difference: -2, relative: -1 });
	expect(items[0].change.engagementLevel).toMatchObject({ before: 'cold' });
});

describe('bad input, refused before any request, naming the item and the field', () => {
	test.each([
		[
			'Raw Events',
			{ output: 'events', returnAll: true },
			"applies to Summary per Story, Summary per Version and Summary for Each Item's Version",
		],
		[
			'Summary per Reading Session',
			{ output: 'readingSessions' },
			"applies to Summary per Story, Summary per Version and Summary for Each Item's Version",
		],
		[
			'Summary per Story and Day',
			{ output: 'storySummary', storyItems: 'day' },
			'needs Items One per Story',
		],
	])('Compare With on %s', async (_name, parameters, problem) => {
		const { error } = await getEvents(PERIOD, {
			...parameters,
			options: { compareWith: 'periodBefore' },
		});
		expect(error?.message).toBe(`Item 0: "Compare With" ${problem}`);
		expect(api.sandbox.log).toHaveLength(0);
	});

	test('a year before a period of a year or more', async () => {
		const { error } = await getEvents(
			{ from: NOW - 400 * 24 * HOUR, to: NOW },
			{ output: 'versionSummary', options: { compareWith: 'yearBefore' } },
		);
		expect(error?.message).toBe('Item 0: "Compare With" needs a period shorter than a year');
		expect(api.sandbox.log).toHaveLength(0);
	});
});
