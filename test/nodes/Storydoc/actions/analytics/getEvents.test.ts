/**
 * Analytics › Get Events, end to end: n8n's engine runs Manual → (items) → Storydoc against the
 * sandbox over HTTP, with pages of 50 events so that paging and windows show with a few thousand
 * events. Every expectation about data is computed from the sandbox's own events (`sandbox.state`).
 */
import type { IDataObject, INodeParameters, IRun } from 'n8n-workflow';

import { SEED } from '../../../../../sandbox/seed';
import type { Json, StorydocWorkflowOptions } from '../../../../harness/n8n';
import { pairedIndex, runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import type { TokenName } from '../../../../harness/sandbox';
import { useSandbox } from '../../../../harness/sandbox';
import { DAY_MS } from '../../../../../sandbox/dates';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const PAGE_SIZE = 50;
/** Called with each API request's log record right after the sandbox answered it (see `onRequest`). */
let afterAnswer: ((record: Json) => void) | null = null;
const api = useSandbox({
	events: 3000,
	analyticsPageSize: PAGE_SIZE,
	now: () => NOW,
	onRequest: (record: Json) => afterAnswer?.(record),
});

const iso = (ms: number) => new Date(ms).toISOString();
const SEED_VERSION_IDS = Object.values(SEED.versions).map((version: Json) => version.id);
const analyticsRequests = () =>
	api.sandbox.log.filter((entry) => entry.path === '/v2/analytics/events');

/** A query of `expectedEvents`: instants in ms, optional filters. */
interface EventQuery {
	from: number;
	to: number;
	storyId?: string;
	versionId?: string;
	senderEmail?: string;
}

/** The sandbox's events a query should return, in the API's order, each keyed by its eventId. */
function expectedEvents({ from, to, storyId, versionId, senderEmail }: EventQuery): Json[] {
	const versionsOfUser =
		senderEmail &&
		new Set(
			api.sandbox.state.versions
				.filter((v: Json) => v.senderEmail === senderEmail)
				.map((v: Json) => v.id),
		);
	return api.sandbox.state.events
		.filter((event: Json) => {
			const instant = Date.parse(event.timestamp);
			return (
				instant >= from &&
				instant <= to &&
				(!storyId || event.storyId === storyId) &&
				(!versionId || event.versionId === versionId) &&
				(!versionsOfUser || versionsOfUser.has(event.versionId))
			);
		})
		.map((event: Json) => ({ ...event, eventKey: event.eventId }));
}

const getEvents = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'analytics',
	operation: 'getEvents',
	...extra,
});

/** Input items, workflow and node settings (see `storydocWorkflow`), and the seed token to run with. */
interface RunOptions extends StorydocWorkflowOptions {
	token?: TokenName;
}

async function run(
	parameters: INodeParameters,
	{ items, token = 'team', settings, nodeSettings }: RunOptions = {},
) {
	return runWorkflow(storydocWorkflow(parameters, { items, settings, nodeSettings }), {
		credentials: api.credentials(token),
	});
}

beforeEach(() => {
	afterAnswer = null;
	api.sandbox.reset();
});

