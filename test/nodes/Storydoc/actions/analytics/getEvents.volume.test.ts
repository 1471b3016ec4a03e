/**
 * 100,000 events through the engine: 100 pages of 1,000 over three date windows. Every event once, in
 * order, and the run does not trip over the size (no call-stack overflow when items are appended).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';
import { DAY_MS } from '../../../../../sandbox/dates';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const api = useSandbox({ events: 100_000, now: () => NOW });

const parameters = (output: string): INodeParameters => ({
	resource: 'analytics',
	operation: 'getEvents',
	dateFrom: new Date(NOW - 201 * DAY_MS).toISOString(),
	dateTo: new Date(NOW).toISOString(),
	returnAll: true,
	output,
});

test('Raw Events: 100,000 items, each seeded event exactly once, in the API order', async () => {
	const { outputs, error } = await runWorkflow(storydocWorkflow(parameters('events')), {
		credentials: api.credentials(),
	});
	expect(error).toBeUndefined();
	const events = api.sandbox.state.events;
	expect(outputs.Storydoc).toHaveLength(100_000);
	const mismatches = outputs.Storydoc.filter(
		(item, index) => item.json.eventId !== events[index].eventId,
	);
	expect(mismatches).toHaveLength(0);
	const requests = api.sandbox.log.filter((entry) => entry.path === '/v2/analytics/events');
	expect(new Set(requests.map((entry) => entry.query.dateFrom)).size).toBe(3);
	expect(requests.every((entry) => entry.status === 200)).toBe(true);
});

test('Summary per Version over 100,000 events: the counts add up to every event', async () => {
	const { outputs } = await runWorkflow(storydocWorkflow(parameters('versionSummary')), {
		credentials: api.credentials(),
	});
	const versions = new Set(api.sandbox.state.events.map((event: Json) => event.versionId));
	expect(outputs.Storydoc.map((item) => item.json.versionId).sort()).toEqual([...versions].sort());
	expect(outputs.Storydoc.reduce((sum, item) => sum + item.json.views + item.json.clicks, 0)).toBe(
		100_000,
	);
});
