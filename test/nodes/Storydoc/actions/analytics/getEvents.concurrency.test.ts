/**
 * Parallel pages, measured on the sandbox side: with 20 ms per answer, how many analytics requests
 * were in flight at once, and whether the output still comes in the API's order.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';
import { DAY_MS } from '../../../../../sandbox/dates';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let maxInFlight = 0;
let inFlightWhenPage1Answered: number | undefined;
/**
 * When an answer goes out, the requests the sandbox has logged but not answered yet were in flight
 * with it: the sandbox's own view of how many pages the node asked for at once.
 */
const api = useSandbox({
	events: 1500,
	analyticsPageSize: 40,
	latencyMs: 20,
	now: () => NOW,
	onRequest: (record: Json) => {
		const unanswered = api.sandbox.log.filter((entry) => entry.status === null).length;
		maxInFlight = Math.max(maxInFlight, unanswered + 1);
		if (record.query.page === '1') inFlightWhenPage1Answered = unanswered + 1;
	},
});

beforeEach(() => {
	api.sandbox.reset();
	maxInFlight = 0;
	inFlightWhenPage1Answered = undefined;
});

async function getAllEvents(options: INodeParameters) {
	const from = NOW - 80 * DAY_MS;
	const { outputs, error } = await runWorkflow(
		storydocWorkflow({
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom: iso(from),
			dateTo: iso(NOW),
			returnAll: true,
			options,
		}),
		{ credentials: api.credentials() },
	);
	expect(error).toBeUndefined();
	const expected = api.sandbox.state.events.filter(
		(event: Json) => Date.parse(event.timestamp) >= from,
	);
	expect(expected.length).toBeGreaterThan(10 * 40);
	expect(outputs.Storydoc.map((item) => item.json.eventId)).toEqual(
		expected.map((event: Json) => event.eventId),
	);
	return api.sandbox.log.filter((entry) => entry.path === '/v2/analytics/events');
}

test.each<[INodeParameters, number]>([
	[{}, 5],
	[{ concurrency: 2 }, 2],
	[{ concurrency: 7 }, 7],
])(
	'options %j: at most %i pages in flight, page 1 alone first, output in API order',
	async (options, expected) => {
		// The pages after the first are answered once `expected` are in flight: the sandbox sees the
		// limit reached however busy the machine is, and a node asking for more would show more.
		api.sandbox.setFault({
			route: 'GET /v2/analytics/events',
			type: 'slow',
			delayMs: 0,
			after: 1,
			times: expected,
			holdUntil: expected,
		});
		const requests = await getAllEvents(options);
		expect(maxInFlight).toBe(expected);
		expect(requests[0].query.page).toBe('1');
		expect(inFlightWhenPage1Answered).toBe(1);
		expect(new Set(requests.map((entry) => entry.query.page)).size).toBe(requests.length);
	},
);

test('Parallel Page Requests 1: strictly one page after another, in page order', async () => {
	const requests = await getAllEvents({ concurrency: 1 });
	expect(maxInFlight).toBe(1);
	expect(requests.map((entry) => Number(entry.query.page))).toEqual(
		requests.map((_, index) => index + 1),
	);
});