describe('Analytics › Get Events: paging', () => {
	const from = NOW - 30 * DAY_MS;
	const to = NOW;

	test('reads page after page while hasMore: one item per event, API order, paired, nothing else', async () => {
		const { outputs, error } = await run(
			getEvents({ dateFrom: iso(from), dateTo: iso(to), returnAll: true }),
		);
		expect(error).toBeUndefined();
		const expected = expectedEvents({ from, to });
		expect(expected.length).toBeGreaterThan(5 * PAGE_SIZE);
		expect(outputs.Storydoc).toEqual(
			expected.map((event) => ({ json: event, pairedItem: { item: 0 } })),
		);

		const requests = analyticsRequests();
		const pages = Math.ceil(expected.length / PAGE_SIZE);
		expect(requests.map((entry) => Number(entry.query.page)).sort((a, b) => a - b)).toEqual(
			Array.from({ length: pages }, (_, index) => index + 1),
		);
		for (const entry of requests) {
			expect(entry).toMatchObject({
				method: 'GET',
				token: 'team',
				authScheme: 'Bearer',
				status: 200,
			});
			expect(entry.query).toEqual({ dateFrom: iso(from), dateTo: iso(to), page: entry.query.page });
		}
	});

	test('Limit across page boundaries: 120 events from pages of 50 cost exactly three requests', async () => {
		const { outputs } = await run(getEvents({ dateFrom: iso(from), dateTo: iso(to), limit: 120 }));
		expect(outputs.Storydoc.map((item) => item.json)).toEqual(
			expectedEvents({ from, to }).slice(0, 120),
		);
		expect(
			analyticsRequests()
				.map((entry) => entry.query.page)
				.sort(),
		).toEqual(['1', '2', '3']);
	});

	test('the default Limit of 50 is one page, one request', async () => {
		const { outputs } = await run(getEvents({ dateFrom: iso(from), dateTo: iso(to) }));
		expect(outputs.Storydoc).toHaveLength(50);
		expect(analyticsRequests()).toHaveLength(1);
	});

	test('a period without events: no items, one request', async () => {
		const { outputs, error } = await run(
			getEvents({
				dateFrom: '2020-01-01T00:00:00Z',
				dateTo: '2020-01-31T00:00:00Z',
				returnAll: true,
			}),
		);
		expect(error).toBeUndefined();
		expect(outputs.Storydoc).toEqual([]);
		expect(analyticsRequests()).toHaveLength(1);
	});

	test.each([1, 4])(
		'events that arrive after page 1 announced the total are still read: hasMore wins (%i parallel)',
		async (concurrency) => {
			const before = expectedEvents({ from, to }).length;
			afterAnswer = (record) => {
				// Right after page 1 is answered, before the node can ask for page 2.
				if (record.query.page === '1')
					api.sandbox.addEvents(
						Array.from({ length: PAGE_SIZE + 3 }, () => ({ timestamp: iso(to - 1000) })),
					);
			};
			const { outputs } = await run(
				getEvents({
					dateFrom: iso(from),
					dateTo: iso(to),
					returnAll: true,
					options: { concurrency },
				}),
			);
			const expected = expectedEvents({ from, to });
			expect(expected).toHaveLength(before + PAGE_SIZE + 3);
			expect(outputs.Storydoc.map((item) => item.json.eventId)).toEqual(
				expected.map((event) => event.eventId),
			);
		},
	);
});

describe('Analytics › Get Events: long ranges', () => {
	test('200 days: three day-aligned windows, exactly the sandbox count, no duplicate eventId', async () => {
		const from = NOW - 201 * DAY_MS + 7_777;
		const to = NOW;
		const { outputs, error } = await run(
			getEvents({ dateFrom: iso(from), dateTo: iso(to), returnAll: true }),
		);
		expect(error).toBeUndefined();

		const expected = expectedEvents({ from, to });
		expect(expected).toHaveLength(api.sandbox.state.events.length); // every seeded event is in range
		const ids = outputs.Storydoc.map((item) => item.json.eventId);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual(expected.map((event) => event.eventId));

		const windows = [
			...new Map(analyticsRequests().map((entry) => [entry.query.dateFrom, entry.query.dateTo])),
		];
		expect(windows).toEqual([
			['2025-11-26T12:00:07.777Z', '2026-02-25T23:59:59.999Z'],
			['2026-02-26T00:00:00.000Z', '2026-05-28T23:59:59.999Z'],
			['2026-05-29T00:00:00.000Z', '2026-06-15T12:00:00.000Z'],
		]);
		expect(windows[0][0]).toBe(iso(from));
		windows.forEach(([dateFrom, dateTo], index) => {
			expect(Date.parse(dateTo) - Date.parse(dateFrom)).toBeLessThanOrEqual(92 * DAY_MS);
			if (index > 0) {
				expect(dateFrom).toMatch(/T00:00:00\.000Z$/);
				expect(Date.parse(dateFrom)).toBe(Date.parse(windows[index - 1][1]) + 1);
			}
		});
		expect(analyticsRequests().every((entry) => entry.status === 200)).toBe(true);
	});

	test('events on the exact window boundaries, on From and To, and after To on its day: each counted once or not at all', async () => {
		const from = Date.parse('2025-12-01T09:30:00.000Z');
		const to = Date.parse('2026-06-10T15:00:00.000Z');
		const firstWindowEnd = Date.parse('2026-03-02T23:59:59.999Z'); // windows: ..03-02, 03-03..06-02, 06-03..
		const boundaryEvents = [
			from - 1,
			from,
			firstWindowEnd,
			firstWindowEnd + 1,
			firstWindowEnd + 1,
			to,
			to + 1,
			Date.parse('2026-06-10T23:59:59.999Z'),
		].map((instant) => ({ timestamp: iso(instant) }));
		const added = api.sandbox.addEvents(boundaryEvents);

		const { outputs } = await run(
			getEvents({ dateFrom: iso(from), dateTo: iso(to), returnAll: true }),
		);
		const ids = outputs.Storydoc.map((item) => item.json.eventId);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual(expectedEvents({ from, to }).map((event) => event.eventId));
		const counted = added.map((event: Json) => ids.filter((id) => id === event.eventId).length);
		expect(counted).toEqual([0, 1, 1, 1, 1, 1, 0, 0]);
		// The API was asked for To's whole day (it returns it), the node kept only up to To.
		const last = analyticsRequests().filter((entry) => entry.query.dateTo === iso(to));
		expect(last.length).toBeGreaterThan(0);
	});
});

