/**
 * Get Events › Summary for Each Item's Version (engagement per deal), through n8n's engine against
 * the sandbox: one item per input item, paired to it, with Summary per Version's figures of the
 * version it names (in any address form) and zeros for versions nobody read; the period read once
 * for all items (one pass, or one filtered read per version when there are few); bad input named
 * before any request; a failed read answering every item. Over generated events in three orders:
 * the figures equal Summary per Version's in the same run of the engine.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DAY_MS } from '../../../../../sandbox/dates';
import { versionLinks } from '../../../../../sandbox/links';
import { SEED } from '../../../../../sandbox/seed';
import type { Json } from '../../../../harness/n8n';
import { pairedIndex, runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const MINUTE = 60_000;
const api = useSandbox({ events: 3000, analyticsPageSize: 200, now: () => NOW });
beforeEach(() => api.sandbox.reset());

const iso = (ms: number) => new Date(ms).toISOString();
const LIVE = SEED.versions.live.id;
const EDITED = SEED.versions.edited.id;
/** IDs in a version's shape that no event names: proposals nobody opened. */
const UNREAD = ['65e0000000000000000000a1', '65e0000000000000000000a2'];
const PERIOD = { dateFrom: iso(NOW - 60 * DAY_MS), dateTo: iso(NOW) };

const byVersion = {
	...PERIOD,
	output: 'itemVersions',
	itemVersion: { __rl: true, mode: 'id', value: '={{ $json.version }}' },
};

async function getEvents(parameters: INodeParameters, items?: IDataObject[], nodeSettings = {}) {
	const { outputs, error } = await runWorkflow(
		storydocWorkflow(
			{ resource: 'analytics', operation: 'getEvents', ...parameters },
			{ items, nodeSettings },
		),
		{ credentials: api.credentials() },
	);
	return { items: outputs.Storydoc ?? [], error };
}

const analyticsRequests = () =>
	api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events');

/** Summary per Version of the same period, by version: what each item's figures must equal. */
async function summariesOfPeriod(parameters: INodeParameters = PERIOD) {
	const { items, error } = await getEvents({ ...parameters, output: 'versionSummary' });
	expect(error).toBeUndefined();
	return new Map(items.map((item) => [item.json.versionId as string, item.json]));
}

