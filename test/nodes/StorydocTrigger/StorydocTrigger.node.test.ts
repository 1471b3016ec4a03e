/**
 * Storydoc Trigger through n8n-core's PollContext (as n8n's poll job calls it) against the sandbox
 * over HTTP. Events are added to the sandbox between polls; what each poll must emit is computed
 * from the sandbox's own events. One static data object per test plays the active workflow's.
 */
import type { IDataObject, INodeParameters, WorkflowExecuteMode } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { SEED } from '../../../sandbox/seed';
import { line } from '../../harness/engineLine';
import type { Json, PollOptions, TestItem, TriggerNode } from '../../harness/n8n';
import { capturedLogs, runPoll } from '../../harness/n8n';
import type { TokenName } from '../../harness/sandbox';
import { useSandbox } from '../../harness/sandbox';
import { DAY_MS } from '../../../sandbox/dates';

const TRIGGER = 'n8n-nodes-storydoc.storydocTrigger';
const NODE_NAME = 'When a prospect engages';
const api = useSandbox({ events: 400, eventSpanDays: 200 });

const LIVE = SEED.versions.live.id;
const INTRO = SEED.versions.intro.id;
const PROPOSAL = SEED.stories.proposal.id;
const SPEC_EVENT_FIELDS = [
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
].sort();

const iso = (ms: number) => new Date(ms).toISOString();
const analyticsRequests = (): Json[] =>
	api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events');
const ids = (items: TestItem[]) => items.map((item) => item.json.eventId);
/** The ids of these events in the API's order (by time; the sandbox breaks ties by eventId). */
const inApiOrder = (events: Json[]): string[] => {
	const wanted = new Set(events.map((event) => event.eventId));
	return api.sandbox.state.events
		.filter((event: Json) => wanted.has(event.eventId))
		.map((event: Json) => event.eventId);
};

/** A trigger and the static data n8n keeps with its active workflow. */
function trigger(parameters: INodeParameters = {}, { token = 'team' }: { token?: TokenName } = {}) {
	const node: TriggerNode = {
		name: NODE_NAME,
		type: TRIGGER,
		parameters,
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	};
	const staticData: IDataObject = {};
	const nodeState = (): Json => staticData[`node:${NODE_NAME}`];
	const handle = {
		staticData,
		token,
		cursor: (): Json => nodeState()?.cursor,
		async poll(mode: WorkflowExecuteMode = 'trigger', options: PollOptions = {}) {
			const { items } = await runPoll(node, {
				credentials: api.credentials(handle.token),
				staticData,
				mode,
				...options,
			});
			return items ?? [];
		},
	};
	return handle;
}

/** Adds events at the given instants (default: now), on the live version unless a partial says otherwise. */
function addEvents(count: number, partial: IDataObject = {}) {
	return api.sandbox.addEvents(Array.from({ length: count }, () => ({ ...partial })));
}

beforeEach(() => {
	api.sandbox.reset();
	capturedLogs.length = 0;
});

