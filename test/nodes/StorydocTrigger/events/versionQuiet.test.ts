/**
 * Storydoc Trigger › Event: Version Went Quiet, through n8n-core's PollContext (and, on n8n 2.x, its
 * durable scheduler) against the sandbox, on a clock the test moves (days pass in no time): the
 * versions read in Quiet For before activation and since, each emitted once when quiet, with its
 * totals as Get Events › Summary per Version gives them; again after it is read and goes quiet again;
 * at most 30 totals per poll; a failed poll loses and doubles nothing.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import { line } from '../../../harness/engineLine';
import type { Json } from '../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { durableTrigger, pollingTrigger, useTestClock } from '../helpers/triggerClock';

const LIVE = SEED.versions.live.id;
const EDITED = SEED.versions.edited.id;
const INTRO = SEED.versions.intro.id;
const DAY = 86_400;
const api = useSandbox({ events: 0, rateLimit: { max: 100000 }, now: () => Date.now() });
const { at, iso } = useTestClock(api);

/** A reader's views of a version at seconds after the start. */
const read = (versionId: string, seconds: number[], visitorId = 'vis_anna') =>
	api.sandbox.addEvents(
		seconds.map((second, index) => ({
			versionId,
			visitorId,
			sessionId: `${visitorId}-${seconds[0]}`,
			eventCategory: 'view',
			eventName: `view_slide_${index + 1}`,
			timestamp: iso(second),
		})),
	);

/** The totals' start, as docs/trigger.md says: 91 days before the poll's UTC day began. */
const totalsStart = (seconds: number) => {
	const start = new Date(iso(seconds));
	start.setUTCHours(0, 0, 0, 0);
	return start.getTime() - 91 * DAY * 1000;
};

const quietTrigger = (parameters: INodeParameters = {}) =>
	pollingTrigger(api, {
		name: 'When a proposal goes quiet',
		type: 'n8n-nodes-storydoc.storydocTrigger',
		parameters: { event: 'versionQuiet', quietDays: 7, ...parameters },
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	});

/** Get Events › Summary per Version of a version over the totals' period: their oracle. */
async function summaryOf(versionId: string, seconds: number) {
	const { outputs, error } = await runWorkflow(
		storydocWorkflow({
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom: new Date(totalsStart(seconds)).toISOString(),
			dateTo: iso(seconds),
			output: 'versionSummary',
			filters: { versionId: { __rl: true, mode: 'id', value: versionId } },
		}),
		{ credentials: api.credentials() },
	);
	expect(error).toBeUndefined();
	return outputs.Storydoc[0].json;
}