describe("Summary for Each Item's Version", () => {
	test('one item per input item, paired to it and in its order: the figures of Summary per Version, or opened false and zeros', async () => {
		const seeded = (Object.keys(SEED.versions) as Array<keyof typeof SEED.versions>).map(
			(key) => SEED.versions[key],
		);
		const links = (version: (typeof seeded)[number]) =>
			versionLinks({ ...version, draft: false }) as Record<string, string>;
		// Each seeded version in turn as an ID, an editorUrl and a versionUrl, and two never opened.
		const forms = ['id', 'editorUrl', 'versionUrl'];
		const inputs = [
			...seeded.map((version, index) => {
				const form = forms[index % 3];
				return {
					deal: `deal-${index}`,
					version: form === 'id' ? version.id : links(version)[form],
				};
			}),
			...UNREAD.map((version, index) => ({ deal: `unread-${index}`, version })),
		];
		const expected = await summariesOfPeriod();
		const summaryRequests = analyticsRequests().length;
		api.sandbox.clearLog();

		const { items, error } = await getEvents(byVersion, inputs);
		expect(error).toBeUndefined();
		expect(items.map(pairedIndex)).toEqual(inputs.map((_, index) => index));
		const ids = [...seeded.map((version) => version.id), ...UNREAD];
		ids.forEach((versionId, index) => {
			const found = expected.get(versionId);
			const json = items[index].json;
			if (found) expect(json).toEqual({ opened: true, ...found });
			else {
				expect(json).toMatchObject({ opened: false, versionId, views: 0, clicks: 0 });
				expect(json.readingSessions).toBe(0);
				expect(json.secondsPerSlide).toEqual({});
				expect(json.lastEventAt).toBeNull();
			}
		});
		expect(items.filter((item) => item.json.opened).length).toBe(expected.size);
		expect(items.filter((item) => !item.json.opened).length).toBeGreaterThan(UNREAD.length);
		// Fourteen versions: the period read once, in one pass, as Summary per Version reads it.
		const requests = analyticsRequests();
		expect(requests.length).toBe(summaryRequests);
		expect(requests.every((entry: Json) => entry.query.versionId === undefined)).toBe(true);
	});

	test('with a few versions, one filtered read each, whatever the number of items naming them', async () => {
		const inputs = [LIVE, EDITED, LIVE, UNREAD[0], EDITED].map((version) => ({ version }));
		const expected = await summariesOfPeriod();
		api.sandbox.clearLog();
		const { items, error } = await getEvents(byVersion, inputs);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ opened: true, ...expected.get(LIVE) },
			{ opened: true, ...expected.get(EDITED) },
			{ opened: true, ...expected.get(LIVE) },
			expect.objectContaining({ opened: false, versionId: UNREAD[0] }),
			{ opened: true, ...expected.get(EDITED) },
		]);
		const filtered = analyticsRequests().map((entry: Json) => entry.query.versionId);
		expect([...new Set(filtered)].sort()).toEqual([LIVE, EDITED, UNREAD[0]].sort());
		// One window of 60 days per version, one page each at most: never one read per item.
		expect(filtered.length).toBeLessThanOrEqual(3 * Math.ceil(3000 / 200));
	});

	test('items asking for different periods are read apart; the Story filter is kept', async () => {
		const story = SEED.versions.live.storyId;
		const inputs = [
			{ version: LIVE, from: iso(NOW - 60 * DAY_MS) },
			{ version: LIVE, from: iso(NOW - 10 * DAY_MS) },
			{ version: UNREAD[1], from: iso(NOW - 10 * DAY_MS) },
		];
		const { items, error } = await getEvents(
			{
				...byVersion,
				dateFrom: '={{ $json.from }}',
				filters: { storyId: { __rl: true, mode: 'id', value: story } },
			},
			inputs,
		);
		expect(error).toBeUndefined();
		const [wide, narrow, unread] = items.map((item) => item.json);
		// A version nobody read has the Story filter's story.
		expect(unread).toMatchObject({ opened: false, versionId: UNREAD[1], storyId: story });
		const tenDays = await summariesOfPeriod({
			dateFrom: iso(NOW - 10 * DAY_MS),
			dateTo: iso(NOW),
		});
		expect(narrow).toEqual({ opened: true, ...tenDays.get(LIVE) });
		expect(wide.views).toBeGreaterThan(narrow.views);
		const storyFilters = analyticsRequests().map((entry: Json) => entry.query.storyId);
		expect(storyFilters.slice(0, 2)).toEqual([story, story]);
	});

	test('an item without a version, or with a public link, fails the node before any request, naming the item and the field', async () => {
		const { error } = await getEvents(byVersion, [{ version: LIVE }, { version: '' }]);
		expect(error.message).toBe('Item 1: "Version" is empty or not a valid ID');
		const link = versionLinks({ ...SEED.versions.live, draft: false }).url;
		const second = await getEvents(byVersion, [{ version: link }]);
		expect(second.error.message).toBe(
			'Item 0: "Version" is a public link, which carries no version ID',
		);
		expect(analyticsRequests()).toHaveLength(0);
	});

	test('the Version filter is refused with this output, before any request', async () => {
		const { error } = await getEvents(
			{ ...byVersion, filters: { versionId: { __rl: true, mode: 'id', value: LIVE } } },
			[{ version: EDITED }],
		);
		expect(error.message).toBe(
			'Item 0: "Version" filter cannot be used with Summary for Each Item\'s Version',
		);
		expect(analyticsRequests()).toHaveLength(0);
	});

	test('a read the API refuses answers every item with its message (Continue On Fail), read once', async () => {
		api.sandbox.setFault({ route: 'GET /v2/analytics/events', type: 'revoked', times: Infinity });
		const inputs = Array.from({ length: 8 }, (_, index) => ({
			version: `65e00000000000000000${1000 + index}`,
		}));
		const { items, error } = await getEvents(byVersion, inputs, { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items.map(pairedIndex)).toEqual(inputs.map((_, index) => index));
		for (const item of items) expect(item.json.error).toBe('Token has been revoked');
		expect(analyticsRequests()).toHaveLength(1);
	});
});