describe('polls', () => {
	test('the first poll emits nothing and starts from now; one request checks plan, key and filters', async () => {
		const started = Date.now();
		const storyTrigger = trigger();
		expect(await storyTrigger.poll()).toEqual([]);
		expect(analyticsRequests()).toHaveLength(1);
		const cursor = storyTrigger.cursor();
		expect(Date.parse(cursor.timestamp)).toBeGreaterThanOrEqual(started);
		expect(Date.parse(cursor.timestamp)).toBeLessThanOrEqual(Date.now());
		expect(cursor.seen).toEqual([]);
		// Nothing new since: still nothing, and the history before activation never comes.
		expect(await storyTrigger.poll()).toEqual([]);
	});

	test('later polls emit exactly the events added since the last one, oldest first, as the API returns them', async () => {
		const storyTrigger = trigger();
		await storyTrigger.poll();
		const first = addEvents(3);
		const second = api.sandbox.addEvents([
			{ versionId: INTRO },
			{ versionId: LIVE, timestamp: iso(Date.now() - 1) },
		]);

		const items = await storyTrigger.poll();
		expect(ids(items)).toEqual(inApiOrder([...first, ...second]));
		for (const item of items) expect(Object.keys(item.json).sort()).toEqual(SPEC_EVENT_FIELDS);
		const timestamps = items.map((item) => Date.parse(item.json.timestamp));
		expect([...timestamps].sort((a, b) => a - b)).toEqual(timestamps);

		expect(await storyTrigger.poll()).toEqual([]);
		const third = addEvents(2);
		expect(ids(await storyTrigger.poll())).toEqual(inApiOrder(third));
	});

	test('events sharing a timestamp across two polls: each emitted once', async () => {
		const storyTrigger = trigger();
		await storyTrigger.poll();
		const at = iso(Date.now());
		const before = addEvents(3, { timestamp: at });
		expect(ids(await storyTrigger.poll())).toEqual(inApiOrder(before));
		expect(storyTrigger.cursor()).toEqual({
			timestamp: at,
			seen: inApiOrder(before).map((id) => `id:${id}`),
		});

		// Two more events at exactly the same instant arrive after that poll.
		const after = addEvents(2, { timestamp: at });
		expect(ids(await storyTrigger.poll())).toEqual(inApiOrder(after));
		expect(storyTrigger.cursor().seen).toHaveLength(5);
		expect(await storyTrigger.poll()).toEqual([]);
	});

	test('2,500 events between two polls: three pages of 1,000, every event once and in order', async () => {
		const storyTrigger = trigger();
		await storyTrigger.poll();
		const start = Date.now();
		const added = api.sandbox.addEvents(
			Array.from({ length: 2500 }, (_, index) => ({
				versionId: index % 3 ? LIVE : INTRO,
				timestamp: iso(start + Math.floor(index / 5)),
			})),
		);
		// The events lie in the (near) future of the sandbox clock until it gets there.
		while (Date.now() <= start + 500) await sleep(50);
		api.sandbox.clearLog();

		const items = await storyTrigger.poll();
		expect(items).toHaveLength(2500);
		expect(new Set(ids(items)).size).toBe(2500);
		expect(ids(items)).toEqual(inApiOrder(added));
		expect(analyticsRequests().map((entry) => entry.query.page)).toEqual(['1', '2', '3']);
		expect(await storyTrigger.poll()).toEqual([]);
	});

	test('a poll that fails midway emits nothing and moves nothing; the next poll emits every event once', async () => {
		const storyTrigger = trigger();
		await storyTrigger.poll();
		const cursorBefore = storyTrigger.cursor();
		const start = Date.now();
		const added = api.sandbox.addEvents(
			Array.from({ length: 1500 }, (_, index) => ({ timestamp: iso(start + (index % 300)) })),
		);
		while (Date.now() <= start + 300) await sleep(50);

		// Page 1 answers, page 2 keeps failing: the read retries, then the poll fails.
		api.sandbox.setFault({
			route: 'GET /v2/analytics/events',
			type: 'status500',
			after: 1,
			times: Infinity,
		});
		const failure = await storyTrigger.poll().catch((error) => error);
		expect(failure.message).toBe('Error occured');
		expect(failure.description).toMatch(/error ID/i);
		expect(storyTrigger.cursor()).toEqual(cursorBefore);
		const logged = capturedLogs.find(
			(entry) => entry.level === 'error' && entry.message.includes(NODE_NAME),
		);
		expect(logged?.message).toContain(`reads from ${cursorBefore.timestamp} again`);
		expect(JSON.stringify(capturedLogs)).not.toContain(api.sandbox.tokens.team);

		api.sandbox.clearFaults();
		const items = await storyTrigger.poll();
		expect(items).toHaveLength(1500);
		expect(new Set(ids(items))).toEqual(new Set(added.map((event) => event.eventId)));
		expect(await storyTrigger.poll()).toEqual([]);
	});

	test("a cursor ahead of the machine's clock (the clock was set back): nothing emitted, nothing moved, no error", async () => {
		const storyTrigger = trigger();
		const cursor = { timestamp: iso(Date.now() + 3_600_000), seen: [] };
		storyTrigger.staticData[`node:${NODE_NAME}`] = { cursor };
		addEvents(2);
		expect(await storyTrigger.poll()).toEqual([]);
		expect(storyTrigger.cursor()).toEqual(cursor);
	});

	test('a gap longer than 92 days is read in windows the API accepts, without loss or repeats', async () => {
		const storyTrigger = trigger();
		const from = Date.now() - 150 * DAY_MS;
		storyTrigger.staticData[`node:${NODE_NAME}`] = { cursor: { timestamp: iso(from), seen: [] } };
		const items = await storyTrigger.poll();
		const now = Date.now();
		const expected = api.sandbox.state.events.filter(
			(event: Json) => Date.parse(event.timestamp) >= from && Date.parse(event.timestamp) <= now,
		);
		expect(expected.length).toBeGreaterThan(100);
		expect(ids(items)).toEqual(expected.map((event: Json) => event.eventId));
		const ranges = analyticsRequests().map((entry) => [
			Date.parse(entry.query.dateFrom),
			Date.parse(entry.query.dateTo),
		]);
		expect(ranges.length).toBeGreaterThanOrEqual(2);
		for (const [dateFrom, dateTo] of ranges)
			expect(dateTo - dateFrom).toBeLessThanOrEqual(92 * DAY_MS);
		expect(analyticsRequests().every((entry) => entry.status === 200)).toBe(true);
	});
});

