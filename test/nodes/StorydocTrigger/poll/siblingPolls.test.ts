/**
 * Two polls of one trigger started together from one saved state, interleaved, as n8n runs them when
 * several Poll Times entries fire at one instant or when its durable scheduler catches up missed
 * poll times after a restart (each poll a snapshot of the poller_state row, both committed, the last
 * commit kept). Every event of the trigger is emitted once: the second poll emits nothing. Through
 * n8n-core's PollContext on both lines (the static data shared, or a copy per poll as n8n 2.x's
 * staging makes it) and its durable PollTriggerExecutor on 2.x. docs/development.md › Two polls from
 * one saved state.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import { line } from '../../../harness/engineLine';
import type { Json, PollResult, PollerStateRow, TestItem, TriggerNode } from '../../../harness/n8n';
import { capturedLogs, runDurablePoll, runPoll } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { useTestClock } from '../helpers/triggerClock';

const LIVE = SEED.versions.live.id;
const INTRO = SEED.versions.intro.id;
const api = useSandbox({ events: 0, rateLimit: { max: 100000 }, now: () => Date.now() });
const { at, iso } = useTestClock(api);
beforeEach(() => {
	capturedLogs.length = 0;
});

const triggerNode = (parameters: INodeParameters): TriggerNode => ({
	name: 'When a prospect engages',
	type: 'n8n-nodes-storydoc.storydocTrigger',
	parameters: { sessionGapMinutes: 5, ...parameters },
	credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
});

const read = (seconds: number, fields: Json = {}) =>
	api.sandbox.addEvents([
		{
			versionId: LIVE,
			visitorId: 'vis_anna',
			sessionId: 's-anna',
			eventCategory: 'view',
			eventName: 'view_slide_1',
			timestamp: iso(seconds),
			...fields,
		},
	])[0];

const key = (json: Json) => String(json.eventId ?? `${json.sessionId} ${json.startedAt}`);
const keysOf = (results: Array<Pick<PollResult, 'items'>>) =>
	results.flatMap((result) => result.items.map((item: TestItem) => key(item.json as Json)));
const siblingLines = () =>
	capturedLogs.filter((entry) => entry.message.includes('started from the same saved cursor'));

/** n8n 1.x and 2.x without durable cursors: the static data one object, shared by both polls. */
function sharedStateTrigger(parameters: INodeParameters) {
	const node = triggerNode(parameters);
	const staticData: IDataObject = {};
	const poll = () => runPoll(node, { credentials: api.credentials(), staticData });
	return { poll, together: () => Promise.all([poll(), poll()]) };
}

/** n8n 2.x's staging: each poll a copy of the saved state; the state kept is the last that changed. */
function stagedStateTrigger(parameters: INodeParameters, keep: 'first' | 'second') {
	const node = triggerNode(parameters);
	const workflowId = `sibling-${parameters.event}-${keep}`;
	let saved = '{}';
	const pollFrom = (copy: IDataObject) =>
		runPoll(node, { credentials: api.credentials(), staticData: copy, workflowId });
	return {
		poll: async () => {
			const copy = JSON.parse(saved) as IDataObject;
			const result = await pollFrom(copy);
			saved = JSON.stringify(copy);
			return result;
		},
		together: async () => {
			const copies = [JSON.parse(saved), JSON.parse(saved)] as IDataObject[];
			const results = await Promise.all(copies.map(pollFrom));
			const changed = copies.filter((copy) => JSON.stringify(copy) !== saved);
			if (changed.length) saved = JSON.stringify(keep === 'first' ? changed[0] : changed.at(-1));
			return results;
		},
	};
}

/** n8n 2.x with durable cursors: PollTriggerExecutor, both polls staged from one poller_state row. */
function durableTrigger(parameters: INodeParameters) {
	const node = triggerNode(parameters);
	const row: PollerStateRow = {};
	const poll = (activation = false) =>
		runDurablePoll(node, { credentials: api.credentials(), row, activation });
	return { poll: () => poll(true), together: () => Promise.all([poll(), poll()]) };
}

type Trigger = {
	poll(): Promise<PollResult>;
	together(): Promise<PollResult[]>;
};
const paths: Array<[string, (parameters: INodeParameters) => Trigger]> = [
	['the static data shared', sharedStateTrigger],
	['a copy per poll, the first kept', (parameters) => stagedStateTrigger(parameters, 'first')],
	['a copy per poll, the second kept', (parameters) => stagedStateTrigger(parameters, 'second')],
];
if (line() === '2.x') paths.push(['the durable PollTriggerExecutor', durableTrigger]);

describe.each(paths)('two polls from one saved state (%s)', (_path, makeTrigger) => {
	test('Any engagement: each new event once, the second poll emitting nothing; later events once', async () => {
		const trigger = makeTrigger({});
		await trigger.poll();
		at(10);
		const first = [read(1), read(2, { versionId: INTRO, eventCategory: 'click' })];
		at(20);
		const together = await trigger.together();
		expect(keysOf(together).sort()).toEqual(first.map(key).sort());
		expect(together.filter((result) => result.items.length === 0)).toHaveLength(1);
		expect(siblingLines()).toHaveLength(1);
		at(30);
		const later = read(25);
		at(40);
		expect(keysOf(await trigger.together())).toEqual([key(later)]);
		at(50);
		expect(keysOf(await trigger.together())).toEqual([]);
	});

	test('Reading Session Ended: a session ended while both polls ran is emitted once', async () => {
		const trigger = makeTrigger({ event: 'sessionEnded' });
		await trigger.poll();
		at(10);
		read(1);
		read(60, { eventName: 'view_slide_2' });
		at(70);
		expect(keysOf(await trigger.together())).toEqual([]);
		// Past the gap (5 minutes): ended, and no event in this poll moves the cursor.
		at(70 + 6 * 60);
		const ended = await trigger.together();
		expect(keysOf(ended)).toEqual([`s-anna ${iso(1)}`]);
		at(70 + 12 * 60);
		expect(keysOf(await trigger.together())).toEqual([]);
	});

	test('Returning Reader: a reader back in a new session once, the look-back read by one poll', async () => {
		read(-3 * 3600, { sessionId: 's-before' });
		const trigger = makeTrigger({ event: 'returningReader' });
		await trigger.poll();
		at(10);
		const back = read(1, { sessionId: 's-back' });
		at(20);
		api.sandbox.clearLog();
		expect(keysOf(await trigger.together())).toEqual([key(back)]);
		at(40);
		const again = read(30, { sessionId: 's-back' });
		expect(again.eventId).toBeDefined();
		at(50);
		expect(keysOf(await trigger.together())).toEqual([]);
	});
});
