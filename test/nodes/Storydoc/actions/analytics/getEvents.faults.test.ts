/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox */
/**
 * Analytics › Get Events when the API misbehaves mid-way through a multi-page, parallel read: the
 * shared transport waits out 429s and retries transient read failures, so the user still gets every
 * event exactly once, in order; a failure that does not go away fails the item with the API's words.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INodeParameters } from 'n8n-workflow';

import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';
import { DAY_MS } from '../../../../../sandbox/dates';

/** A fault rule of the sandbox (sandbox/faults.js): the parts these tests vary per row. */
interface PageFault {
	type: string;
	html?: boolean;
}

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const PAGE_SIZE = 50;
const ROUTE = 'GET /v2/analytics/events';
const api = useSandbox({ events: 1500, analyticsPageSize: PAGE_SIZE, now: () => NOW });

const from = NOW - 60 * DAY_MS;
const parameters = {
	resource: 'analytics',
	operation: 'getEvents',
	dateFrom: new Date(from).toISOString(),
	dateTo: new Date(NOW).toISOString(),
	returnAll: true,
} satisfies INodeParameters;
const analyticsRequests = () =>
	api.sandbox.log.filter((entry) => entry.path === '/v2/analytics/events');
const expectedIds = () =>
	api.sandbox.state.events
		.filter((event: Json) => Date.parse(event.timestamp) >= from)
		.map((event: Json) => event.eventId);

beforeEach(() => api.sandbox.reset());

async function expectEveryEventOnce() {
	const { outputs, error } = await runWorkflow(storydocWorkflow(parameters), {
		credentials: api.credentials(),
	});
	expect(error).toBeUndefined();
	const ids = outputs.Storydoc.map((item) => item.json.eventId);
	expect(ids.length).toBeGreaterThan(8 * PAGE_SIZE);
	expect(ids).toEqual(expectedIds());
	// Every page was answered properly once: nothing read twice into the output.
	const answered = analyticsRequests().filter((entry) => entry.status === 200 && !entry.fault);
	expect(new Set(answered.map((entry) => entry.query.page)).size).toBe(answered.length);
	return analyticsRequests();
}

test('429 on pages in flight: waits for the window and goes on, not fails', async () => {
	api.sandbox.setFault({ route: ROUTE, type: 'status429', after: 2, times: 3 });
	const requests = await expectEveryEventOnce();
	expect(requests.filter((entry) => entry.status === 429)).toHaveLength(3);
});

test.each<[string, PageFault]>([
	['a 500 with an error ID', { type: 'status500' }],
	['a 503 HTML page from a proxy', { type: 'status503', html: true }],
	['a connection reset before the answer', { type: 'resetBefore' }],
	['a 200 whose JSON is cut off', { type: 'invalidJson' }],
])('%s on one page: that page is read again, the output is complete', async (_label, fault) => {
	api.sandbox.setFault({ route: ROUTE, after: 4, times: 1, ...fault });
	const requests = await expectEveryEventOnce();
	expect(requests.filter((entry) => entry.fault === fault.type)).toHaveLength(1);
});

test('a page that keeps failing fails the item with the API message and error ID, after the retries', async () => {
	api.sandbox.setFault({ route: ROUTE, type: 'status500', after: 3, times: Infinity });
	const { error, outputs } = await runWorkflow(storydocWorkflow(parameters), {
		credentials: api.credentials(),
	});
	expect(error.message).toBe('Error occured');
	expect(error.httpCode).toBe('500');
	expect(error.description).toMatch(
		/Storydoc error ID: [0-9a-f-]{36}\. Quote it to Storydoc support\./,
	);
	expect(error.description).toMatch(/The node tried 5 times/);
	// No partial list: a failed item outputs nothing (unless Continue On Fail, which gives one error item).
	expect(outputs.Storydoc).toEqual([]);
});

test('a 200 answer that is not an events page fails clearly instead of giving an empty result', async () => {
	// Not something the sandbox can be asked for: a stand-in API (say, a proxy or a changed API) on its own port.
	const server = http.createServer((_request, response) => {
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify({ events: [] }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const { error } = await runWorkflow(storydocWorkflow(parameters), {
			credentials: {
				storydocApi: {
					accessToken: 'any',
					baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
				},
			},
		});
		expect(error.message).toBe(
			'The Storydoc API answered GET /v2/analytics/events without the expected "data" list and "pagination"',
		);
		expect(error.description).toBe(`Page 1 of ${parameters.dateFrom} to ${parameters.dateTo}`);
	} finally {
		await new Promise((resolve) => server.close(resolve));
	}
});