/** Adds `count` events, `perMs` to a millisecond from now on, and waits until they all lie in the past. */
async function addBacklog(count: number, perMs: number) {
	const start = Date.now();
	const added = api.sandbox.addEvents(
		Array.from({ length: count }, (_, index) => ({
			timestamp: iso(start + Math.floor(index / perMs)),
		})),
	);
	const last = Date.parse(added[added.length - 1].timestamp);
	while (Date.now() <= last) await sleep(20);
	return added;
}

describe("a backlog that does not fit in one poll's time (n8n's poll budget)", () => {
	// n8n-core 1.x has no poll budget (PollContext.getPollBudgetMs came with 2.x): there every poll
	// reads the whole backlog, which the last test of this block shows on both lines.
	const budgetTest = line() === '1.x' ? test.skip : test;

	budgetTest(
		'each poll stops at a page boundary once its time is up; the polls together emit every event once, in order',
		async () => {
			const storyTrigger = trigger();
			await storyTrigger.poll();
			// 7 events a millisecond: the page boundaries fall inside a run of events sharing one instant.
			const added = await addBacklog(4500, 7);
			api.sandbox.clearLog();
			capturedLogs.length = 0;

			const emitted: string[] = [];
			const perPoll: Array<{ items: number; requests: number }> = [];
			for (let poll = 0; poll < 10; poll++) {
				const before = analyticsRequests().length;
				const items = await storyTrigger.poll('trigger', { pollBudgetMs: 1 });
				perPoll.push({ items: items.length, requests: analyticsRequests().length - before });
				if (!items.length) break;
				emitted.push(...ids(items));
			}
			expect(emitted).toEqual(inApiOrder(added));
			// Out of time after the first page every time: one request a poll, never more than a page of events.
			expect(perPoll.length).toBeGreaterThanOrEqual(5);
			for (const { items, requests } of perPoll) {
				expect(requests).toBe(1);
				expect(items).toBeLessThanOrEqual(1000);
			}
			expect(perPoll.at(-1)?.items).toBe(0);
			const stopped = capturedLogs.filter(
				(entry) => entry.level === 'info' && entry.message.includes("poll's time ran out"),
			);
			// Every poll that read a page stopped there (whether another page followed is not known until asked).
			expect(stopped.length).toBe(perPoll.length - 1);
		},
	);

	budgetTest(
		'more than a page of events at one instant: the poll that starts at that instant reads on past its time',
		async () => {
			const storyTrigger = trigger();
			await storyTrigger.poll();
			const added = await addBacklog(2500, 2500);

			const first = await storyTrigger.poll('trigger', { pollBudgetMs: 1 });
			expect(ids(first)).toEqual(inApiOrder(added).slice(0, 1000));
			// Stopping after its first page again would leave this cursor where it is for ever.
			const second = await storyTrigger.poll('trigger', { pollBudgetMs: 1 });
			expect(ids(second)).toEqual(inApiOrder(added).slice(1000));
			expect(await storyTrigger.poll('trigger', { pollBudgetMs: 1 })).toEqual([]);
		},
	);

	test('n8n without a poll budget (before getPollBudgetMs): the whole backlog in one poll', async () => {
		const storyTrigger = trigger();
		await storyTrigger.poll('trigger', { pollBudgetMs: null });
		const added = await addBacklog(2500, 7);
		expect(ids(await storyTrigger.poll('trigger', { pollBudgetMs: null }))).toEqual(
			inApiOrder(added),
		);
	});
});

