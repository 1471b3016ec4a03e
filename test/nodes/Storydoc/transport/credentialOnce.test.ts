/**
 * The credential is read once per node run, not once per request: in the n8n app every read loads
 * it from n8n's database and decrypts it. Counted through the engine's credentials helper, which
 * hands the node its test credentials on every read (getDecrypted).
 */
import type { TestCredentials } from '../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { SEED } from '../../../harness/versionFixtures';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const api = useSandbox({ events: 600, eventSpanDays: 30, analyticsPageSize: 50, now: () => NOW });

beforeEach(() => api.sandbox.reset());

/** The sandbox's credentials, counting each read of the node's credential. */
function countingReads() {
	const { storydocApi } = api.credentials();
	let reads = 0;
	const credentials: TestCredentials = {
		get storydocApi() {
			reads++;
			return storydocApi;
		},
	};
	return { credentials, reads: () => reads };
}
const requests = (path: string) => api.sandbox.log.filter((entry) => entry.path === path);

test('Get Events reads the credential once for all its pages, and again in the next run', async () => {
	const { credentials, reads } = countingReads();
	const workflow = storydocWorkflow({
		resource: 'analytics',
		operation: 'getEvents',
		dateFrom: new Date(NOW - 31 * 86_400_000).toISOString(),
		dateTo: new Date(NOW).toISOString(),
		returnAll: true,
	});

	const first = await runWorkflow(workflow, { credentials });
	expect(first.error).toBeUndefined();
	expect(first.outputs.Storydoc).toHaveLength(600);
	expect(requests('/v2/analytics/events')).toHaveLength(12);
	expect(reads()).toBe(1);

	await runWorkflow(workflow, { credentials });
	expect(reads()).toBe(2);
});

test('a batch of Version › Get reads the credential once for all its items', async () => {
	const { credentials, reads } = countingReads();
	const ids = Object.values(SEED.versions)
		.map((version) => (version as { id: string }).id)
		.slice(0, 3);
	const result = await runWorkflow(
		storydocWorkflow(
			{ resource: 'version', operation: 'get', versionId: '={{ $json.versionId }}' },
			{ items: ids.map((versionId) => ({ versionId })) },
		),
		{ credentials },
	);
	expect(result.error).toBeUndefined();
	expect(result.outputs.Storydoc).toHaveLength(3);
	expect(reads()).toBe(1);
});
