/** GET /v2/analytics/events: validation order, the range rule, filters, paging, sorting, addEvents. */
import { SEED, EVENT_VERSION_KEYS } from '../../sandbox/seed';
import type { Json } from '../harness/sandbox';
import { useSandbox, ISO_DATE_TIME } from './helpers';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const api = useSandbox({ now: () => NOW, events: 3000, analyticsPageSize: 100 });
const fixedPages = useSandbox({ now: () => NOW, events: 1500 });

const EVENT_FIELDS = [
	'sessionId',
	'eventId',
	'visitorId',
	'timestamp',
	'storyId',
	'storyTitle',
	'versionId',
	'versionTitle',
	'versionCreatedAt',
	'prospectName',
	'prospectEmail',
	'prospectPosition',
	'eventName',
	'eventCategory',
	'deviceType',
	'deviceTypeName',
	'eventUrl',
	'locationCity',
	'locationLatitude',
	'locationLongitude',
];
const FROM = '2025-10-20T06:30:00.000Z';
const TO = '2026-01-10';
const TO_END = Date.UTC(2026, 0, 10, 23, 59, 59, 999);

const events = (query: Record<string, string>, token?: string) =>
	api.call(`/v2/analytics/events?${new URLSearchParams(query)}`, { token });
/** What the range rule should select, computed independently from the state. */
const expectedBetween = (
	fromMs: number,
	toMs: number,
	keep: (event: Json) => boolean = () => true,
): Json[] =>
	api.sandbox.state.events.filter((event: Json) => {
		const time = Date.parse(event.timestamp);
		return time >= fromMs && time <= toMs && keep(event);
	});

async function allPages(
	query: Record<string, string>,
): Promise<{ collected: Json[]; pagination: Json }> {
	const collected: Json[] = [];
	for (let page = 1; ; page++) {
		const { status, body } = await events({ ...query, page: String(page) });
		expect(status).toBe(200);
		expect(body.pagination.page).toBe(page);
		collected.push(...body.data);
		if (!body.pagination.hasMore) return { collected, pagination: body.pagination };
	}
}

beforeEach(() => api.sandbox.reset());

describe('the answer', () => {
	test('page size fixed at 1000 by default, every event field of the spec, in order', async () => {
		const response = await fixedPages.call(
			`/v2/analytics/events?dateFrom=2025-07-01&dateTo=2025-09-30`,
		);
		expect(response.status).toBe(200);
		expect(Object.keys(response.body)).toEqual(['data', 'pagination']);
		expect(Object.keys(response.body.pagination)).toEqual([
			'page',
			'pageSize',
			'total',
			'totalPages',
			'hasMore',
		]);
		expect(response.body.pagination.pageSize).toBe(1000);
		expect(response.body.data.length).toBeGreaterThan(0);
		for (const event of response.body.data) {
			expect(Object.keys(event)).toEqual(EVENT_FIELDS);
			expect(event.timestamp).toMatch(ISO_DATE_TIME);
			expect(['view', 'click']).toContain(event.eventCategory);
		}
	});

	test('all pages together: exactly the events in range, ascending, ties ordered by eventId', async () => {
		const expected = expectedBetween(Date.parse(FROM), TO_END);
		const { collected, pagination } = await allPages({ dateFrom: FROM, dateTo: TO });
		expect(collected).toEqual(expected);
		expect(pagination).toEqual({
			page: Math.ceil(expected.length / 100),
			pageSize: 100,
			total: expected.length,
			totalPages: Math.ceil(expected.length / 100),
			hasMore: false,
		});
		let ties = 0;
		for (let index = 1; index < collected.length; index++) {
			const [previous, current] = [collected[index - 1], collected[index]];
			expect(previous.timestamp <= current.timestamp).toBe(true);
			if (previous.timestamp === current.timestamp) {
				ties++;
				expect(previous.eventId < current.eventId).toBe(true);
			}
		}
		expect(ties).toBeGreaterThan(0);
	});

	test('a page past the end: empty data, hasMore false', async () => {
		const { body } = await events({ dateFrom: FROM, dateTo: TO, page: '999' });
		expect(body.data).toEqual([]);
		expect(body.pagination).toMatchObject({ page: 999, hasMore: false });
		expect(body.pagination.total).toBeGreaterThan(0);
	});

	test('prospect, story and version fields come from the version the event is on', () => {
		const versions = new Map<string, Json>(
			api.sandbox.state.versions.map((version: Json) => [version.id, version]),
		);
		const allowed = new Set(EVENT_VERSION_KEYS.map((key) => SEED.versions[key].id));
		for (const event of api.sandbox.state.events) {
			expect(allowed.has(event.versionId)).toBe(true);
			const version = versions.get(event.versionId);
			expect(event).toMatchObject({
				storyId: version.storyId,
				versionTitle: version.data.title,
				versionCreatedAt: version.createdAt,
				prospectEmail: version.data.email,
				prospectPosition: version.data.position,
			});
			expect(Date.parse(event.timestamp)).toBeGreaterThanOrEqual(Date.parse(version.createdAt));
			if (version.expireAt)
				expect(Date.parse(event.timestamp)).toBeLessThan(Date.parse(version.expireAt));
		}
	});
});

