/**
 * Storydoc Trigger › Event: First View of a Version, through n8n-core's PollContext against the
 * sandbox over HTTP. Versions are created with the API (POST /v2/versions) and views added to the
 * sandbox between polls; one static data object per test plays the active workflow's.
 */
import type { IDataObject, INodeParameters, WorkflowExecuteMode } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import type { Json, TestItem, TriggerNode } from '../../../harness/n8n';
import { runPoll } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { DAY_MS } from '../../../../sandbox/dates';

const TRIGGER = 'n8n-nodes-storydoc.storydocTrigger';
const NODE_NAME = 'When a prospect opens the proposal';
const MAX_CHECK_REQUESTS_PER_POLL = 30;
const api = useSandbox({ events: 400, eventSpanDays: 200, rateLimit: { max: 100000 } });

const analyticsRequests = (): Json[] =>
	api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events');
const checkRequests = () => analyticsRequests().filter((entry) => entry.query.versionId);
const ids = (items: TestItem[]) => items.map((item) => item.json.eventId);

function firstViewTrigger(parameters: INodeParameters = {}) {
	const node: TriggerNode = {
		name: NODE_NAME,
		type: TRIGGER,
		parameters: { event: 'firstView', ...parameters },
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	};
	const staticData: IDataObject = {};
	return {
		staticData,
		state: (): Json => staticData[`node:${NODE_NAME}`],
		async poll(mode: WorkflowExecuteMode = 'trigger') {
			const { items } = await runPoll(node, { credentials: api.credentials(), staticData, mode });
			return items ?? [];
		},
	};
}

/** A new version of the proposal story, created through the API as a workflow would. */
async function createVersion(company = 'Globex'): Promise<string> {
	const response = await fetch(`${String(api.url).replace(/\/+$/, '')}/v2/versions`, {
		method: 'POST',
		headers: {
			authorization: `Bearer ${api.sandbox.tokens.team}`,
			'content-type': 'application/json',
		},
		body: JSON.stringify({
			storyId: SEED.stories.proposal.id,
			senderEmail: SEED.users.sam.email,
			data: { title: `Proposal for ${company}`, first_name: 'Hank', company },
		}),
	});
	const body: Json = await response.json();
	if (!response.ok)
		throw new Error(`POST /v2/versions answered ${response.status}: ${JSON.stringify(body)}`);
	return body.versionId;
}

const view = (versionId: string, extra: IDataObject = {}) =>
	api.sandbox.addEvents([{ versionId, eventCategory: 'view', ...extra }])[0];
const click = (versionId: string) =>
	api.sandbox.addEvents([
		{ versionId, eventCategory: 'click', eventName: 'CTA click: Book a meeting' },
	])[0];
/** Events get the sandbox clock's time: a moment apart so that polls see them in order. */
const tick = async () => await sleep(5);

beforeEach(() => api.sandbox.reset());