describe('filters and output', () => {
	test('Event › Click emits clicks only, and the views read with them are not emitted later', async () => {
		const clicks = trigger({ event: 'click' });
		const views = trigger({ event: 'view' });
		await clicks.poll();
		await views.poll();
		const added = api.sandbox.addEvents([
			{ eventCategory: 'view', eventName: 'Slide view: Cover' },
			{ eventCategory: 'click', eventName: 'CTA click: Book a meeting' },
			{ eventCategory: 'view', eventName: 'Slide view: Pricing' },
		]);
		expect(ids(await clicks.poll())).toEqual([added[1].eventId]);
		expect(ids(await views.poll())).toEqual([added[0].eventId, added[2].eventId]);
		expect(await clicks.poll()).toEqual([]);
		expect(await views.poll()).toEqual([]);
	});

	test('Story, Version and User Email filters are sent to the API', async () => {
		const byStory = trigger({
			filters: {
				storyId: { __rl: true, mode: 'url', value: `https://app.storydoc.com/editor/${PROPOSAL}` },
			},
		});
		const byVersion = trigger({ filters: { versionId: { __rl: true, mode: 'id', value: INTRO } } });
		const byUser = trigger({ filters: { userEmail: 'alex@acme.test' } });
		for (const handle of [byStory, byVersion, byUser]) await handle.poll();
		const [onLive, onIntro] = api.sandbox.addEvents([{ versionId: LIVE }, { versionId: INTRO }]);
		api.sandbox.clearLog();

		expect(ids(await byStory.poll())).toEqual([onLive.eventId]);
		expect(ids(await byVersion.poll())).toEqual([onIntro.eventId]);
		expect(ids(await byUser.poll())).toEqual([onIntro.eventId]);
		const queries = analyticsRequests().map((entry) => entry.query);
		expect(queries[0]).toMatchObject({ storyId: PROPOSAL });
		expect(queries[1]).toMatchObject({ versionId: INTRO });
		expect(queries[2]).toMatchObject({ userEmail: 'alex@acme.test' });
	});

	test("the Version filter as the editorUrl of Storydoc's reference (…/pages/editor/<story>/<version>)", async () => {
		const byVersion = trigger({
			filters: {
				versionId: {
					__rl: true,
					mode: 'url',
					value: `https://app.storydoc.com/pages/editor/${PROPOSAL}/${INTRO}`,
				},
			},
		});
		await byVersion.poll();
		const [, onIntro] = api.sandbox.addEvents([{ versionId: LIVE }, { versionId: INTRO }]);
		api.sandbox.clearLog();
		expect(ids(await byVersion.poll())).toEqual([onIntro.eventId]);
		expect(analyticsRequests()[0].query).toMatchObject({ versionId: INTRO });
	});

	test.each([
		[
			'public link',
			'https://www.storydoc.com/3f9a1c2b4d5e6f70/0b7e8c1a-2d3f-4a5b-9c6d-7e8f9a0b1c2d',
		],
		['short link', 'https://view.storydoc.com/a1B2c3'],
	])(
		'the Version filter as a %s: every poll fails saying so, nothing is sent (it would never fire)',
		async (_label, link) => {
			const byLink = trigger({ filters: { versionId: { __rl: true, mode: 'url', value: link } } });
			for (const mode of ['manual', 'trigger'] as const) {
				const error = await byLink.poll(mode).catch((caught) => caught);
				expect(error.message).toBe('"Version" is a public link, which carries no version ID');
			}
			expect(api.sandbox.log).toEqual([]);
		},
	);

	test("One Item per Version: per poll, the counts of each version's new events and the latest of them", async () => {
		const perVersion = trigger({ output: 'versionSummary' });
		await perVersion.poll();
		const start = Date.now();
		const added = api.sandbox.addEvents([
			{ versionId: LIVE, eventCategory: 'view', timestamp: iso(start) },
			{ versionId: INTRO, eventCategory: 'view', timestamp: iso(start + 1) },
			{
				versionId: LIVE,
				eventCategory: 'click',
				eventName: 'CTA click: Book a meeting',
				timestamp: iso(start + 2),
			},
			{ versionId: LIVE, eventCategory: 'view', timestamp: iso(start + 3) },
		]);
		while (Date.now() <= start + 3) await sleep(5);

		const items = await perVersion.poll();
		expect(items.map((item) => item.json.versionId)).toEqual([INTRO, LIVE]);
		const live = items[1].json;
		expect(live).toMatchObject({
			versionId: LIVE,
			storyId: PROPOSAL,
			views: 2,
			clicks: 1,
			lastEventAt: added[3].timestamp,
		});
		expect(live.latestEvent.eventId).toBe(added[3].eventId);
		expect(items[0].json).toMatchObject({
			views: 1,
			clicks: 0,
			latestEvent: expect.objectContaining({ eventId: added[1].eventId }),
		});
		expect(await perVersion.poll()).toEqual([]);
	});
});

