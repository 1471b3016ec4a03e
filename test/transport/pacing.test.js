'use strict';
/**
 * Rate-limit pacing and 429s through n8n's engine against the sandbox's real fixed-window limiter
 * (small windows keep the run short): every item created exactly once, none failed, and no window
 * admits more than the maximum. Each test has its own sandbox, so its own base URL and pacer.
 */
const { createSandbox } = require('../../sandbox/server');
const { credentialsFor, runWorkflow, storydocWorkflow } = require('../harness/n8n');
const { SEED, createParameters } = require('../version/fixtures');

const MAX = 5;
const WINDOW_MS = 1000;
let sandbox;
let url;

beforeEach(async () => {
	sandbox = createSandbox({ rateLimit: { max: MAX, windowMs: WINDOW_MS } });
	url = await sandbox.start(0, '127.0.0.1');
});
afterEach(async () => {
	await sandbox.close();
});

const credentials = () => credentialsFor({ baseUrl: url, token: sandbox.tokens.team });
const deals = (count, prefix = 'Deal') => Array.from({ length: count }, (_, index) => ({ company: `${prefix} ${index + 1}` }));
// The intro story has no required variables: Title alone makes a version.
const parameters = createParameters({ storyId: { __rl: true, mode: 'id', value: SEED.stories.intro.id }, title: '={{ $json.company }}' });

async function createAll(items) {
	return await runWorkflow(storydocWorkflow(parameters, { items }), { credentials: credentials() });
}

/** Every item's version exists exactly once, and the outputs are paired in order. */
function expectEachCreatedOnce(items, outputs) {
	const titles = sandbox.state.versions.filter((version) => version.source === 'API' && version.storyId === SEED.stories.intro.id).map((version) => version.data.title);
	for (const { company } of items) expect(titles.filter((title) => title === company)).toHaveLength(1);
	expect(outputs.map((item) => item.pairedItem.item)).toEqual(items.map((_, index) => index));
	for (const item of outputs) expect(item.json.versionId).toMatch(/^[0-9a-f]{24}$/);
}

const created = () => sandbox.log.filter((entry) => entry.method === 'POST' && entry.status === 200);
const refused = () => sandbox.log.filter((entry) => entry.status === 429);

test('a batch larger than the limit slows down instead of failing; the learned window then avoids 429s', async () => {
	const first = deals(12, 'First');
	const started = Date.now();
	const run1 = await createAll(first);
	expect(run1.error).toBeUndefined();
	expectEachCreatedOnce(first, run1.outputs.Storydoc);
	// Never more than the maximum admitted in a window: every admitted request was counted at most MAX.
	for (const entry of created()) expect(entry.rateLimitCounter).toBeLessThanOrEqual(MAX);
	// 12 items at 5 per window need at least two resets.
	expect(Date.now() - started).toBeGreaterThanOrEqual(2 * WINDOW_MS);
	// Only the first window is probed (the window length is unknown until a reset is seen).
	expect(refused().length).toBeLessThanOrEqual(4);

	// A second execution in the same process shares what the first learned.
	sandbox.clearLog();
	const second = deals(12, 'Second');
	const run2 = await createAll(second);
	expect(run2.error).toBeUndefined();
	expectEachCreatedOnce(second, run2.outputs.Storydoc);
	expect(refused()).toEqual([]);
}, 30000);

test('a 429 from the API (nothing processed) is waited out and the same item sent again, for reads and writes', async () => {
	sandbox.setFault({ route: 'POST /v2/versions', type: 'status429', times: 2 });
	sandbox.setFault({ route: 'GET /v2/versions/:id', type: 'status429', times: 1 });
	const items = deals(2);
	const { outputs, error } = await createAll(items);
	expect(error).toBeUndefined();
	expectEachCreatedOnce(items, outputs.Storydoc);
	expect(sandbox.log.map((entry) => entry.status)).toEqual([429, 429, 200, 200]);

	const read = await runWorkflow(
		storydocWorkflow({ resource: 'version', operation: 'get', versionId: { __rl: true, mode: 'id', value: SEED.versions.live.id } }),
		{ credentials: credentials() },
	);
	expect(read.error).toBeUndefined();
	expect(read.outputs.Storydoc[0].json.id).toBe(SEED.versions.live.id);
});

test('another process behind the same IP already used most of the window: the node relies on the server counter', async () => {
	// Four version requests from "another worker" (same IP, outside this process's pacer).
	for (let i = 0; i < 4; i++) {
		await fetch(`${url}/v2/versions/${SEED.versions.live.id}`, { headers: { Authorization: `Bearer ${sandbox.tokens.team}` } });
	}
	const items = deals(6);
	const { outputs, error } = await createAll(items);
	expect(error).toBeUndefined();
	expectEachCreatedOnce(items, outputs.Storydoc);
	for (const entry of created()) expect(entry.rateLimitCounter).toBeLessThanOrEqual(MAX);
}, 20000);

test('three executions at once against one limit (queue-mode workers behind one IP): all created once, none failed', async () => {
	const batches = [deals(5, 'A'), deals(5, 'B'), deals(5, 'C')];
	const runs = await Promise.all(batches.map((items) => createAll(items)));
	runs.forEach((run, index) => {
		expect(run.error).toBeUndefined();
		expectEachCreatedOnce(batches[index], run.outputs.Storydoc);
	});
	expect(created()).toHaveLength(15);
	for (const entry of created()) expect(entry.rateLimitCounter).toBeLessThanOrEqual(MAX);
}, 30000);

test('a full version window does not hold back story reads (their headers report the version counter)', async () => {
	const { error } = await createAll(deals(MAX));
	expect(error).toBeUndefined();
	const started = Date.now();
	const story = await runWorkflow(storydocWorkflow({ resource: 'story', operation: 'get', storyId: { __rl: true, mode: 'id', value: SEED.stories.intro.id } }), {
		credentials: credentials(),
	});
	expect(story.error).toBeUndefined();
	expect(sandbox.log.at(-1)).toMatchObject({ path: `/v2/stories/${SEED.stories.intro.id}`, rateLimitCounter: MAX, status: 200 });
	expect(Date.now() - started).toBeLessThan(WINDOW_MS / 2);
});