test('a shuffled listing (setEventOrder, or POST /__sandbox/event-order): the same events over the pages, in another order, the same for every read; null goes back to time order', async () => {
	const expected = expectedBetween(Date.parse(FROM), TO_END);
	const shuffle = await api.call('/__sandbox/event-order', {
		method: 'POST',
		body: { shuffleSeed: 7 },
	});
	expect(shuffle.status).toBe(204);
	const first = (await allPages({ dateFrom: FROM, dateTo: TO })).collected;
	const again = (await allPages({ dateFrom: FROM, dateTo: TO })).collected;
	expect(first).toEqual(again);
	expect(first).not.toEqual(expected);
	const byId = (list: Json[]) => [...list].sort((a, b) => a.eventId.localeCompare(b.eventId));
	expect(byId(first)).toEqual(byId(expected));
	api.sandbox.setEventOrder(null);
	expect((await allPages({ dateFrom: FROM, dateTo: TO })).collected).toEqual(expected);
	expect(() => api.sandbox.setEventOrder(1.5)).toThrow('the shuffle seed must be a whole number');
});

describe('the date range', () => {
	test('dateFrom is an inclusive instant; dateTo runs to the end of its UTC day', async () => {
		api.sandbox.addEvents([
			{ timestamp: '2025-01-10T07:59:59.999Z', eventName: 'before' },
			{ timestamp: '2025-01-10T08:00:00.000Z', eventName: 'at dateFrom' },
			{ timestamp: '2025-01-20T23:59:59.999Z', eventName: 'end of the dateTo day' },
			{ timestamp: '2025-01-21T00:00:00.000Z', eventName: 'next day' },
		]);
		for (const dateTo of ['2025-01-20T10:00:00Z', '2025-01-20', '2025-01-20T00:00:00.000Z']) {
			const { body } = await events({ dateFrom: '2025-01-10T08:00:00Z', dateTo });
			expect(body.data.map((event: Json) => event.eventName)).toEqual([
				'at dateFrom',
				'end of the dateTo day',
			]);
		}
	});

	test('at most 92 days between the two instants', async () => {
		expect(
			(await events({ dateFrom: '2025-01-01T00:00:00Z', dateTo: '2025-04-03T00:00:00Z' })).status,
		).toBe(200);
		for (const dateTo of ['2025-04-03T00:00:00.001Z', '2025-04-04']) {
			const response = await events({ dateFrom: '2025-01-01T00:00:00Z', dateTo });
			expect([response.status, response.body]).toEqual([
				400,
				{ error: 'Date range cannot exceed 3 months' },
			]);
		}
	});

	test('dateTo before dateFrom: no events, not an error', async () => {
		const { status, body } = await events({ dateFrom: '2025-12-01', dateTo: '2025-11-01' });
		expect(status).toBe(200);
		expect(body.pagination).toEqual({
			page: 1,
			pageSize: 100,
			total: 0,
			totalPages: 0,
			hasMore: false,
		});
	});

	test.each([
		['both missing', {}],
		['dateTo missing', { dateFrom: '2025-12-01' }],
		['dateFrom empty', { dateFrom: '', dateTo: '2025-12-01' }],
		['not ISO 8601', { dateFrom: 'December 1, 2025', dateTo: '2025-12-02' }],
		['an impossible date', { dateFrom: '2025-02-30', dateTo: '2025-03-02' }],
	])('%s: 400 with the exact spec text', async (_label, query) => {
		const response = await events(query);
		expect([response.status, response.body]).toEqual([
			400,
			{ error: 'dateFrom and dateTo are required (ISO 8601, ...)' },
		]);
	});

	test('a zone offset is honoured; no zone means UTC', async () => {
		api.sandbox.addEvents([{ timestamp: '2025-01-05T22:30:00Z', eventName: 'late' }]);
		const withOffset = await events({
			dateFrom: '2025-01-06T00:00:00+02:00',
			dateTo: '2025-01-06',
		});
		expect(withOffset.body.data.map((event: Json) => event.eventName)).toEqual(['late']);
		const noZone = await events({ dateFrom: '2025-01-05T22:30:00', dateTo: '2025-01-06' });
		expect(noZone.body.data.map((event: Json) => event.eventName)).toEqual(['late']);
	});
});