describe('Analytics › Get Events: filters', () => {
	const from = NOW - 90 * DAY_MS;
	const to = NOW;

	test('Story (from the list): sent as storyId, only its events', async () => {
		const storyId = SEED.stories.intro.id;
		const { outputs } = await run(
			getEvents({
				dateFrom: iso(from),
				dateTo: iso(to),
				returnAll: true,
				filters: {
					storyId: {
						__rl: true,
						mode: 'list',
						value: storyId,
						cachedResultName: 'Intro one-pager',
					},
				},
			}),
		);
		const expected = expectedEvents({ from, to, storyId });
		expect(expected.length).toBeGreaterThan(0);
		expect(outputs.Storydoc.map((item) => item.json)).toEqual(expected);
		expect(analyticsRequests().every((entry) => entry.query.storyId === storyId)).toBe(true);
	});

	test("Version (by URL, the editorUrl of Storydoc's reference): sent as versionId, only its events", async () => {
		const versionId = SEED.versions.accepted.id;
		const editorUrl = `https://app.storydoc.com/pages/editor/${SEED.versions.accepted.storyId}/${versionId}`;
		const { outputs } = await run(
			getEvents({
				dateFrom: iso(from),
				dateTo: iso(to),
				returnAll: true,
				filters: { versionId: { __rl: true, mode: 'url', value: editorUrl } },
			}),
		);
		const expected = expectedEvents({ from, to, versionId });
		expect(expected.length).toBeGreaterThan(0);
		expect(outputs.Storydoc.map((item) => item.json)).toEqual(expected);
		expect(analyticsRequests().every((entry) => entry.query.versionId === versionId)).toBe(true);
	});

	test.each([
		[
			'public link',
			'https://www.storydoc.com/3f9a1c2b4d5e6f70/0b7e8c1a-2d3f-4a5b-9c6d-7e8f9a0b1c2d',
		],
		['short link', 'https://view.storydoc.com/a1B2c3'],
	])(
		'Version as the %s: refused before any request (it would match no event)',
		async (_label, link) => {
			const { error } = await run(
				getEvents({
					dateFrom: iso(from),
					dateTo: iso(to),
					filters: { versionId: { __rl: true, mode: 'url', value: link } },
				}),
			);
			expect(error.message).toBe('Item 0: "Version" is a public link, which carries no version ID');
			expect(analyticsRequests()).toEqual([]);
		},
	);

	test('User Email: sent as userEmail, only events of versions that user created', async () => {
		const { outputs } = await run(
			getEvents({
				dateFrom: iso(from),
				dateTo: iso(to),
				returnAll: true,
				filters: { userEmail: 'jo@acme.test' },
			}),
		);
		const expected = expectedEvents({ from, to, senderEmail: 'jo@acme.test' });
		expect(expected.length).toBeGreaterThan(0);
		expect(outputs.Storydoc.map((item) => item.json)).toEqual(expected);
		expect(analyticsRequests()[0].query).toEqual({
			dateFrom: iso(from),
			dateTo: iso(to),
			page: '1',
			userEmail: 'jo@acme.test',
		});
	});

	test('empty Story and Version filters send nothing', async () => {
		await run(
			getEvents({
				dateFrom: iso(from),
				dateTo: iso(to),
				filters: {
					storyId: { __rl: true, mode: 'list', value: '' },
					versionId: { __rl: true, mode: 'id', value: '' },
					userEmail: '',
				},
			}),
		);
		expect(analyticsRequests()[0].query).toEqual({
			dateFrom: iso(from),
			dateTo: iso(to),
			page: '1',
		});
	});

	test('a story-scoped key: its story only, and another story is refused with 403 "Access denied"', async () => {
		const scoped = await run(getEvents({ dateFrom: iso(from), dateTo: iso(to), returnAll: true }), {
			token: 'storyScoped',
		});
		expect(scoped.outputs.Storydoc.map((item) => item.json)).toEqual(
			expectedEvents({ from, to, storyId: SEED.stories.proposal.id }),
		);
		const other = await run(
			getEvents({
				dateFrom: iso(from),
				dateTo: iso(to),
				filters: { storyId: { __rl: true, mode: 'id', value: SEED.stories.intro.id } },
			}),
			{ token: 'storyScoped' },
		);
		expect(other.error.message).toBe('Access denied');
		expect(other.error.httpCode).toBe('403');
	});

	test('each input item runs its own query and its events are paired to it', async () => {
		const items = [
			{ version: SEED.versions.live.id, days: 20 },
			{ version: SEED.versions.intro.id, days: 60 },
		];
		const { outputs } = await run(
			getEvents({
				dateFrom: `={{ DateTime.fromMillis(${NOW}).minus({ days: $json.days }).toISO() }}`,
				dateTo: iso(NOW),
				returnAll: true,
				filters: { versionId: { __rl: true, mode: 'id', value: '={{ $json.version }}' } },
			}),
			{ items },
		);
		items.forEach((item, index) => {
			const expected = expectedEvents({
				from: NOW - item.days * DAY_MS,
				to: NOW,
				versionId: item.version,
			});
			expect(expected.length).toBeGreaterThan(0);
			expect(
				outputs.Storydoc.filter((output) => pairedIndex(output) === index).map(
					(output) => output.json,
				),
			).toEqual(expected);
		});
	});
});

