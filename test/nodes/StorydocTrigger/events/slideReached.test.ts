/**
 * Storydoc Trigger › Event: Slide Reached, through n8n-core's PollContext (and, on n8n 2.x, its
 * durable scheduler) against the sandbox over HTTP, on a clock the test moves (triggerClock.ts):
 * once per reader and version, with the session so far, across polls, a failed poll and restarts.
 * The fold over generated polls and orders: slideReached.property.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import { line } from '../../../harness/engineLine';
import type { Json } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { durableTrigger, pollingTrigger, useTestClock } from '../helpers/triggerClock';

const LIVE = SEED.versions.live.id;
const EDITED = SEED.versions.edited.id;
const api = useSandbox({ events: 0, rateLimit: { max: 100000 }, now: () => Date.now() });
const { at, iso } = useTestClock(api);

/** A reader's views of slides at seconds after the start: [seconds, slide, fields?]. */
const views = (
	visitorId: string | null,
	rows: Array<[number, number, Json?]>,
	{
		versionId = LIVE,
		sessionId = `${visitorId}-1`,
	}: { versionId?: string; sessionId?: string | null } = {},
) =>
	api.sandbox.addEvents(
		rows.map(([seconds, slide, fields]) => ({
			versionId,
			visitorId,
			sessionId,
			eventCategory: 'view',
			eventName: `view_slide_${slide}`,
			timestamp: iso(seconds),
			...fields,
		})),
	);

const slideTrigger = (parameters: INodeParameters = {}) =>
	pollingTrigger(api, {
		name: 'When a reader reaches pricing',
		type: 'n8n-nodes-storydoc.storydocTrigger',
		parameters: { event: 'slideReached', slide: 4, sessionGapMinutes: 30, ...parameters },
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	});

describe('Slide Reached', () => {
	test('a reader reaching the slide over several polls is emitted once, with the session so far; later views and sessions emit nothing; a restart changes nothing', async () => {
		const trigger = slideTrigger();
		expect(await trigger.poll()).toEqual([]);
		views('vis_anna', [
			[10, 1],
			[40, 2],
		]);
		at(60);
		expect(await trigger.poll()).toEqual([]);
		views('vis_anna', [
			[70, 3],
			[100, 5],
			[130, 4],
		]);
		at(140);
		trigger.restart();
		const [reached, ...rest] = await trigger.poll();
		expect(rest).toEqual([]);
		expect(reached).toMatchObject({
			versionId: LIVE,
			visitorId: 'vis_anna',
			sessionId: 'vis_anna-1',
			slideReached: 5,
			reachedAt: iso(100),
			startedAt: iso(10),
			lastEventAt: iso(100),
			readingSeconds: 90,
			views: 4,
			slidesViewed: [1, 2, 3, 5],
			deepestSlide: 5,
			secondsPerSlide: { 1: 30, 2: 30, 3: 30 },
			mayBeOngoing: true,
			readerSession: null,
		});
		// The rest of this session, and a session the next day: nothing more.
		views('vis_anna', [[200, 6]]);
		views('vis_anna', [[90_000, 5]], { sessionId: 'vis_anna-2' });
		at(90_060);
		expect(await trigger.poll()).toEqual([]);
		trigger.restart();
		at(90_120);
		expect(await trigger.poll()).toEqual([]);
	});

	test('each reader and each version once; of slides viewed at one instant the lowest at or past Slide is told', async () => {
		const trigger = slideTrigger();
		await trigger.poll();
		views('vis_ben', [
			[10, 2],
			[10, 7],
			[10, 4],
		]);
		views('vis_cleo', [[10, 9]]);
		views('vis_ben', [[20, 4]], { versionId: EDITED });
		views(null, [[30, 8]], { sessionId: 'anonymous-1' });
		views(null, [[31, 8]], { sessionId: null });
		at(60);
		const items = await trigger.poll();
		expect(
			items.map((item) => [item.versionId, item.visitorId, item.sessionId, item.slideReached]),
		).toEqual([
			[LIVE, 'vis_ben', 'vis_ben-1', 4],
			[LIVE, 'vis_cleo', 'vis_cleo-1', 9],
			[EDITED, 'vis_ben', 'vis_ben-1', 4],
			[LIVE, null, 'anonymous-1', 8],
		]);
		expect(items[0]).toMatchObject({ views: 3, slidesViewed: [2, 4, 7], readingSeconds: 0 });
	});

	test('a failed poll loses and doubles nothing: the next poll emits the reader once', async () => {
		const trigger = slideTrigger({ slide: 2 });
		await trigger.poll();
		views('vis_dora', [[10, 1]]);
		at(30);
		expect(await trigger.poll()).toEqual([]);
		views('vis_dora', [[40, 2]]);
		at(60);
		await expect(trigger.poll('trigger', 'revoked')).rejects.toThrow('Token has been revoked');
		at(90);
		const items = await trigger.poll();
		expect(items.map((item) => [item.visitorId, item.slideReached, item.views])).toEqual([
			['vis_dora', 2, 2],
		]);
		at(120);
		expect(await trigger.poll()).toEqual([]);
	});

	test('Fetch Test Event: the latest reader of the last 7 days to reach the slide; none is an error saying what to do', async () => {
		const trigger = slideTrigger();
		await expect(trigger.poll('manual')).rejects.toThrow(
			'No reader reaching slide 4 in the last 7 days matches this trigger',
		);
		views('vis_earlier', [[-5000, 4]]);
		views('vis_latest', [
			[-3000, 1],
			[-2990, 6],
		]);
		views('vis_not_far', [[-100, 3]]);
		const [item, ...rest] = await trigger.poll('manual');
		expect(rest).toEqual([]);
		expect(item).toMatchObject({ visitorId: 'vis_latest', slideReached: 6, views: 2 });
	});

	test('a Slide outside 1 to 1000 fails the activation, naming the field, before any request', async () => {
		await expect(slideTrigger({ slide: 0 }).poll()).rejects.toThrow(
			'"Slide" must be a whole number from 1 to 1000',
		);
		expect(api.sandbox.log).toHaveLength(0);
	});
});

const durableOnly = line() === '1.x' ? describe.skip : describe;

durableOnly('Slide Reached under the durable scheduler (n8n 2.x)', () => {
	test('a reader reaching the slide across polls and a restart (only the poller_state row survives) is emitted once', async () => {
		const { activate, poll, restart } = durableTrigger(api, slideTrigger().node);
		await activate();
		views('vis_anna', [[10, 3]]);
		at(60);
		expect(await poll()).toEqual([]);
		views('vis_anna', [[100, 4]]);
		at(120);
		restart();
		expect((await poll()).map((item) => [item.visitorId, item.slideReached, item.views])).toEqual([
			['vis_anna', 4, 2],
		]);
		views('vis_anna', [[150, 5]]);
		at(180);
		restart();
		expect(await poll()).toEqual([]);
	});
});
