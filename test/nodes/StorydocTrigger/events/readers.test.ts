/**
 * Storydoc Trigger › Returning Reader and New Reader on a Version, through n8n-core's PollContext
 * (and, on n8n 2.x, its durable scheduler's PollTriggerExecutor) against the sandbox over HTTP. The
 * clock is moved by the test (Date.now, for the node and the sandbox alike). The invariant over
 * generated visits and polls: readers.property.test.ts.
 */
import { line } from '../../../harness/engineLine';
import type { Json, PollerStateRow, TestItem } from '../../../harness/n8n';
import { runDurablePoll } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { ACCEPTED, DAY_SECONDS, LIVE, readerTriggers } from '../helpers/readerTriggers';

const api = useSandbox({
	events: 0,
	analyticsPageSize: 5,
	rateLimit: { max: 100000 },
	now: () => Date.now(),
});
const { at, iso, read, lookBacks, readerTrigger } = readerTriggers(api);
const DAY = DAY_SECONDS;

describe('Returning Reader', () => {
	test('a reader of the version before activation comes back: one item, with their session number and when they read before; once per session', async () => {
		const [anna] = read('vis_anna', [-3 * DAY, -3 * DAY + 200]);
		read('vis_anna', [-DAY]);
		const trigger = readerTrigger('returningReader');
		expect(await trigger.poll()).toEqual([]);
		const [back] = read('vis_anna', [100, 130, 160]);
		at(200);
		const [item, ...rest] = await trigger.poll();
		expect(rest).toEqual([]);
		expect(item).toMatchObject({
			eventId: back.eventId,
			visitorId: 'vis_anna',
			versionId: LIVE,
			readerSession: 3,
			readerFirstReadAt: anna.timestamp,
			readerLastReadAt: iso(-DAY),
		});
		// Read back to its creation (240 days) once: a request per 92 days. The API answers the last
		// window's whole day, but its first page already goes past the cursor, so no second page.
		expect(lookBacks()).toHaveLength(3);
		read('vis_anna', [300], { sessionId: 'vis_anna-100' });
		at(400);
		expect(await trigger.poll()).toEqual([]);
		// The same session ID after more than Session Ends After (10 minutes): a new session.
		read('vis_anna', [1100], { sessionId: 'vis_anna-100' });
		read('vis_bob', [1110]);
		at(1200);
		const again = await trigger.poll();
		expect(again.map((json) => [json.visitorId, json.readerSession])).toEqual([['vis_anna', 4]]);
		expect(lookBacks()).toHaveLength(3);
	});

	test('a reader first seen after activation, without session IDs, returns after the gap: emitted then, and not for their first visit', async () => {
		const trigger = readerTrigger('returningReader');
		await trigger.poll();
		read('vis_carl', [10, 70], { sessionId: null });
		at(100);
		expect(await trigger.poll()).toEqual([]);
		// 630 s after their last event (Session Ends After is 10 minutes): a new session.
		read('vis_carl', [700, 800], { sessionId: null });
		at(900);
		const items = await trigger.poll();
		expect(
			items.map((json) => [json.timestamp, json.readerSession, json.readerLastReadAt]),
		).toEqual([[iso(700), 2, iso(70)]]);
	});

	test('a look-back longer than one poll allows goes on in the next polls; what came meanwhile is emitted late, once, and a restart changes nothing', async () => {
		// 50 earlier sessions of Anna, 5 events each at 5 events a page: more than one poll's 30 requests.
		for (let day = 200; day > 50; day -= 3) {
			const second = -day * DAY;
			read('vis_anna', [second, second + 5, second + 9, second + 12, second + 20]);
		}
		const trigger = readerTrigger('returningReader');
		await trigger.poll();
		const [first] = read('vis_anna', [10]);
		at(60);
		expect(await trigger.poll()).toEqual([]);
		expect(lookBacks()).toHaveLength(30);
		trigger.restart();
		const [second] = read('vis_anna', [1000]);
		at(1100);
		const items = await trigger.poll();
		expect(items.map((json) => [json.eventId, json.readerSession])).toEqual([
			[first.eventId, 51],
			[second.eventId, 52],
		]);
		const requests = lookBacks().length;
		expect(requests).toBeGreaterThan(30);
		expect(requests).toBeLessThanOrEqual(60 + 3);
		at(1200);
		expect(await trigger.poll()).toEqual([]);
		expect(lookBacks()).toHaveLength(requests);
	});

	test('a poll that fails in the middle of a look-back loses and doubles nothing', async () => {
		read('vis_anna', [-10 * DAY]);
		const trigger = readerTrigger('returningReader');
		await trigger.poll();
		read('vis_anna', [10]);
		at(60);
		// The key is revoked at the third request (the look-back's second), then restored.
		api.sandbox.setFault({ route: 'GET /v2/analytics/events', type: 'revoked', after: 2 });
		await expect(trigger.poll()).rejects.toThrow('Token has been revoked');
		api.sandbox.clearFaults();
		at(120);
		const items = await trigger.poll();
		expect(items.map((json) => json.readerSession)).toEqual([2]);
		at(180);
		expect(await trigger.poll()).toEqual([]);
	});

	test('Session Ends After outside 1 to 1440 fails the activation, naming the field', async () => {
		const trigger = readerTrigger('returningReader', { sessionGapMinutes: 1441 });
		await expect(trigger.poll()).rejects.toThrow(
			'"Session Ends After (Minutes)" must be a whole number from 1 to 1440',
		);
		expect(api.sandbox.log).toHaveLength(0);
	});
});