describe('Analytics › Get Events: dates', () => {
	test('a date without a time zone (the date picker) is read in the workflow time zone and sent in UTC', async () => {
		await run(getEvents({ dateFrom: '2026-06-01T00:00:00', dateTo: '2026-06-02T00:00:00' }), {
			settings: { timezone: 'Europe/Berlin' },
		});
		expect(analyticsRequests()[0].query).toMatchObject({
			dateFrom: '2026-05-31T22:00:00.000Z',
			dateTo: '2026-06-01T22:00:00.000Z',
		});
	});

	test('an expression giving a Luxon DateTime (as $now does) is sent in UTC', async () => {
		await run(
			getEvents({
				dateFrom: "={{ DateTime.fromISO('2026-06-01T10:00:00', { zone: 'America/New_York' }) }}",
				dateTo: "={{ DateTime.fromISO('2026-06-03T10:00:00', { zone: 'America/New_York' }) }}",
			}),
		);
		expect(analyticsRequests()[0].query).toMatchObject({
			dateFrom: '2026-06-01T14:00:00.000Z',
			dateTo: '2026-06-03T14:00:00.000Z',
		});
	});
});

describe('Analytics › Get Events: Summary per Version', () => {
	test('one item per version with figures computed from the sandbox events', async () => {
		const from = NOW - 120 * DAY_MS;
		const to = NOW - 3 * DAY_MS;
		const { outputs, error } = await run(
			getEvents({
				dateFrom: iso(from),
				dateTo: iso(to),
				output: 'versionSummary',
				returnAll: false,
				limit: 1,
			}),
		);
		expect(error).toBeUndefined();

		const byVersion = new Map<string, Json[]>();
		for (const event of expectedEvents({ from, to })) {
			if (!byVersion.has(event.versionId)) byVersion.set(event.versionId, []);
			byVersion.get(event.versionId)?.push(event);
		}
		const expected = [...byVersion.values()]
			.map((events) => {
				const last = events[events.length - 1];
				return {
					storyId: last.storyId,
					storyTitle: last.storyTitle,
					versionId: last.versionId,
					versionTitle: last.versionTitle,
					prospectName: last.prospectName,
					prospectEmail: last.prospectEmail,
					prospectPosition: last.prospectPosition,
					views: events.filter((event) => event.eventCategory === 'view').length,
					clicks: events.filter((event) => event.eventCategory === 'click').length,
					uniqueVisitors: new Set(events.map((event) => event.visitorId)).size,
					uniqueSessions: new Set(
						events.map((event) => event.sessionId).filter((id) => id !== null),
					).size,
					firstEventAt: events[0].timestamp,
					lastEventAt: last.timestamp,
					lastEventName: last.eventName,
				};
			})
			.sort(
				(a, b) =>
					Date.parse(b.lastEventAt) - Date.parse(a.lastEventAt) ||
					a.versionId.localeCompare(b.versionId),
			);

		expect(expected.length).toBeGreaterThanOrEqual(5);
		// The reading fields beside these: getEvents.reading.test.ts.
		expect(outputs.Storydoc).toEqual(
			expected.map((summary) => ({
				json: expect.objectContaining(summary),
				pairedItem: { item: 0 },
			})),
		);
		// Limit (1 here) does not apply to a summary: every event of the period was read.
		expect(
			outputs.Storydoc.reduce((sum, item) => sum + item.json.views + item.json.clicks, 0),
		).toBe(expectedEvents({ from, to }).length);
	});
});