describe('First View of a Version', () => {
	test('a version created and viewed after activation: exactly one item, its first view, however many views follow', async () => {
		const trigger = firstViewTrigger();
		expect(await trigger.poll()).toEqual([]);
		const versionId = await createVersion();
		await tick();
		const first = view(versionId);
		await tick();
		view(versionId);
		const items = await trigger.poll();
		expect(ids(items)).toEqual([first.eventId]);
		expect(items[0].json).toEqual(
			api.sandbox.state.events.find((event: Json) => event.eventId === first.eventId),
		);
		expect(items[0].json).toMatchObject({
			versionId,
			eventCategory: 'view',
			versionCreatedAt: expect.any(String),
		});

		for (let poll = 0; poll < 3; poll++) {
			await tick();
			view(versionId);
			click(versionId);
			expect(await trigger.poll()).toEqual([]);
		}
	});

	test('a version viewed before activation gives nothing when it is viewed again', async () => {
		const viewedBefore = SEED.versions.live.id;
		expect(
			api.sandbox.state.events.some(
				(event: Json) => event.versionId === viewedBefore && event.eventCategory === 'view',
			),
		).toBe(true);
		const trigger = firstViewTrigger();
		await trigger.poll();
		await tick();
		view(viewedBefore);
		api.sandbox.clearLog();
		expect(await trigger.poll()).toEqual([]);
		// One read of the new events, then the check of that version: its first page shows an earlier view.
		expect(checkRequests().map((entry) => entry.query.versionId)).toEqual([viewedBefore]);
		// Settled: its next view costs no check.
		await tick();
		view(viewedBefore);
		api.sandbox.clearLog();
		expect(await trigger.poll()).toEqual([]);
		expect(checkRequests()).toEqual([]);
	});

	test('a version created before activation and never viewed until after it: its first view is emitted', async () => {
		const versionId = await createVersion('Initech');
		const trigger = firstViewTrigger();
		await trigger.poll();
		await tick();
		const first = view(versionId);
		expect(ids(await trigger.poll())).toEqual([first.eventId]);
	});

	test('clicks are not views; the first view after them is emitted', async () => {
		const trigger = firstViewTrigger();
		await trigger.poll();
		const versionId = await createVersion();
		await tick();
		click(versionId);
		expect(await trigger.poll()).toEqual([]);
		await tick();
		const first = view(versionId);
		expect(ids(await trigger.poll())).toEqual([first.eventId]);
	});

	test('a failed poll between two views: nothing lost, nothing doubled (the read fails, then the check fails)', async () => {
		const trigger = firstViewTrigger();
		await trigger.poll();
		const versionId = await createVersion();
		await tick();
		const first = view(versionId);
		const before = JSON.stringify(trigger.state());

		// The read of new events fails: nothing emitted, nothing kept.
		api.sandbox.setFault({ route: 'GET /v2/analytics/events', type: 'status500', times: Infinity });
		await expect(trigger.poll()).rejects.toThrow();
		api.sandbox.clearFaults();
		expect(JSON.stringify(trigger.state())).toBe(before);

		await tick();
		view(versionId);
		// The read succeeds, the version's check fails: still nothing emitted or kept.
		api.sandbox.setFault({
			route: 'GET /v2/analytics/events',
			type: 'status500',
			after: 1,
			times: Infinity,
		});
		await expect(trigger.poll()).rejects.toThrow();
		api.sandbox.clearFaults();
		expect(JSON.stringify(trigger.state())).toBe(before);

		await tick();
		view(versionId);
		expect(ids(await trigger.poll())).toEqual([first.eventId]);
		await tick();
		view(versionId);
		expect(await trigger.poll()).toEqual([]);
	});

	test(`requests per poll are bounded: ${MAX_CHECK_REQUESTS_PER_POLL + 10} new versions viewed at once are checked over two polls, each emitted once`, async () => {
		const trigger = firstViewTrigger();
		await trigger.poll();
		const versions: string[] = [];
		for (let index = 0; index < MAX_CHECK_REQUESTS_PER_POLL + 10; index++)
			versions.push(await createVersion(`Company ${index}`));
		await tick();
		const firsts = versions.map((versionId) => view(versionId));

		api.sandbox.clearLog();
		const firstPoll = await trigger.poll();
		expect(checkRequests()).toHaveLength(MAX_CHECK_REQUESTS_PER_POLL);
		expect(trigger.state().firstViews.pending).toHaveLength(10);

		api.sandbox.clearLog();
		const secondPoll = await trigger.poll();
		expect(checkRequests()).toHaveLength(10);
		expect(trigger.state().firstViews.pending).toEqual([]);

		// Oldest first; views at one instant in the API's order.
		const wanted = new Set(firsts.map((event) => event.eventId));
		const inApiOrder = api.sandbox.state.events
			.filter((event: Json) => wanted.has(event.eventId))
			.map((event: Json) => event.eventId);
		expect([...ids(firstPoll), ...ids(secondPoll)]).toEqual(inApiOrder);
		api.sandbox.clearLog();
		expect(await trigger.poll()).toEqual([]);
		expect(checkRequests()).toEqual([]);
	});

	test('an old version never viewed: the check reads its whole life in 92-day windows, once', async () => {
		const trigger = firstViewTrigger();
		await trigger.poll();
		const versionId = await createVersion();
		await tick();
		// The view says its version was created 200 days ago: three windows of 92 days to check.
		const createdAt = new Date(Date.now() - 200 * DAY_MS).toISOString();
		const first = view(versionId, { versionCreatedAt: createdAt });
		api.sandbox.clearLog();
		expect(ids(await trigger.poll())).toEqual([first.eventId]);
		const checks = checkRequests();
		expect(checks).toHaveLength(3);
		expect(checks[0].query.dateFrom).toBe(createdAt);
	});

	test('a version it has forgotten (past the versions it remembers) is checked again and not emitted twice', async () => {
		const trigger = firstViewTrigger();
		await trigger.poll();
		const versionId = await createVersion();
		await tick();
		view(versionId);
		expect(await trigger.poll()).toHaveLength(1);
		const state = trigger.state().firstViews;
		state.settled = state.settled.filter((id: string) => id !== versionId);
		await tick();
		view(versionId);
		api.sandbox.clearLog();
		expect(await trigger.poll()).toEqual([]);
		expect(checkRequests().map((entry) => entry.query.versionId)).toEqual([versionId]);
	});

	test('Fetch Test Event returns the latest view, and changes nothing the polls keep', async () => {
		const trigger = firstViewTrigger();
		await trigger.poll();
		const before = JSON.stringify(trigger.state());
		const [item] = await trigger.poll('manual');
		const views = api.sandbox.state.events.filter(
			(event: Json) => event.eventCategory === 'view' && Date.parse(event.timestamp) <= Date.now(),
		);
		expect(item.json.eventId).toBe(views[views.length - 1].eventId);
		expect(JSON.stringify(trigger.state())).toBe(before);
	});
});
