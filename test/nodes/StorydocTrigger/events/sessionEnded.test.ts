/**
 * Storydoc Trigger › Event: Reading Session Ended, through n8n-core's PollContext (and, on n8n 2.x,
 * its durable scheduler's PollTriggerExecutor) against the sandbox over HTTP. The clock is moved by
 * the test (Date.now, for the node and the sandbox alike), so a session read over several polls and
 * its idle gap take no real time; it stands still between moves, so no assertion depends on how
 * long a poll takes. The fold itself, over generated polls: sessionEnded.unit.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import { DEFAULT_RULES, sessionLevelByHand } from '../../../../scripts/examples/levels';
import { line } from '../../../harness/engineLine';
import type { Json } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { durableTrigger, pollingTrigger, useTestClock } from '../helpers/triggerClock';

const TRIGGER = 'n8n-nodes-storydoc.storydocTrigger';
const NODE_NAME = 'When a reader finishes';
const LIVE = SEED.versions.live.id;
// The sandbox reads the same clock (its events' default time, the log).
const api = useSandbox({ events: 0, rateLimit: { max: 100000 }, now: () => Date.now() });
const { at, iso } = useTestClock(api);

/** Events of reader Anna's visit to the live version, at seconds after the start. */
const visit = (events: Array<[number, Json?]>, sessionId: string | null = 'session-anna') =>
	api.sandbox.addEvents(
		events.map(([seconds, fields]) => ({
			versionId: LIVE,
			visitorId: 'vis_anna',
			sessionId,
			eventCategory: 'view',
			eventName: 'view_slide_1',
			timestamp: iso(seconds),
			...fields,
		})),
	);

const sessionTrigger = (parameters: INodeParameters = {}) =>
	pollingTrigger(api, {
		name: NODE_NAME,
		type: TRIGGER,
		parameters: { event: 'sessionEnded', sessionGapMinutes: 2, ...parameters },
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	});

