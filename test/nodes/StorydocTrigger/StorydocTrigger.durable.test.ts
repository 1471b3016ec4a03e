/**
 * The Storydoc Trigger under n8n's durable scheduler (n8n 2.x with durable cursors on): each poll
 * through n8n-core's PollTriggerExecutor with the node's static data staged from a poller_state
 * row and committed with the execution it starts, or alone when it emits nothing; the activation
 * poll (n8n's first call at publish time) commits nothing by itself. From activation on, each event
 * once, through failed polls, a restart (only the row survives) and a republish.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../../sandbox/seed';
import { line } from '../../harness/engineLine';
import type { Json, PollerStateRow, TestItem, TriggerNode } from '../../harness/n8n';
import { runDurablePoll } from '../../harness/n8n';
import { useSandbox } from '../../harness/sandbox';

const TRIGGER = 'n8n-nodes-storydoc.storydocTrigger';
const api = useSandbox({ events: 200, eventSpanDays: 100, rateLimit: { max: 100000 } });
const LIVE = SEED.versions.live.id;
const INTRO = SEED.versions.intro.id;
const ids = (items: TestItem[]) => items.map((item) => item.json.eventId);
const analyticsRequests = (): Json[] =>
	api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events');

/** A trigger with its poller_state row, as n8n keeps it across polls, restarts and republishes. */
function durableTrigger(parameters: INodeParameters = {}) {
	const node: TriggerNode = {
		name: 'When a prospect engages',
		type: TRIGGER,
		parameters,
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	};
	const row: PollerStateRow = {};
	return {
		row,
		activate: () => runDurablePoll(node, { credentials: api.credentials(), row, activation: true }),
		poll: () => runDurablePoll(node, { credentials: api.credentials(), row }),
	};
}

beforeEach(() => api.sandbox.reset());

const durableOnly = line() === '1.x' ? describe.skip : describe;

durableOnly('Storydoc Trigger with durable cursors (n8n 2.x)', () => {
	test('the events between the activation poll and the first scheduled poll are emitted, once', async () => {
		const trigger = durableTrigger();
		const activation = await trigger.activate();
		expect(activation.error).toBeUndefined();
		expect(activation.result).toBeNull();
		expect(trigger.row.cursor?.cursor).toBeDefined();
		const added = api.sandbox.addEvents([
			{ versionId: LIVE },
			{ versionId: INTRO, eventCategory: 'click' },
		]);
		const first = await trigger.poll();
		expect(ids(first.items)).toEqual(added.map((event: Json) => event.eventId));
		expect((await trigger.poll()).items).toEqual([]);
	});

	test('a poll that emits nothing still moves the committed cursor (the next poll does not read the same window again)', async () => {
		const trigger = durableTrigger({ event: 'click' });
		await trigger.activate();
		api.sandbox.addEvents([{ versionId: LIVE, eventCategory: 'view' }]);
		const before: Json = structuredClone(trigger.row.cursor);
		expect((await trigger.poll()).result).toBeNull();
		expect(trigger.row.cursor).not.toEqual(before);
		api.sandbox.clearLog();
		const [click] = api.sandbox.addEvents([{ versionId: LIVE, eventCategory: 'click' }]);
		expect(ids((await trigger.poll()).items)).toEqual([click.eventId]);
		expect(Date.parse(analyticsRequests()[0].query.dateFrom)).toBeGreaterThan(
			Date.parse(before.cursor.timestamp),
		);
	});

	test('a failed poll commits nothing; the next one emits what it missed, once', async () => {
		const trigger = durableTrigger();
		await trigger.activate();
		const committed = structuredClone(trigger.row.cursor);
		const added = api.sandbox.addEvents([{ versionId: LIVE }]);
		api.sandbox.setFault({ route: 'GET /v2/analytics/events', type: 'status503', times: Infinity });
		const failed = await trigger.poll();
		expect(failed.error?.message).toMatch(/Service Unavailable|503/);
		expect(trigger.row.cursor).toEqual(committed);
		api.sandbox.clearFaults();
		expect(ids((await trigger.poll()).items)).toEqual([added[0].eventId]);
		expect((await trigger.poll()).items).toEqual([]);
	});

	test('a restart between polls (only the poller_state row survives): nothing lost, nothing twice', async () => {
		const trigger = durableTrigger();
		await trigger.activate();
		const [before] = api.sandbox.addEvents([{ versionId: LIVE }]);
		expect(ids((await trigger.poll()).items)).toEqual([before.eventId]);
		// n8n restarts: no activation poll for an unchanged workflow, the next scheduled poll reads the row.
		const [during] = api.sandbox.addEvents([{ versionId: INTRO }]);
		const restarted = durableTrigger();
		restarted.row.cursor = structuredClone(trigger.row.cursor);
		expect(ids((await restarted.poll()).items)).toEqual([during.eventId]);
	});

	test('a republish with changed parameters runs an activation poll on the kept row: it catches up, nothing twice', async () => {
		const trigger = durableTrigger();
		await trigger.activate();
		const [seen] = api.sandbox.addEvents([{ versionId: LIVE }]);
		expect(ids((await trigger.poll()).items)).toEqual([seen.eventId]);
		const [whileRepublished] = api.sandbox.addEvents([{ versionId: INTRO }]);
		const republished = await trigger.activate();
		expect(republished.error).toBeUndefined();
		expect(ids(republished.items)).toEqual([whileRepublished.eventId]);
		expect((await trigger.poll()).items).toEqual([]);
	});

	test('First View: a version created and viewed after activation gives one item, once', async () => {
		const trigger = durableTrigger({ event: 'firstView' });
		await trigger.activate();
		const { versionId } = (
			await api.directPost('/v2/versions', {
				storyId: SEED.stories.intro.id,
				senderEmail: SEED.users.sam.email,
				data: { title: 'Proposal for Vandelay' },
			})
		).body;
		const [firstView] = api.sandbox.addEvents([{ versionId, eventCategory: 'view' }]);
		api.sandbox.addEvents([{ versionId: LIVE, eventCategory: 'view' }]);
		const first = await trigger.poll();
		expect(ids(first.items)).toEqual([firstView.eventId]);
		api.sandbox.addEvents([{ versionId, eventCategory: 'view' }]);
		expect((await trigger.poll()).items).toEqual([]);
	});
});
