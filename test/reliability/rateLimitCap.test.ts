/**
 * A rate limit that never lifts: the node waits for it 5 minutes at most per request, then the item
 * fails with the API's 429, saying nothing was processed. Five minutes are shown in a few seconds by
 * a worker process whose clock runs 100 times faster (helpers/timeScale.ts); the sandbox keeps real
 * time and answers every create with 429.
 */
import { SEED } from '../../sandbox/seed';
import type { Json } from '../harness/n8n';
import { useSandbox } from '../harness/sandbox';
import type { WorkerJob } from './helpers/runWorker';
import { runWorker as runScaledWorker } from './helpers/runWorker';

const SCALE = 100;

const api = useSandbox({ rateLimit: { max: 100000 } });

function runWorker(job: Omit<WorkerJob, 'baseUrl' | 'token' | 'storyId'>) {
	return runScaledWorker(
		{ baseUrl: api.url, token: api.sandbox.tokens.team, storyId: SEED.stories.intro.id, ...job },
		{ scale: SCALE, timeoutMs: 60_000 },
	);
}

test('a 429 that never ends: after minutes of waiting (worker clock) the item fails with the 429, nothing created', async () => {
	const { sandbox } = api;
	sandbox.setFault({ route: 'POST /v2/versions', type: 'status429', times: Infinity });
	const items = [{ company: 'Blocked 1' }];
	const result = await runWorker({ items, nodeSettings: { onError: 'continueRegularOutput' } });

	expect(result.error).toBeUndefined();
	expect(result.outputs).toHaveLength(1);
	const [failed] = result.outputs ?? [];
	expect(failed.pairedItem).toEqual({ item: 0 });
	expect(failed.json).toMatchObject({ error: 'Too many requests', httpCode: '429' });
	expect(failed.json.description).toMatch(
		/stayed exhausted for the 5 minutes the node waits at most.*Nothing was processed/,
	);
	// The worker's clock: it kept waiting for minutes (no early give-up). That it stops before its
	// waits pass 5 minutes is timed in virtual time (request.waits.unit.test.ts), as here CPU
	// contention counts 100 times too; a cap that did not hold would run into the worker's timeout.
	expect(result.seconds).toBeGreaterThanOrEqual(3 * 60);

	// Every try was a 429 (nothing processed), paced by growing probes rather than a storm.
	const posts = sandbox.log.filter((entry: Json) => entry.method === 'POST');
	expect(posts.every((entry: Json) => entry.status === 429)).toBe(true);
	expect(posts.length).toBeLessThan(40);
	expect(
		sandbox.state.versions.filter((version: Json) => version.data?.title === 'Blocked 1'),
	).toEqual([]);
});