describe('Reading Session Ended', () => {
	test('a session read over three polls is emitted once, after Session Ends After, with its totals; an n8n restart between polls changes nothing', async () => {
		const trigger = sessionTrigger();
		expect(await trigger.poll()).toEqual([]);
		visit([[10], [40, { eventName: 'view_slide_2' }]]);
		at(60);
		expect(await trigger.poll()).toEqual([]);
		visit([
			[150, { eventCategory: 'click', eventName: 'CTA click: Book a meeting' }],
			[170, { eventName: 'view_slide_3' }],
		]);
		at(180);
		trigger.restart();
		expect(await trigger.poll()).toEqual([]);
		visit([[290, { eventName: 'view_slide_4' }]]);
		at(300);
		expect(await trigger.poll()).toEqual([]);
		// 2 minutes after the last event: not yet (exactly the gap); a second later, the session.
		at(410);
		expect(await trigger.poll()).toEqual([]);
		at(411);
		const [session, ...rest] = await trigger.poll();
		expect(rest).toEqual([]);
		expect(session).toMatchObject({
			versionId: LIVE,
			visitorId: 'vis_anna',
			sessionId: 'session-anna',
			startedAt: iso(10),
			lastEventAt: iso(290),
			readingSeconds: 280,
			views: 4,
			clicks: 1,
			slidesViewed: [1, 2, 3, 4],
			deepestSlide: 4,
			actionsClicked: ['CTA click: Book a meeting'],
			actionClicks: { 'CTA click: Book a meeting': 1 },
			mayBeOngoing: false,
			readerSession: null,
			returningReader: null,
			// 280 s read (over Hot Reading Time, 180) and a click: two strong signs.
			engagementLevel: 'hot',
			engagementSigns: ['readingTime', 'clicked'],
		});
		at(600);
		expect(await trigger.poll()).toEqual([]);
	});

	test('a failed poll loses and doubles nothing: the next one reads on and the session comes once', async () => {
		const trigger = sessionTrigger();
		await trigger.poll();
		visit([[10]]);
		at(60);
		expect(await trigger.poll()).toEqual([]);
		visit([[100, { eventName: 'view_slide_2' }]]);
		at(130);
		await expect(trigger.poll('trigger', 'revoked')).rejects.toThrow('Token has been revoked');
		at(140);
		expect(await trigger.poll()).toEqual([]);
		at(400);
		const sessions = await trigger.poll();
		expect(sessions.map((session) => [session.views, session.readingSeconds])).toEqual([[2, 90]]);
		at(500);
		expect(await trigger.poll()).toEqual([]);
	});

	test("without a session ID, a reader's next event after the gap starts a new session: the first is emitted then", async () => {
		const trigger = sessionTrigger();
		await trigger.poll();
		visit([[10], [50]], null);
		at(60);
		expect(await trigger.poll()).toEqual([]);
		visit([[300, { eventName: 'view_slide_5' }]], null);
		at(310);
		const [first] = await trigger.poll();
		expect(first).toMatchObject({ sessionId: null, startedAt: iso(10), readingSeconds: 40 });
		at(500);
		const [second] = await trigger.poll();
		expect(second).toMatchObject({ startedAt: iso(300), slidesViewed: [5], readingSeconds: 0 });
	});

	test('Fetch Test Event: the reading session of the last 7 days that ended last; none is an error saying what to do', async () => {
		const trigger = sessionTrigger();
		await expect(trigger.poll('manual')).rejects.toThrow(
			'No reading session ended in the last 7 days matches this trigger',
		);
		visit([[-3000], [-2900]], 'earlier');
		visit([[-1000], [-940, { eventName: 'view_slide_2' }]], 'latest');
		visit([[-10]], 'still reading');
		const [session, ...rest] = await trigger.poll('manual');
		expect(rest).toEqual([]);
		expect(session).toMatchObject({
			sessionId: 'latest',
			readingSeconds: 60,
			slidesViewed: [1, 2],
		});
	});

	test("Engagement Level's thresholds: Story's Last Slide with the Version filter counts the share; each session's level as the rule in docs/analytics.md says", async () => {
		const rules = { hotReadingSeconds: 30, warmReadingSeconds: 20, lastSlide: 4 };
		const trigger = sessionTrigger({
			engagementLevel: rules,
			filters: { versionId: { __rl: true, mode: 'id', value: LIVE } },
		});
		await trigger.poll();
		visit([[10], [40, { eventName: 'view_slide_4' }]], 'deep');
		visit([[12], [35]], 'brief');
		visit([[15]], 'glance');
		at(400);
		const sessions = await trigger.poll();
		expect(sessions.map((session) => session.sessionId)).toEqual(['deep', 'brief', 'glance']);
		for (const session of sessions)
			expect(session).toMatchObject(sessionLevelByHand(session, { ...DEFAULT_RULES, ...rules }));
		expect(sessions.map((session) => session.engagementLevel)).toEqual(['hot', 'warm', 'cold']);
	});

	test.each<[string, Json, string]>([
		[
			'Warm above Hot',
			{ hotReadingSeconds: 60, warmReadingSeconds: 90 },
			'"Warm Reading Time (Seconds)" must not be above Hot Reading Time (60)',
		],
		[
			"Story's Last Slide without a Story or Version filter",
			{ lastSlide: 8 },
			`"Story's Last Slide" needs the Story or Version filter`,
		],
		[
			'a share over 100 %',
			{ hotSlidePercent: 101 },
			'"Hot Share of Slides (%)" must be a whole number from 1 to 100',
		],
	])(
		'Engagement Level: %s fails the activation, naming the field, before any request',
		async (_, engagementLevel, message) => {
			const trigger = sessionTrigger({ engagementLevel });
			await expect(trigger.poll()).rejects.toThrow(message);
			expect(api.sandbox.log).toHaveLength(0);
		},
	);

	test('Session Ends After outside 1 to 1440 fails the activation, naming the field', async () => {
		const trigger = sessionTrigger({ sessionGapMinutes: 0 });
		await expect(trigger.poll()).rejects.toThrow(
			'"Session Ends After (Minutes)" must be a whole number from 1 to 1440',
		);
		expect(api.sandbox.log).toHaveLength(0);
	});
});

const durableOnly = line() === '1.x' ? describe.skip : describe;

durableOnly('Reading Session Ended under the durable scheduler (n8n 2.x)', () => {
	test('a session read over three polls, with a restart (only the poller_state row survives), is emitted once', async () => {
		const { activate, poll, restart } = durableTrigger(api, sessionTrigger().node);
		await activate();
		visit([[10]]);
		at(60);
		expect(await poll()).toEqual([]);
		visit([[100, { eventName: 'view_slide_2' }]]);
		at(120);
		expect(await poll()).toEqual([]);
		visit([[200, { eventName: 'view_slide_3' }]]);
		at(240);
		// n8n restarts: the row is all it keeps.
		restart();
		expect(await poll()).toEqual([]);
		at(400);
		const sessions = await poll();
		expect(sessions.map((session) => [session.views, session.slidesViewed])).toEqual([
			[3, [1, 2, 3]],
		]);
		at(500);
		expect(await poll()).toEqual([]);
	});
});