describe('manual run (Fetch Test Event)', () => {
	test('returns the most recent matching event of the last 92 days and leaves the cursor alone', async () => {
		const clicks = trigger({ event: 'click' });
		const items = await clicks.poll('manual');
		const now = Date.now();
		const expected = api.sandbox.state.events
			.filter(
				(event: Json) =>
					event.eventCategory === 'click' &&
					Date.parse(event.timestamp) >= now - 92 * DAY_MS &&
					Date.parse(event.timestamp) <= now,
			)
			.at(-1);
		expect(ids(items)).toEqual([expected.eventId]);
		expect(clicks.cursor()).toBeUndefined();
	});

	test('with a filter: the latest event of that version', async () => {
		const [latest] = api.sandbox.addEvents([
			{ versionId: INTRO, timestamp: iso(Date.now() - 20 * DAY_MS) },
		]);
		const onIntro = api.sandbox.state.events.filter(
			(event: Json) => event.versionId === INTRO && Date.parse(event.timestamp) <= Date.now(),
		);
		const items = await trigger({
			filters: { versionId: { __rl: true, mode: 'id', value: INTRO } },
		}).poll('manual');
		expect(items[0].json.eventId).toBe(onIntro.at(-1).eventId);
		expect(Date.parse(items[0].json.timestamp)).toBeGreaterThanOrEqual(
			Date.parse(latest.timestamp),
		);
	});

	test('no matching event in the last 92 days: a clear message', async () => {
		const quiet = trigger({
			filters: { versionId: { __rl: true, mode: 'id', value: SEED.versions.draft.id } },
		});
		const error = await quiet.poll('manual').catch((caught) => caught);
		expect(error.message).toBe('No view or click event in the last 92 days matches this trigger');
		expect(error.description).toMatch(/fetch a test event again/);
	});
});

describe('errors', () => {
	test('not on the Team plan: the first poll fails with the API message and says the trigger needs the Team plan', async () => {
		for (const mode of ['trigger', 'manual'] as const) {
			const error = await trigger({}, { token: 'pro' })
				.poll(mode)
				.catch((caught) => caught);
			expect(error.message).toBe('Analytics API is available on the Team plan only');
			expect(error.httpCode).toBe('403');
			expect(error.description).toMatch(/Storydoc Trigger .* Team plan/);
		}
	});

	test('a later poll that the API refuses fails (n8n runs the error workflow), is logged, and keeps the cursor', async () => {
		const storyTrigger = trigger();
		await storyTrigger.poll();
		const cursor = storyTrigger.cursor();
		addEvents(2);
		storyTrigger.token = 'revoked';
		const error = await storyTrigger.poll().catch((caught) => caught);
		expect(error.message).toBe('Token has been revoked');
		expect(storyTrigger.cursor()).toEqual(cursor);
		expect(
			capturedLogs.some(
				(entry) => entry.level === 'error' && entry.message.includes('the poll failed'),
			),
		).toBe(true);

		storyTrigger.token = 'team';
		expect(await storyTrigger.poll()).toHaveLength(2);
	});

	test('an unknown User Email: the API 404 at activation', async () => {
		const error = await trigger({ filters: { userEmail: 'nobody@acme.test' } })
			.poll()
			.catch((caught) => caught);
		expect(error.httpCode).toBe('404');
		expect(error.description).toMatch(/User Email/);
	});

	test.each([
		[
			'User Email',
			{ filters: { userEmail: 'not-an-email' } },
			'"User Email" is not a valid email address',
		],
		[
			'Version',
			{ filters: { versionId: { __rl: true, mode: 'url', value: 'https://' } } },
			'"Version" is not a version address with an ID',
		],
		[
			'Story',
			{ filters: { storyId: { __rl: true, mode: 'id', value: 'has space' } } },
			'"Story" is empty or not a valid ID',
		],
	])('a bad %s filter fails before any request', async (_field, parameters, message) => {
		const error = await trigger(parameters)
			.poll()
			.catch((caught) => caught);
		expect(error.message).toBe(message);
		expect(api.sandbox.log).toHaveLength(0);
	});
});
