/**
 * Get Events › Raw Events › Items: One per Page of Events, through n8n's engine against the sandbox:
 * an item per page the API answered, its `events` list the page's events oldest first with their
 * `eventKey` and the fields Event Fields keeps; the pages together exactly the One per Event output
 * (every event once, in order), over several 92-day windows, with Limit, and paired to the input
 * item. An unknown value fails before any request, naming the item and the field.
 */
import type { INodeParameters } from 'n8n-workflow';

import { DAY_MS } from '../../../../../sandbox/dates';
import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const PAGE_SIZE = 100;
const api = useSandbox({ events: 1500, analyticsPageSize: PAGE_SIZE, now: () => NOW });
const ANALYTICS = '/v2/analytics/events';

const iso = (ms: number) => new Date(ms).toISOString();

async function getEvents(parameters: INodeParameters) {
	const { outputs, error } = await runWorkflow(
		storydocWorkflow(
			{
				resource: 'analytics',
				operation: 'getEvents',
				// Three 92-day windows: pages of each window, the windows in order.
				dateFrom: iso(NOW - 201 * DAY_MS),
				dateTo: iso(NOW),
				returnAll: true,
				...parameters,
			},
			{ nodeSettings: { typeVersion: 2 } },
		),
		{ credentials: api.credentials() },
	);
	return { items: outputs.Storydoc ?? [], error };
}

beforeEach(() => api.sandbox.reset());

test('each item holds a page of events; the pages together are the One per Event output, in order', async () => {
	const perEvent = await getEvents({ eventItems: 'event' });
	expect(perEvent.error).toBeUndefined();
	api.sandbox.clearLog();
	const perPage = await getEvents({ eventItems: 'page' });
	expect(perPage.error).toBeUndefined();

	const pages = perPage.items.map((item) => item.json.events as Json[]);
	const requests = api.sandbox.log.filter((entry) => entry.path === ANALYTICS);
	expect(pages.length).toBeGreaterThan(3);
	// An item per page answered (a page emptied by a window's edge makes no item).
	expect(pages.length).toBeLessThanOrEqual(requests.length);
	for (const page of pages) {
		expect(page.length).toBeGreaterThan(0);
		expect(page.length).toBeLessThanOrEqual(PAGE_SIZE);
	}
	expect(pages.flat()).toEqual(perEvent.items.map((item) => item.json));
	expect(pages.flat()).toHaveLength(api.sandbox.state.events.length);
	for (const event of pages.flat()) expect(event.eventKey).toEqual(expect.any(String));
	for (const item of perPage.items) {
		expect(Object.keys(item.json)).toEqual(['events']);
		expect(item.pairedItem).toEqual({ item: 0 });
	}
});

test('with Limit, the pages hold that many events; Selected Fields shape each event', async () => {
	const { items, error } = await getEvents({
		eventItems: 'page',
		returnAll: false,
		limit: 250,
		eventFields: 'selected',
		fields: ['timestamp', 'eventName'],
	});
	expect(error).toBeUndefined();
	const events = items.flatMap((item) => item.json.events as Json[]);
	expect(events).toHaveLength(250);
	for (const event of events)
		expect(Object.keys(event).sort()).toEqual(['eventId', 'eventKey', 'eventName', 'timestamp']);
});

test('an Items value the node does not know fails before any request, naming the item and the field', async () => {
	api.sandbox.clearLog();
	const { error } = await getEvents({ eventItems: 'pages' });
	expect(error?.message).toMatch(/Items/);
	expect(error?.message).toMatch(/item 0|first item/i);
	expect(error?.message).toMatch(/One per Page of Events/);
	expect(api.sandbox.log.filter((entry) => entry.path === ANALYTICS)).toHaveLength(0);
});