describe("Summary for Each Item's Version, whatever order the API lists the events in", () => {
	const RUNS = 10;
	const PROPERTY_SEED = 48;
	const shown = { sets: 0, items: 0, unread: 0 };
	afterAll(() =>
		// eslint-disable-next-line no-console -- the property's counts and seed, for the log
		console.log(
			`Summary for Each Item's Version property (seed ${PROPERTY_SEED}): ${shown.sets} event sets in 3 orders, ${shown.items} items compared with Summary per Version (${shown.unread} never opened)`,
		),
	);
	const VERSIONS = [LIVE, EDITED, SEED.versions.accepted.id, UNREAD[0]];
	const visit = fc.record({
		minute: fc.integer({ min: 1, max: 180 }),
		second: fc.integer({ min: 0, max: 59 }),
		version: fc.constantFrom(...VERSIONS.slice(0, 3)),
		reader: fc.constantFrom('vis_anna', 'vis_ben', null),
		session: fc.constantFrom('s-1', 's-2', null),
		click: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 2 }),
		slide: fc.integer({ min: 1, max: 6 }),
	});

	test(`every item's figures equal Summary per Version's, the same in time order and in two shuffles (seed ${PROPERTY_SEED}, ${RUNS} runs)`, async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(visit, { minLength: 1, maxLength: 100 }),
				fc.array(fc.constantFrom(...VERSIONS), { minLength: 1, maxLength: 12 }),
				fc.integer({ min: 1, max: 2 ** 30 }),
				async (visits, wanted, shuffleSeed) => {
					api.sandbox.reset();
					api.sandbox.state.events.length = 0;
					api.sandbox.addEvents(
						visits.map((row) => ({
							versionId: row.version,
							visitorId: row.session === 's-1' ? 'vis_anna' : row.session ? 'vis_ben' : row.reader,
							sessionId: row.session,
							eventCategory: row.click === null ? 'view' : 'click',
							eventName: row.click === null ? `view_slide_${row.slide}` : `cta_${row.click}`,
							timestamp: iso(NOW - row.minute * MINUTE - row.second * 1000),
						})),
					);
					const period = { dateFrom: iso(NOW - 4 * 3_600_000), dateTo: iso(NOW) };
					const runs: Json[][] = [];
					let expected = new Map<string, Json>();
					for (const order of [null, shuffleSeed, shuffleSeed + 1]) {
						api.sandbox.setEventOrder(order);
						if (order === null) expected = await summariesOfPeriod(period);
						const { items, error } = await getEvents(
							{ ...byVersion, ...period },
							wanted.map((version) => ({ version })),
						);
						expect(error).toBeUndefined();
						runs.push(items.map((item) => item.json));
					}
					expect(runs[1]).toEqual(runs[0]);
					expect(runs[2]).toEqual(runs[0]);
					wanted.forEach((versionId, index) => {
						const found = expected.get(versionId);
						if (found) expect(runs[0][index]).toEqual({ opened: true, ...found });
						else expect(runs[0][index]).toMatchObject({ opened: false, versionId, views: 0 });
					});
					shown.sets++;
					shown.items += wanted.length;
					shown.unread += runs[0].filter((json) => !json.opened).length;
				},
			),
			{ seed: PROPERTY_SEED, numRuns: RUNS },
		);
	});
});
