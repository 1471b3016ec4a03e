/**
 * The Storydoc Trigger's call to n8n's `__commitCursor` (docs/development.md › Design notes): what
 * each answer costs, and what n8n's log says. The hook is absent on n8n 1.x and commits nothing
 * outside the durable scheduler (n8n keeps the static data itself); under the durable scheduler it
 * keeps the activation poll's cursor. If a later n8n ignores or refuses the node's call, the events
 * between activation and the first scheduled poll are skipped, never emitted twice, and the log
 * shows both starts.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import { line } from '../../../harness/engineLine';
import type {
	DurablePollOptions,
	Json,
	LogEntry,
	PollerStateRow,
	TestItem,
	TriggerNode,
} from '../../../harness/n8n';
import { capturedLogs, runDurablePoll, runPoll } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';

const NODE_NAME = 'When a prospect engages';
const api = useSandbox({ events: 100, eventSpanDays: 30, rateLimit: { max: 100000 } });
const LIVE = SEED.versions.live.id;
const INTRO = SEED.versions.intro.id;
const node: TriggerNode = {
	name: NODE_NAME,
	type: 'n8n-nodes-storydoc.storydocTrigger',
	parameters: {},
	credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
};
const ids = (items: TestItem[]) => items.map((item) => item.json.eventId);
const eventIds = (events: Json[]): string[] => events.map((event) => event.eventId);
const triggerLogs = (level: LogEntry['level']) =>
	capturedLogs.filter(
		(entry) => entry.level === level && entry.message.startsWith(`Storydoc Trigger "${NODE_NAME}"`),
	);
/** The instants the "no saved cursor" lines name, in the order they were logged. */
const starts = () =>
	triggerLogs('info')
		.filter((entry) => entry.message.includes('no saved cursor'))
		.map((entry) => (entry.meta as { start: string }).start);

beforeEach(() => {
	api.sandbox.reset();
	capturedLogs.length = 0;
});

describe("n8n keeps the node's static data itself (1.x: no hook; 2.x in-memory scheduling: nothing staged)", () => {
	test('the events between activation and the first poll are emitted once; the log shows one start and no warning', async () => {
		const staticData: IDataObject = {};
		const poll = async () =>
			(await runPoll(node, { credentials: api.credentials(), staticData })).items;
		expect(await poll()).toEqual([]);
		const added = api.sandbox.addEvents([{ versionId: LIVE }, { versionId: INTRO }]);
		expect(ids(await poll())).toEqual(eventIds(added));
		expect(await poll()).toEqual([]);
		expect(starts()).toHaveLength(1);
		expect(triggerLogs('warn')).toEqual([]);
	});
});

const durableOnly = line() === '1.x' ? describe.skip : describe;

/** A trigger under the durable scheduler whose own `__commitCursor` call n8n answers as `nodeCommit` says. */
function durableTrigger(nodeCommit: DurablePollOptions['nodeCommit']) {
	const row: PollerStateRow = {};
	const options = () => ({ credentials: api.credentials(), row, nodeCommit });
	return {
		row,
		activate: () => runDurablePoll(node, { ...options(), activation: true }),
		poll: () => runDurablePoll(node, options()),
	};
}

