/**
 * Rate-limit pacing and 429s through n8n's engine against the sandbox's real fixed-window limiter:
 * every item created exactly once, none failed, no window admits more than the maximum, and a full
 * window costs no 429. The node waits the API's minute for a window to end, so the runs that wait
 * go to a worker process whose clock runs SCALE times faster, against a sandbox window of
 * 60 s / SCALE (the API's minute as the worker sees it). Each test has its own sandbox, so its own
 * base URL and pacer.
 */
import type { IDataObject } from 'n8n-workflow';

import { createSandbox } from '../../../../sandbox/server';
import type { Json, TestItem } from '../../../harness/n8n';
import { credentialsFor, pairedIndex, runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import type { Sandbox } from '../../../harness/sandbox';
import type { WorkerJob } from '../../../reliability/helpers/runWorker';
import { runWorker } from '../../../reliability/helpers/runWorker';
import { SEED, createParameters } from '../../../harness/versionFixtures';

const MAX = 5;
const SCALE = 100;
const WINDOW_MS = 60_000 / SCALE;
let sandbox: Sandbox;
let url: string;

beforeEach(async () => {
	sandbox = createSandbox({ rateLimit: { max: MAX, windowMs: WINDOW_MS } });
	url = await sandbox.start(0, '127.0.0.1');
});
afterEach(async () => {
	await sandbox.close();
});

const credentials = () => credentialsFor({ baseUrl: url, token: sandbox.tokens.team });
const deals = (count: number, prefix = 'Deal'): IDataObject[] =>
	Array.from({ length: count }, (_, index) => ({ company: `${prefix} ${index + 1}` }));
// The intro story has no required variables: Title alone makes a version.
const parameters = createParameters({
	storyId: { __rl: true, mode: 'id', value: SEED.stories.intro.id },
	title: '={{ $json.company }}',
});

async function createAll(items: IDataObject[]) {
	return await runWorkflow(storydocWorkflow(parameters, { items }), { credentials: credentials() });
}

/** Every item's version exists exactly once, and the outputs are paired in order. */
function expectEachCreatedOnce(
	items: IDataObject[],
	outputs: Array<Pick<TestItem, 'json' | 'pairedItem'>>,
) {
	const titles = sandbox.state.versions
		.filter(
			(version: Json) => version.source === 'API' && version.storyId === SEED.stories.intro.id,
		)
		.map((version: Json) => version.data.title);
	for (const { company } of items)
		expect(titles.filter((title: Json) => title === company)).toHaveLength(1);
	expect(outputs.map((item) => pairedIndex(item))).toEqual(items.map((_, index) => index));
	for (const item of outputs) expect(item.json.versionId).toMatch(/^[0-9a-f]{24}$/);
}

const created = () =>
	sandbox.log.filter((entry: Json) => entry.method === 'POST' && entry.status === 200);
const refused = () => sandbox.log.filter((entry: Json) => entry.status === 429);

/** Runs the batches at once in one worker process (one pacer), its clock SCALE times faster. */
async function createInWorker(...batches: IDataObject[][]) {
	const job: WorkerJob = {
		baseUrl: url,
		token: sandbox.tokens.team,
		storyId: SEED.stories.intro.id,
		batches,
		timeoutSeconds: 3600,
	};
	const { runs } = await runWorker(job, { scale: SCALE });
	return runs!;
}

test('a batch larger than the limit waits for each window to end instead of failing, without a single 429', async () => {
	const items = deals(12, 'First');
	const started = Date.now();
	const [run] = await createInWorker(items);
	expect(run.error).toBeUndefined();
	expectEachCreatedOnce(items, run.outputs);
	// Never more than the maximum admitted in a window: every admitted request was counted at most MAX.
	for (const entry of created()) expect(entry.rateLimitCounter).toBeLessThanOrEqual(MAX);
	expect(refused()).toEqual([]);
	// It waited for windows to end: the creates opened three of the sandbox's windows at least (each
	// window's first request is counted 1), so two of the API's minutes passed, on either clock.
	expect(
		created().filter((entry: Json) => entry.rateLimitCounter === 1).length,
	).toBeGreaterThanOrEqual(3);
	expect(Date.now() - started).toBeGreaterThanOrEqual(2 * WINDOW_MS);
	expect(run.seconds).toBeGreaterThanOrEqual(120);
	// How soon after a window's end it goes on (no whole window lost) is timed in virtual time, where
	// contention cannot stretch it (rateLimit.sharing.unit.test.ts › 12 items at 5 per window): here
	// the worker's clock turns a tenth of a second of it into 10 s.
});

test('a 429 from the API (nothing processed) is waited out and the same item sent again, for reads and writes', async () => {
	sandbox.setFault({ route: 'POST /v2/versions', type: 'status429', times: 2 });
	sandbox.setFault({ route: 'GET /v2/versions/:id', type: 'status429', times: 1 });
	const items = deals(2);
	const { outputs, error } = await createAll(items);
	expect(error).toBeUndefined();
	expectEachCreatedOnce(items, outputs.Storydoc);
	expect(sandbox.log.map((entry) => entry.status)).toEqual([429, 429, 200, 200]);

	const read = await runWorkflow(
		storydocWorkflow({
			resource: 'version',
			operation: 'get',
			versionId: { __rl: true, mode: 'id', value: SEED.versions.live.id },
		}),
		{ credentials: credentials() },
	);
	expect(read.error).toBeUndefined();
	expect(read.outputs.Storydoc[0].json.id).toBe(SEED.versions.live.id);
});

test('another process behind the same IP already used most of the window: the node relies on the server counter', async () => {
	// Four version requests from "another worker" (same IP, outside the worker's pacer).
	for (let i = 0; i < 4; i++) {
		await fetch(`${url}/v2/versions/${SEED.versions.live.id}`, {
			headers: { Authorization: `Bearer ${sandbox.tokens.team}` },
		});
	}
	const items = deals(6);
	const [run] = await createInWorker(items);
	expect(run.error).toBeUndefined();
	expectEachCreatedOnce(items, run.outputs);
	for (const entry of created()) expect(entry.rateLimitCounter).toBeLessThanOrEqual(MAX);
	// The window it joined began before its first answer: waiting a minute from that answer is enough.
	expect(refused()).toEqual([]);
});

test('three executions at once against one limit (one n8n process, one pacer): all created once, none failed, no 429', async () => {
	const batches = [deals(5, 'A'), deals(5, 'B'), deals(5, 'C')];
	const runs = await createInWorker(...batches);
	runs.forEach((run, index) => {
		expect(run.error).toBeUndefined();
		expectEachCreatedOnce(batches[index], run.outputs);
	});
	expect(created()).toHaveLength(15);
	for (const entry of created()) expect(entry.rateLimitCounter).toBeLessThanOrEqual(MAX);
	expect(refused()).toEqual([]);
});

test('a full version window does not hold back story reads (their headers report the version counter)', async () => {
	// The API's own minute, in this process's real time: a story read held back until the version
	// window's end would come after that window, whose counter the sandbox then no longer reports.
	const minute = createSandbox({ rateLimit: { max: MAX } });
	const minuteUrl = await minute.start(0, '127.0.0.1');
	try {
		const minuteCredentials = credentialsFor({ baseUrl: minuteUrl, token: minute.tokens.team });
		const versions = await runWorkflow(storydocWorkflow(parameters, { items: deals(MAX) }), {
			credentials: minuteCredentials,
		});
		expect(versions.error).toBeUndefined();
		const story = await runWorkflow(
			storydocWorkflow({
				resource: 'story',
				operation: 'get',
				storyId: { __rl: true, mode: 'id', value: SEED.stories.intro.id },
			}),
			{ credentials: minuteCredentials },
		);
		expect(story.error).toBeUndefined();
		expect(minute.log.at(-1)).toMatchObject({
			path: `/v2/stories/${SEED.stories.intro.id}`,
			rateLimitCounter: MAX,
			status: 200,
		});
	} finally {
		await minute.close();
	}
});