describe('filters', () => {
	const range = { dateFrom: '2025-10-16', dateTo: '2026-01-15' };
	const rangeMs: [number, number] = [
		Date.parse('2025-10-16'),
		Date.UTC(2026, 0, 15, 23, 59, 59, 999),
	];

	test('storyId and versionId', async () => {
		const byStory = await allPages({ ...range, storyId: SEED.stories.intro.id });
		expect(byStory.collected).toEqual(
			expectedBetween(...rangeMs, (event) => event.storyId === SEED.stories.intro.id),
		);
		expect(byStory.collected.length).toBeGreaterThan(0);
		const byVersion = await allPages({ ...range, versionId: SEED.versions.accepted.id });
		expect(byVersion.collected).toEqual(
			expectedBetween(...rangeMs, (event) => event.versionId === SEED.versions.accepted.id),
		);
		const none = await events({
			...range,
			storyId: SEED.stories.intro.id,
			versionId: SEED.versions.live.id,
		});
		expect(none.body.pagination.total).toBe(0);
	});

	test('userEmail: events on versions that user created (case-insensitive)', async () => {
		const byAlex = await allPages({ ...range, userEmail: 'ALEX@acme.test' });
		expect(byAlex.collected.length).toBeGreaterThan(0);
		expect(new Set(byAlex.collected.map((event) => event.versionId))).toEqual(
			new Set([SEED.versions.intro.id]),
		);
		const byJo = await allPages({ ...range, userEmail: 'jo@acme.test' });
		expect(new Set(byJo.collected.map((event) => event.versionId))).toEqual(
			new Set([SEED.versions.premium.id]),
		);
	});

	test('userEmail not an email: 400; not a user: 404', async () => {
		const invalid = await events({ ...range, userEmail: 'alex' });
		expect([invalid.status, invalid.body]).toEqual([
			400,
			{ error: 'userEmail must be a valid email address' },
		]);
		const unknown = await events({ ...range, userEmail: 'nobody@acme.test' });
		expect([unknown.status, unknown.body]).toEqual([
			404,
			{ error: 'userEmail nobody@acme.test not found in this organization' },
		]);
	});

	test.each(['0', '-1', 'abc', '1.5', ''])('page=%j: 400', async (page) => {
		const response = await events({ ...range, page });
		expect([response.status, response.body]).toEqual([
			400,
			{ error: 'page must be an integer of at least 1' },
		]);
	});
});