durableOnly("the node's __commitCursor call under n8n's durable scheduler (n8n 2.x)", () => {
	test("committed (n8n 2.41): the activation's start is kept, nothing is skipped, one start in the log", async () => {
		const trigger = durableTrigger('commits');
		await trigger.activate();
		const started = starts()[0];
		expect(trigger.row.cursor?.cursor).toEqual({ timestamp: started, seen: [] });
		const added = api.sandbox.addEvents([{ versionId: LIVE }]);
		expect(ids((await trigger.poll()).items)).toEqual(eventIds(added));
		expect(starts()).toEqual([started]);
		expect(triggerLogs('warn')).toEqual([]);
	});

	test('ignored: the events before the first scheduled poll are skipped, none twice, and the log shows the two starts', async () => {
		const trigger = durableTrigger('ignored');
		const activation = await trigger.activate();
		expect(activation.error).toBeUndefined();
		expect(trigger.row.cursor).toBeUndefined();
		const skipped = api.sandbox.addEvents([{ versionId: LIVE }]);
		await sleep(5); // the first scheduled poll starts strictly after the skipped event
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.items).toEqual([]);
		// n8n's own commit after an empty scheduled poll keeps this second start.
		const [activatedAt, firstPollAt] = starts();
		expect(trigger.row.cursor?.cursor).toEqual({ timestamp: firstPollAt, seen: [] });
		expect(Date.parse(firstPollAt)).toBeGreaterThan(Date.parse(skipped[0].timestamp));
		expect(Date.parse(skipped[0].timestamp)).toBeGreaterThanOrEqual(Date.parse(activatedAt));
		const later = api.sandbox.addEvents([{ versionId: INTRO }]);
		expect(ids((await trigger.poll()).items)).toEqual(eventIds(later));
		expect((await trigger.poll()).items).toEqual([]);
		expect(starts()).toEqual([activatedAt, firstPollAt]);
		expect(triggerLogs('warn')).toEqual([]);
	});

	test('refused (throws): the activation still succeeds, warns with the lost start and the reason, and nothing is emitted twice', async () => {
		const trigger = durableTrigger('refused');
		const activation = await trigger.activate();
		expect(activation.error).toBeUndefined();
		expect(activation.result).toBeNull();
		const [activatedAt] = starts();
		const [warning] = triggerLogs('warn');
		expect(warning.message).toContain(
			`did not save the cursor this poll started at ${activatedAt}`,
		);
		expect(warning.message).toContain(`the events from ${activatedAt} until then are not emitted`);
		expect(warning.meta).toMatchObject({
			node: NODE_NAME,
			error: '__commitCursor is called by the tick engines, never by a node',
		});
		const skipped = api.sandbox.addEvents([{ versionId: LIVE }]);
		await sleep(5);
		expect((await trigger.poll()).items).toEqual([]);
		const later = api.sandbox.addEvents([{ versionId: INTRO }]);
		const emitted = ids((await trigger.poll()).items);
		expect(emitted).toEqual(eventIds(later));
		expect(emitted).not.toContain(skipped[0].eventId);
		expect((await trigger.poll()).items).toEqual([]);
		expect(starts()).toHaveLength(2);
	});

	test('refused on a poll that has a cursor: no warning (n8n commits an empty scheduled poll itself), nothing read twice', async () => {
		const trigger = durableTrigger('refused');
		await trigger.activate();
		await trigger.poll();
		capturedLogs.length = 0;
		api.sandbox.addEvents([{ versionId: LIVE, eventCategory: 'view' }]);
		const clicks = () =>
			runDurablePoll(
				{ ...node, parameters: { event: 'click' } },
				{
					credentials: api.credentials(),
					row: trigger.row,
					nodeCommit: 'refused',
				},
			);
		const before = structuredClone(trigger.row.cursor);
		expect((await clicks()).items).toEqual([]);
		expect(trigger.row.cursor).not.toEqual(before);
		expect(triggerLogs('warn')).toEqual([]);
		expect(triggerLogs('debug').map((entry) => entry.message)).toEqual([
			expect.stringContaining("n8n did not save this poll's cursor"),
		]);
	});

	test("ignored at a republish that reads on from the kept cursor: the empty activation poll's reading is repeated, nothing lost, nothing twice", async () => {
		const trigger = durableTrigger('commits');
		await trigger.activate();
		const [seen] = api.sandbox.addEvents([{ versionId: LIVE }]);
		expect(ids((await trigger.poll()).items)).toEqual([seen.eventId]);
		const republished = durableTrigger('ignored');
		republished.row.cursor = structuredClone(trigger.row.cursor);
		api.sandbox.addEvents([{ versionId: LIVE, eventCategory: 'view' }]);
		const clickTrigger = (activation: boolean) =>
			runDurablePoll(
				{ ...node, parameters: { event: 'click' } },
				{ credentials: api.credentials(), row: republished.row, nodeCommit: 'ignored', activation },
			);
		expect((await clickTrigger(true)).items).toEqual([]);
		const [click] = api.sandbox.addEvents([{ versionId: INTRO, eventCategory: 'click' }]);
		expect(ids((await clickTrigger(false)).items)).toEqual([click.eventId]);
		expect((await clickTrigger(false)).items).toEqual([]);
		expect(starts()).toHaveLength(1);
	});
});