describe('Version Went Quiet', () => {
	test('versions read before activation (within Quiet For) and after it, each emitted once when quiet, with its totals; again after a new read; a restart changes nothing', async () => {
		read(INTRO, [-10 * DAY]);
		read(LIVE, [-3 * DAY, -3 * DAY + 40, -3 * DAY + 100]);
		const trigger = quietTrigger();
		expect(await trigger.poll()).toEqual([]);
		at(DAY);
		read(EDITED, [DAY - 30, DAY - 10], 'vis_ben');
		expect(await trigger.poll()).toEqual([]);
		// LIVE's last read was at -3 days + 100 s: quiet 7 days later, not a second sooner.
		at(4 * DAY + 99);
		expect(await trigger.poll()).toEqual([]);
		at(4 * DAY + 100);
		trigger.restart();
		const [live, ...rest] = await trigger.poll();
		expect(rest).toEqual([]);
		expect(live).toEqual({
			...(await summaryOf(LIVE, 4 * DAY + 100)),
			quietSince: iso(4 * DAY + 100),
			quietForDays: 7,
			totalsFrom: new Date(totalsStart(4 * DAY + 100)).toISOString(),
			totalsTo: iso(4 * DAY + 100),
		});
		expect(live).toMatchObject({ views: 3, readingSessions: 1, totalReadingSeconds: 100 });
		expect(live.lastEventAt).toBe(iso(-3 * DAY + 100));
		at(5 * DAY);
		expect(await trigger.poll()).toEqual([]);
		// EDITED is read again before it goes quiet: it is quiet 7 days after that read.
		read(EDITED, [6 * DAY], 'vis_ben');
		at(6 * DAY + 60);
		expect(await trigger.poll()).toEqual([]);
		at(8 * DAY);
		expect(await trigger.poll()).toEqual([]);
		at(13 * DAY + 1);
		const second = await trigger.poll();
		expect(second.map((item) => [item.versionId, item.views, item.lastEventAt])).toEqual([
			[EDITED, 3, iso(6 * DAY)],
		]);
		// LIVE read again after it went quiet: it goes quiet again, and is emitted again.
		read(LIVE, [14 * DAY]);
		at(14 * DAY + 60);
		expect(await trigger.poll()).toEqual([]);
		at(21 * DAY + 1);
		const again = await trigger.poll();
		expect(again.map((item) => [item.versionId, item.lastEventAt, item.quietSince])).toEqual([
			[LIVE, iso(14 * DAY), iso(21 * DAY)],
		]);
		at(30 * DAY);
		expect(await trigger.poll()).toEqual([]);
		// INTRO was quiet before activation: never emitted.
	});

	test('at most 30 totals per poll, the versions quiet longest first; the rest come with the next poll, once each', async () => {
		const trigger = quietTrigger({ quietDays: 1 });
		await trigger.poll();
		const versions = Array.from(
			{ length: 35 },
			(_, index) => `66d${index.toString(16).padStart(21, '0')}`,
		);
		versions.forEach((versionId, index) => read(versionId, [100 + index]));
		at(200);
		expect(await trigger.poll()).toEqual([]);
		at(DAY + 200);
		api.sandbox.clearLog();
		const first = await trigger.poll();
		expect(first.map((item) => item.versionId)).toEqual(versions.slice(0, 30));
		// One request each: the totals' window is one of the API's (whole UTC days, at most 92).
		const totals = api.sandbox.log.filter((entry: Json) => entry.query.versionId);
		expect(totals.map((entry: Json) => entry.query.versionId)).toEqual(versions.slice(0, 30));
		at(DAY + 260);
		const next = await trigger.poll();
		expect(next.map((item) => item.versionId)).toEqual(versions.slice(30));
		at(DAY + 320);
		expect(await trigger.poll()).toEqual([]);
	});

	test('a poll failing while it reads the totals emits nothing and loses nothing: the next one emits each version once', async () => {
		const trigger = quietTrigger({ quietDays: 1 });
		await trigger.poll();
		read(LIVE, [100]);
		read(EDITED, [110]);
		at(200);
		await trigger.poll();
		at(DAY + 200);
		api.sandbox.setFault({
			route: 'GET /v2/analytics/events',
			type: 'revoked',
			after: 2,
			times: 1,
		});
		await expect(trigger.poll()).rejects.toThrow('Token has been revoked');
		at(DAY + 260);
		const items = await trigger.poll();
		expect(items.map((item) => item.versionId)).toEqual([LIVE, EDITED]);
		at(DAY + 320);
		expect(await trigger.poll()).toEqual([]);
	});

	test('Fetch Test Event: the version of the last 92 days that went quiet last; none is an error saying what to do', async () => {
		const trigger = quietTrigger();
		read(EDITED, [-2 * DAY]);
		await expect(trigger.poll('manual')).rejects.toThrow(
			'No version read in the last 92 days and quiet for 7 days matches this trigger',
		);
		read(LIVE, [-30 * DAY]);
		read(INTRO, [-20 * DAY, -20 * DAY + 30]);
		const [item, ...rest] = await trigger.poll('manual');
		expect(rest).toEqual([]);
		expect(item).toMatchObject({
			versionId: INTRO,
			views: 2,
			lastEventAt: iso(-20 * DAY + 30),
			quietSince: iso(-13 * DAY + 30),
		});
	});

	test('Quiet For outside 1 to 60 days fails the activation, naming the field, before any request', async () => {
		await expect(quietTrigger({ quietDays: 61 }).poll()).rejects.toThrow(
			'"Quiet For (Days)" must be a whole number from 1 to 60',
		);
		expect(api.sandbox.log).toHaveLength(0);
	});
});

const durableOnly = line() === '1.x' ? describe.skip : describe;

durableOnly('Version Went Quiet under the durable scheduler (n8n 2.x)', () => {
	test('a version read before activation goes quiet across polls and a restart (only the poller_state row survives): emitted once', async () => {
		read(LIVE, [-6 * DAY]);
		const { activate, poll, restart } = durableTrigger(api, quietTrigger().node);
		await activate();
		at(60);
		expect(await poll()).toEqual([]);
		restart();
		at(DAY + 1);
		expect((await poll()).map((item) => [item.versionId, item.quietSince])).toEqual([
			[LIVE, iso(DAY)],
		]);
		restart();
		at(DAY + 120);
		expect(await poll()).toEqual([]);
	});
});
