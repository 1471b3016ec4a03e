/* eslint-disable no-console -- the test reports what the shared limit refused */
/**
 * Shared limit across processes: three n8n workers (separate Node processes, as n8n's queue-mode
 * workers are, so each has a pacer of its own and none sees the others' requests) create versions at
 * the same time against one sandbox rate limit. Only the server's counter headers and its 429s tie
 * them together. test/nodes/Storydoc/transport/rateLimit.pacing.test.ts runs three executions in one process (one shared
 * pacer); this is the case docs/reliability.md promises for queue mode. A small limit keeps it short, and the
 * workers' clocks run SCALE times faster against a sandbox window of 60 s / SCALE (the API's minute
 * as they see it), since the node waits that minute for a full window to end.
 */
import type { IDataObject } from 'n8n-workflow';

import { createSandbox } from '../../sandbox/server';
import { SEED } from '../../sandbox/seed';
import type { Json } from '../harness/n8n';
import { pairedIndex } from '../harness/n8n';
import type { Sandbox } from '../harness/sandbox';
import { runWorker as runScaledWorker } from './helpers/runWorker';

const MAX = 10;
const SCALE = 100;
const WINDOW_MS = 60_000 / SCALE;
const WORKERS = ['A', 'B', 'C'];
const PER_WORKER = 8;
const INTRO = SEED.stories.intro.id;

let sandbox: Sandbox;
let url: string;
beforeAll(async () => {
	sandbox = createSandbox({ rateLimit: { max: MAX, windowMs: WINDOW_MS } });
	url = await sandbox.start(0, '127.0.0.1');
});
afterAll(async () => {
	await sandbox.close();
});

function runWorker(items: IDataObject[]) {
	return runScaledWorker(
		{ baseUrl: url, token: sandbox.tokens.team, storyId: INTRO, items, timeoutSeconds: 3600 },
		{ scale: SCALE },
	);
}

test('three worker processes at once against one limit: every item created exactly once, none failed', async () => {
	const batches = WORKERS.map((worker) =>
		Array.from({ length: PER_WORKER }, (_, n) => ({ company: `Worker ${worker} deal ${n + 1}` })),
	);
	const started = Date.now();
	const results = await Promise.all(batches.map((items) => runWorker(items)));
	const seconds = (Date.now() - started) / 1000;

	results.forEach((result, index) => {
		expect(result.error).toBeUndefined();
		expect(result.outputs!.map((item) => pairedIndex(item))).toEqual(
			batches[index].map((_, n) => n),
		);
		for (const item of result.outputs!) {
			expect(item.json.error).toBeUndefined();
			expect(item.json.versionId).toMatch(/^[0-9a-f]{24}$/);
		}
	});

	// Each item's version exists exactly once, and is the one its output item names.
	const made = sandbox.state.versions.filter(
		(version: Json) =>
			version.source === 'API' &&
			version.storyId === INTRO &&
			version.data.title?.startsWith('Worker '),
	);
	expect(made).toHaveLength(WORKERS.length * PER_WORKER);
	batches.forEach((items, index) => {
		items.forEach(({ company }, n) => {
			const versions = made.filter((version: Json) => version.data.title === company);
			expect(versions).toHaveLength(1);
			expect(results[index].outputs![n].json.versionId).toBe(versions[0].id);
		});
	});

	// The server admitted at most MAX per window (24 creates need at least two resets), and every
	// refused request was a 429 that processed nothing: creates = items exactly.
	const posts = sandbox.log.filter((entry: Json) => entry.method === 'POST');
	const admitted = posts.filter((entry: Json) => entry.status === 200);
	expect(admitted).toHaveLength(WORKERS.length * PER_WORKER);
	for (const entry of admitted) expect(entry.rateLimitCounter).toBeLessThanOrEqual(MAX);
	expect(posts.filter((entry: Json) => entry.status !== 200 && entry.status !== 429)).toEqual([]);
	expect(seconds).toBeGreaterThanOrEqual((2 * WINDOW_MS) / 1000);
	// No request waited past its 5 minutes (worker clock): none failed, checked above. How long the
	// batch takes is a figure, not a check: at 100 × the worker's clock turns a second of CPU contention
	// into 100 s, and the sharing's cost is measured in virtual time (rateLimit.sharing.unit.test.ts)
	// and at the real limit (bench:create, test:scale).
	const workerMinutes = results.map((result) => ((result.seconds ?? 0) / 60).toFixed(1)).join(', ');
	// No storm of 429s: a full window is waited out, not probed; what is refused is a race between
	// workers for a window's last slots, or the first request of a window another worker filled.
	const refused = posts.filter((entry: Json) => entry.status === 429).length;
	console.log(
		`shared limit: ${admitted.length} created, ${refused} refused (429), ${seconds.toFixed(1)} s real; ` +
			`each worker ${workerMinutes} API minutes (its clock)`,
	);
	expect(refused).toBeLessThan(WORKERS.length * PER_WORKER);
});