describe('who may ask, and in which order errors come', () => {
	test.each(['pro', 'starter'])('%s plan: 403 Team plan only', async (token) => {
		const response = await events({ dateFrom: '2025-12-01', dateTo: '2025-12-02' }, token);
		expect([response.status, response.body]).toEqual([
			403,
			{ error: 'Analytics API is available on the Team plan only' },
		]);
	});

	test.each([
		['revoked before dates', 'revoked', {}, 400, 'Token has been revoked'],
		['plan before dates', 'pro', {}, 403, 'Analytics API is available on the Team plan only'],
		[
			'dates before range',
			'team',
			{ dateFrom: 'x', dateTo: '2030-01-01' },
			400,
			'dateFrom and dateTo are required (ISO 8601, ...)',
		],
		[
			'range before userEmail',
			'team',
			{ dateFrom: '2025-01-01', dateTo: '2025-12-01', userEmail: 'bad' },
			400,
			'Date range cannot exceed 3 months',
		],
		[
			'userEmail before page',
			'team',
			{ dateFrom: '2025-12-01', dateTo: '2025-12-02', userEmail: 'bad', page: '0' },
			400,
			'userEmail must be a valid email address',
		],
		[
			'page before the user lookup',
			'team',
			{ dateFrom: '2025-12-01', dateTo: '2025-12-02', userEmail: 'no@acme.test', page: '0' },
			400,
			'page must be an integer of at least 1',
		],
	])('%s', async (_label, token, query, status, error) => {
		const response = await events(query, token);
		expect([response.status, response.body]).toEqual([status, { error }]);
	});
});

describe('addEvents', () => {
	test('fills every field from the default version, timestamp = now, and keeps the index sorted', () => {
		const [added] = api.sandbox.addEvents([{}]);
		expect(Object.keys(added)).toEqual(EVENT_FIELDS);
		expect(added).toMatchObject({
			timestamp: new Date(NOW).toISOString(),
			versionId: SEED.versions.live.id,
			storyId: SEED.stories.proposal.id,
			storyTitle: 'Sales proposal',
			versionTitle: 'Proposal for Globex',
			prospectName: 'Hank Scorpio',
			prospectEmail: 'hank@globex.test',
			eventCategory: 'view',
		});
		const all = api.sandbox.state.events;
		expect(all[all.length - 1]).toBe(added);
	});

	test('a partial event overrides fields; its versionId picks the version data', () => {
		const [event] = api.sandbox.addEvents([
			{
				versionId: SEED.versions.intro.id,
				timestamp: '2025-09-01T10:00:00Z',
				eventCategory: 'click',
				eventName: 'CTA click: Reply',
			},
		]);
		expect(event).toMatchObject({
			storyId: SEED.stories.intro.id,
			versionTitle: 'Intro for Wayne Enterprises',
			prospectEmail: 'lucius@wayne.test',
			timestamp: '2025-09-01T10:00:00.000Z',
			eventCategory: 'click',
			eventName: 'CTA click: Reply',
		});
		const all = api.sandbox.state.events;
		const index = all.indexOf(event);
		expect(
			all[index - 1].timestamp <= event.timestamp && event.timestamp <= all[index + 1].timestamp,
		).toBe(true);
	});

	test('rejects what is not an array of objects, or an unparseable timestamp', () => {
		expect(() => api.sandbox.addEvents({})).toThrow(TypeError);
		expect(() => api.sandbox.addEvents([1])).toThrow(TypeError);
		expect(() => api.sandbox.addEvents([{ timestamp: 'soon' }])).toThrow(/timestamp/);
	});
});