describe('New Reader on a Version', () => {
	test('someone new opens a version others read: one item with how many readers it has; not its first reader, not a reader again', async () => {
		read('vis_anna', [-5 * DAY]);
		const trigger = readerTrigger('newReader');
		expect(await trigger.poll()).toEqual([]);
		const [bob] = read('vis_bob', [10, 20]);
		read('vis_anna', [30]);
		// The first reader of another version is not "new on a version that others read".
		read('vis_dora', [40], { versionId: ACCEPTED });
		at(100);
		const [item, ...rest] = await trigger.poll();
		expect(rest).toEqual([]);
		expect(item).toMatchObject({
			eventId: bob.eventId,
			visitorId: 'vis_bob',
			versionReaders: 2,
			versionFirstReadAt: iso(-5 * DAY),
		});
		read('vis_bob', [5000]);
		const [carl] = read('vis_carl', [5010]);
		const [erin] = read('vis_erin', [5020], { versionId: ACCEPTED });
		at(5100);
		const later = await trigger.poll();
		expect(later.map((json) => [json.eventId, json.versionReaders])).toEqual([
			[carl.eventId, 3],
			[erin.eventId, 2],
		]);
	});

	test('Fetch Test Event: the latest of the last 7 days, by those days; none is an error saying what to do', async () => {
		const trigger = readerTrigger('newReader');
		await expect(trigger.poll('manual')).rejects.toThrow(
			'No new reader opened a version that others had read in the last 7 days that matches this trigger',
		);
		read('vis_anna', [-3000]);
		read('vis_bob', [-2000]);
		const [carl] = read('vis_carl', [-1000]);
		const [item] = await trigger.poll('manual');
		expect(item).toMatchObject({ eventId: carl.eventId, versionReaders: 3 });
		const returning = readerTrigger('returningReader');
		const [back] = read('vis_anna', [-10]);
		expect(await returning.poll('manual')).toEqual([
			expect.objectContaining({ eventId: back.eventId, readerSession: 2 }),
		]);
	});
});

const durableOnly = line() === '1.x' ? describe.skip : describe;

durableOnly('Returning and new readers under the durable scheduler (n8n 2.x)', () => {
	test('through a restart (only the poller_state row survives), each reader event is emitted once', async () => {
		read('vis_anna', [-2 * DAY]);
		const rows = { returningReader: {} as PollerStateRow, newReader: {} as PollerStateRow };
		const poll = async (event: 'returningReader' | 'newReader', activation = false) => {
			const result = await runDurablePoll(readerTrigger(event).node, {
				credentials: api.credentials(),
				row: rows[event],
				activation,
			});
			expect(result.error).toBeUndefined();
			return result.items.map((item: TestItem) => item.json as Json);
		};
		await poll('returningReader', true);
		await poll('newReader', true);
		const [bob] = read('vis_bob', [10]);
		at(60);
		expect((await poll('newReader')).map((json) => json.eventId)).toEqual([bob.eventId]);
		expect(await poll('returningReader')).toEqual([]);
		const [anna] = read('vis_anna', [100]);
		at(160);
		for (const row of Object.values(rows)) row.cursor = JSON.parse(JSON.stringify(row.cursor));
		expect((await poll('returningReader')).map((json) => json.eventId)).toEqual([anna.eventId]);
		expect(await poll('newReader')).toEqual([]);
		at(220);
		expect(await poll('returningReader')).toEqual([]);
		expect(await poll('newReader')).toEqual([]);
	});
});