describe('Analytics › Get Events: API errors', () => {
	const range = { dateFrom: iso(NOW - 10 * DAY_MS), dateTo: iso(NOW) };

	test.each<TokenName>(['pro', 'starter'])(
		'a %s-plan key: 403 "Analytics API is available on the Team plan only", saying what to do',
		async (token) => {
			const { error, outputs } = await run(getEvents(range), { token });
			expect(error.message).toBe('Analytics API is available on the Team plan only');
			expect(error.httpCode).toBe('403');
			expect(error.description).toBe(
				"Engagement analytics is part of Storydoc's Team plan. Upgrade the organization to the Team plan, or use the Access Token of an organization that has it.",
			);
			expect(outputs.Storydoc).toEqual([]);
			expect(analyticsRequests()).toHaveLength(1);
		},
	);

	test('a revoked key: 400 "Token has been revoked", saying to create a new key', async () => {
		const { error } = await run(getEvents(range), { token: 'revoked' });
		expect(error.message).toBe('Token has been revoked');
		expect(error.httpCode).toBe('400');
		expect(error.description).toMatch(
			/revoked in Storydoc, or is not valid\. Create a new key \(Automations in Storydoc\)/,
		);
	});

	test('a User Email that is no user of the organization: 404 with the API message', async () => {
		const { error } = await run(
			getEvents({ ...range, filters: { userEmail: 'nobody@acme.test' } }),
		);
		expect(error.message).toBe('userEmail nobody@acme.test not found in this organization');
		expect(error.httpCode).toBe('404');
		expect(error.description).toMatch(/must be the email of a user of your Storydoc organization/);
	});

	test('the member who created the key left: 403 "Access denied"', async () => {
		const { error } = await run(getEvents(range), { token: 'memberLeft' });
		expect(error.message).toBe('Access denied');
		expect(error.description).toMatch(/Access Token of the Storydoc credential/);
	});

	test('Continue On Fail: the failing item becomes one error item paired to it; the others still run', async () => {
		const { outputs, error } = await run(
			getEvents({
				dateFrom: '={{ $json.from }}',
				dateTo: range.dateTo,
				filters: { userEmail: '={{ $json.email }}' },
			}),
			{
				items: [
					{ from: range.dateFrom, email: '' },
					{ from: 'not a date', email: '' },
					{ from: range.dateFrom, email: 'nobody@acme.test' },
				],
				nodeSettings: { onError: 'continueRegularOutput' },
			},
		);
		expect(error).toBeUndefined();
		expect(outputs.Storydoc.filter((item) => pairedIndex(item) === 0)).toHaveLength(50);
		expect(
			outputs.Storydoc.filter((item) => pairedIndex(item) === 1).map((item) => item.json),
		).toEqual([
			{
				error: 'Item 1: "From" is not a valid date',
				description: 'Value given: "not a date". Use ISO 8601, for example 2026-01-31T00:00:00Z.',
			},
		]);
		expect(
			outputs.Storydoc.filter((item) => pairedIndex(item) === 2).map((item) => item.json),
		).toEqual([
			expect.objectContaining({
				error: 'userEmail nobody@acme.test not found in this organization',
				httpCode: '404',
			}),
		]);
		expect(analyticsRequests()).toHaveLength(2);
	});
});

