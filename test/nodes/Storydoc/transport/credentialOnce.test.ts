/**
 * The credential is read once per node run, not once per request: in the n8n app every read loads
 * it from n8n's database and decrypts it. Counted through the engine's credentials helper, which
 * hands the node its test credentials on every read (getDecrypted). And once per run, not once per
 * context: n8n keeps one poll context for every poll of an activation.
 */
import type { TestCredentials } from '../../../harness/n8n';
import { activatePolling, runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import type { TokenName } from '../../../harness/sandbox';
import { useSandbox } from '../../../harness/sandbox';
import { SEED } from '../../../harness/versionFixtures';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const api = useSandbox({ events: 600, eventSpanDays: 30, analyticsPageSize: 50, now: () => NOW });

beforeEach(() => api.sandbox.reset());

/** The sandbox's credentials, counting each read of the node's credential; `use` changes the token. */
function countingReads() {
	let token: TokenName = 'team';
	let reads = 0;
	const credentials: TestCredentials = {
		get storydocApi() {
			reads++;
			return api.credentials(token).storydocApi;
		},
	};
	return { credentials, reads: () => reads, use: (name: TokenName) => (token = name) };
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

test('each poll of one activation reads the credential afresh: a token fixed while the workflow is active is used by the next poll', async () => {
	const { credentials, reads, use } = countingReads();
	use('revoked');
	// One poll context for every poll, as n8n's ActiveWorkflowTriggers keeps it.
	const activation = await activatePolling(
		{
			name: 'Storydoc Trigger',
			type: 'n8n-nodes-storydoc.storydocTrigger',
			parameters: {},
			credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
		},
		{ credentials },
	);

	await expect(activation.poll()).rejects.toThrow(/Token has been revoked/);
	expect(reads()).toBe(1);

	// The user puts a valid token in the credential; the workflow stays active.
	use('team');
	await expect(activation.poll()).resolves.toBeDefined();
	expect(reads()).toBe(2);
	expect(requests('/v2/analytics/events').at(-1)?.status).toBe(200);
});
