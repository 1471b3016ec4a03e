/**
 * Get Events › Raw Events' `eventKey` through n8n's engine against the sandbox: the `eventId` where
 * Storydoc gives one, else a digest of the event's identifying fields, the same on every read and in
 * whatever order the API lists the events; titles and prospect fields renamed later do not change it;
 * events that differ in any identifying field differ in it; Selected Fields keep it.
 */
import type { INodeParameters } from 'n8n-workflow';

import { DAY_MS } from '../../../../../sandbox/dates';
import { SEED } from '../../../../../sandbox/seed';
import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const api = useSandbox({ events: 1500, analyticsPageSize: 100, now: () => NOW });

const iso = (ms: number) => new Date(ms).toISOString();
const FROM = iso(NOW - 200 * DAY_MS);
const TO = iso(NOW);
const LIVE = SEED.versions.live.id;

/** Events without an `eventId`: a pair alike but for the version's title and prospect, and three that differ by one field each. */
const AT = iso(NOW - DAY_MS);
const anonymous = {
	versionId: LIVE,
	eventId: null,
	sessionId: null,
	visitorId: 'vis_00000000000000aa',
	eventName: 'view_slide_2',
	eventCategory: 'view',
	timestamp: AT,
};
const WITHOUT_ID = [
	{ ...anonymous, versionTitle: 'Proposal for Globex', prospectName: 'Jane Doe' },
	{ ...anonymous, versionTitle: 'Proposal for Globex (renamed)', prospectName: 'Jane Smith' },
	{ ...anonymous, timestamp: iso(NOW - DAY_MS + 1) },
	{ ...anonymous, eventName: 'view_slide_3' },
	{ ...anonymous, visitorId: 'vis_00000000000000bb' },
];

/** Get Events at the node's latest version, whose Event Fields offers Selected Fields. */
async function rawEvents(parameters: INodeParameters = {}) {
	const { outputs, error } = await runWorkflow(
		storydocWorkflow(
			{
				resource: 'analytics',
				operation: 'getEvents',
				dateFrom: FROM,
				dateTo: TO,
				returnAll: true,
				...parameters,
			},
			{ nodeSettings: { typeVersion: 2 } },
		),
		{ credentials: api.credentials() },
	);
	expect(error).toBeUndefined();
	return (outputs.Storydoc ?? []).map((item) => item.json as Json);
}

beforeEach(() => {
	api.sandbox.reset();
	api.sandbox.addEvents(WITHOUT_ID);
});

test("an event's key is its eventId where Storydoc gives one, else a digest; every key of the period distinct", async () => {
	const events = await rawEvents();
	const withId = events.filter((event) => event.eventId !== null);
	expect(withId.length).toBeGreaterThan(1000);
	for (const event of withId) expect(event.eventKey).toBe(event.eventId);
	const digests = events.filter((event) => event.eventId === null).map((event) => event.eventKey);
	expect(digests).toHaveLength(WITHOUT_ID.length);
	for (const key of digests) expect(key).toMatch(/^digest:[0-9a-f]{32}$/);
	// The renamed pair is one event read twice: one key; each other difference, a key of its own.
	expect(new Set(digests).size).toBe(WITHOUT_ID.length - 1);
	const keyOf = (versionTitle: string) =>
		events.find((event) => event.eventId === null && event.versionTitle === versionTitle)?.eventKey;
	expect(keyOf('Proposal for Globex')).toBe(keyOf('Proposal for Globex (renamed)'));
	expect(new Set(withId.map((event) => event.eventKey)).size).toBe(withId.length);
});

test('the same keys on a second read, with the events listed in another order', async () => {
	const keysByEvent = (events: Json[]) =>
		events
			.map((event) => JSON.stringify([event.eventKey, event.timestamp, event.versionTitle]))
			.sort();
	const first = await rawEvents();
	api.sandbox.setEventOrder(7);
	const shuffled = await rawEvents();
	expect(keysByEvent(shuffled)).toEqual(keysByEvent(first));
});

test('Selected Fields keep eventId and eventKey with the fields chosen; Simplified leaves the key out', async () => {
	const selected = await rawEvents({ eventFields: 'selected', fields: ['timestamp'] });
	expect(Object.keys(selected[0])).toEqual(['eventId', 'eventKey', 'timestamp']);
	expect(selected.filter((event) => event.eventId === null)).toHaveLength(WITHOUT_ID.length);
	for (const event of selected) expect(typeof event.eventKey).toBe('string');
	const simple = await rawEvents({ eventFields: 'simple' });
	expect(simple[0]).not.toHaveProperty('eventKey');
});