describe('Analytics › Get Events: bad input is refused before any request', () => {
	const valid = {
		from: iso(NOW - DAY_MS),
		to: iso(NOW),
		email: '',
		version: '',
		limit: 50,
		concurrency: 4,
	};
	const parameters = getEvents({
		dateFrom: '={{ $json.from }}',
		dateTo: '={{ $json.to }}',
		limit: '={{ $json.limit }}',
		filters: {
			userEmail: '={{ $json.email }}',
			versionId: { __rl: true, mode: 'url', value: '={{ $json.version }}' },
		},
		options: { concurrency: '={{ $json.concurrency }}' },
	});

	test.each<[string, IDataObject, string]>([
		['an unreadable From', { from: 'next tuesday' }, 'Item 1: "From" is not a valid date'],
		['an empty To', { to: '' }, 'Item 1: "To" is required'],
		['From after To', { from: iso(NOW), to: iso(NOW - DAY_MS) }, 'Item 1: "From" is after "To"'],
		[
			'a User Email that is no address',
			{ email: 'sam@' },
			'Item 1: "User Email" is not a valid email address',
		],
		[
			'a Version address without an ID',
			{ version: 'https://' },
			'Item 1: "Version" is not a version address with an ID',
		],
		['a Limit of 0', { limit: 0 }, 'Item 1: "Limit" must be a whole number of at least 1'],
		[
			'11 parallel requests',
			{ concurrency: 11 },
			'Item 1: "Parallel Page Requests" must be a whole number from 1 to 10',
		],
	])(
		'%s: NodeOperationError naming the item and the field, before any request of any item',
		async (_label, override, message) => {
			const { error } = await run(parameters, { items: [valid, { ...valid, ...override }] });
			expect(error.name).toBe('NodeOperationError');
			expect(error.message).toBe(message);
			expect(error.context.itemIndex).toBe(1);
			// Every item is checked before any is sent: item 0, which is fine, sent nothing either.
			expect(analyticsRequests()).toHaveLength(0);
		},
	);
});

describe('Analytics › Get Events: one query per input item, and the hint when they repeat', () => {
	const range = { dateFrom: iso(NOW - 7 * DAY_MS), dateTo: iso(NOW) };
	const hintsOf = (run: IRun) => run.data.resultData.runData.Storydoc[0].hints ?? [];

	test('three input items asking for the same events: read three times, and a hint under the output points at Execute Once', async () => {
		const {
			run: execution,
			outputs,
			error,
		} = await run(getEvents({ ...range, dateFrom: `={{ "${range.dateFrom}" }}` }), {
			items: [{ deal: 1 }, { deal: 2 }, { deal: 3 }],
		});
		expect(error).toBeUndefined();
		expect(analyticsRequests()).toHaveLength(3);
		expect(outputs.Storydoc).toHaveLength(150);
		expect(hintsOf(execution)).toEqual([
			{
				message:
					"3 input items asked for the same events (same period and filters), so they were read 3 times. To read them once, turn on <b>Execute Once</b> in the node's Settings.",
				type: 'warning',
				location: 'outputPane',
			},
		]);
	});

	test('with Execute Once: one query, no hint', async () => {
		const { run: execution, error } = await run(getEvents(range), {
			items: [{ deal: 1 }, { deal: 2 }, { deal: 3 }],
			nodeSettings: { executeOnce: true },
		});
		expect(error).toBeUndefined();
		expect(analyticsRequests()).toHaveLength(1);
		expect(hintsOf(execution)).toEqual([]);
	});

	test('items that ask for different events (a version each): no hint', async () => {
		const versions = SEED_VERSION_IDS.slice(0, 3);
		const { run: execution, error } = await run(
			getEvents({
				...range,
				filters: { versionId: { __rl: true, mode: 'id', value: '={{ $json.version }}' } },
			}),
			{ items: versions.map((version) => ({ version })) },
		);
		expect(error).toBeUndefined();
		expect(analyticsRequests().map((entry) => entry.query.versionId)).toEqual(versions);
		expect(hintsOf(execution)).toEqual([]);
	});
});
