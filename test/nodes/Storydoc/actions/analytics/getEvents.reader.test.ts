/**
 * Get Events › Filters › Reader through n8n's engine against the sandbox: Summary per Reading
 * Session and Raw Events of one reader equal the unfiltered output narrowed to that reader (by
 * visitor ID, or by email in any case and with spaces), alone or with the Version filter, from the
 * same requests as without the filter; bad values and the outputs it does not apply to refused
 * before any request; and the filter as a `$fromAI` argument of the tool node.
 */
import type { INode, INodeParameters } from 'n8n-workflow';

import { DAY_MS } from '../../../../../sandbox/dates';
import { SEED } from '../../../../../sandbox/seed';
import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';
import { callTools } from '../../../../harness/toolCalls';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const MINUTE = 60_000;
const api = useSandbox({ events: 2000, analyticsPageSize: 50, now: () => NOW });

const iso = (ms: number) => new Date(ms).toISOString();
const LIVE = SEED.versions.live.id;
const EDITED = SEED.versions.edited.id;
const FROM = iso(NOW - 60 * DAY_MS);
const TO = iso(NOW);

/** Two visits of one reader to LIVE and one to EDITED, a colleague on LIVE, all with one prospect's email. */
const READER = 'vis_0123456789abcdef';
const COLLEAGUE = 'vis_fedcba9876543210';
const EMAIL = 'jane.doe@globex.test';
const visit = (versionId: string, visitorId: string, sessionId: string, minutesAgo: number) =>
	[1, 2, 3].map((slide) => ({
		versionId,
		visitorId,
		sessionId,
		prospectEmail: sessionId.endsWith('b') ? ` Jane.Doe@Globex.TEST ` : EMAIL,
		eventName: `view_slide_${slide}`,
		eventCategory: 'view',
		timestamp: iso(NOW - (minutesAgo - slide) * MINUTE),
	}));

beforeEach(() => {
	api.sandbox.reset();
	api.sandbox.addEvents([
		...visit(LIVE, READER, 'reader-1a', 5 * 1440),
		...visit(LIVE, READER, 'reader-2b', 2 * 1440),
		...visit(EDITED, READER, 'reader-3a', 1440),
		...visit(LIVE, COLLEAGUE, 'colleague-1b', 3 * 1440),
	]);
});

async function getEvents(parameters: INodeParameters) {
	api.sandbox.log.length = 0;
	const { outputs, error } = await runWorkflow(
		storydocWorkflow({ resource: 'analytics', operation: 'getEvents', ...parameters }),
		{ credentials: api.credentials() },
	);
	const requests = api.sandbox.log.map(
		(entry: Json) => `${entry.method} ${entry.path} ${JSON.stringify(entry.query)}`,
	);
	return { items: (outputs.Storydoc ?? []).map((item) => item.json as Json), error, requests };
}

const sessions = (filters: Json) =>
	getEvents({ dateFrom: FROM, dateTo: TO, output: 'readingSessions', filters });
const byVersion = { versionId: { __rl: true, mode: 'id', value: LIVE } };

describe('Summary per Reading Session of one reader', () => {
	test("by visitor ID with the Version filter: the version's sessions of that reader only, from the same requests", async () => {
		const whole = await sessions(byVersion);
		const mine = await sessions({ ...byVersion, reader: READER });
		expect(whole.error).toBeUndefined();
		expect(mine.error).toBeUndefined();
		const expected = whole.items.filter((session) => session.visitorId === READER);
		expect(expected.map((session) => session.sessionId)).toEqual(['reader-1a', 'reader-2b']);
		expect(mine.items).toEqual(expected);
		expect(whole.items.some((session) => session.visitorId !== READER)).toBe(true);
		expect(mine.requests.length).toBeGreaterThan(1);
		expect(mine.requests).toEqual(whole.requests);
	});

	test('by visitor ID alone: every version that reader read, and nobody else', async () => {
		const whole = await sessions({});
		const mine = await sessions({ reader: `  ${READER} ` });
		expect(mine.error).toBeUndefined();
		expect(mine.items).toEqual(whole.items.filter((session) => session.visitorId === READER));
		expect(mine.items.map((session) => session.sessionId)).toEqual([
			'reader-1a',
			'reader-2b',
			'reader-3a',
		]);
		expect(mine.requests).toEqual(whole.requests);
	});

	test("by email: the events' prospectEmail in any case and with spaces, on one version every reader of that prospect", async () => {
		const whole = await sessions({});
		const mine = await sessions({ reader: ' JANE.Doe@globex.test ' });
		expect(mine.error).toBeUndefined();
		const expected = whole.items.filter(
			(session) => String(session.prospectEmail).trim().toLowerCase() === EMAIL,
		);
		expect(new Set(expected.map((session) => session.prospectEmail))).toEqual(
			new Set([EMAIL, ' Jane.Doe@Globex.TEST ']),
		);
		expect(mine.items).toEqual(expected);
		expect(mine.items.map((session) => session.sessionId).sort()).toEqual(
			['colleague-1b', 'reader-1a', 'reader-2b', 'reader-3a'].sort(),
		);
		const onLive = await sessions({ ...byVersion, reader: EMAIL.toUpperCase() });
		expect(onLive.items.map((session) => session.sessionId)).toEqual([
			'reader-1a',
			'colleague-1b',
			'reader-2b',
		]);
		expect(mine.requests).toEqual(whole.requests);
	});

	test('an empty Reader is no filter', async () => {
		const whole = await sessions(byVersion);
		const empty = await sessions({ ...byVersion, reader: '  ' });
		expect(empty.error).toBeUndefined();
		expect(empty.items).toEqual(whole.items);
	});
});

test("Raw Events of one reader: Limit counts that reader's events", async () => {
	const base = { dateFrom: FROM, dateTo: TO, output: 'events', simple: false, filters: byVersion };
	const whole = await getEvents({ ...base, returnAll: true });
	const mine = await getEvents({
		...base,
		returnAll: true,
		filters: { ...byVersion, reader: READER },
	});
	expect(mine.error).toBeUndefined();
	const expected = whole.items.filter((event) => event.visitorId === READER);
	expect(expected).toHaveLength(6);
	expect(mine.items).toEqual(expected);
	expect(mine.requests).toEqual(whole.requests);
	const limited = await getEvents({
		...base,
		returnAll: false,
		limit: 4,
		filters: { ...byVersion, reader: READER },
	});
	expect(limited.items).toEqual(expected.slice(0, 4));
});

describe('refused before any request', () => {
	test.each([
		['two words', 'two words'],
		['an email without a domain', 'jane@'],
		['a list', ['vis_1', 'vis_2']],
	])('a Reader that is %s', async (_, reader) => {
		const { error, requests } = await sessions({ reader });
		expect(error.message).toBe('Item 0: "Reader" is neither an email address nor a visitor ID');
		expect(error.description).toMatch(/^Value given: .*visitor ID \(visitorId, e\.g\. vis_/);
		expect(requests).toEqual([]);
	});

	test.each([
		['versionSummary', {}],
		['storySummary', {}],
		['itemVersions', { itemVersion: { __rl: true, mode: 'id', value: LIVE } }],
	])('with Output %s', async (output, more) => {
		const { error, requests } = await getEvents({
			dateFrom: FROM,
			dateTo: TO,
			output,
			...more,
			filters: { reader: READER },
		});
		expect(error.message).toBe(
			'Item 0: "Reader" filter applies to Raw Events and Summary per Reading Session only',
		);
		expect(requests).toEqual([]);
	});
});

test("as a tool's $fromAI argument: the reader's sessions, and a bad reader refused before any request", async () => {
	const tool: INode = {
		id: 'visits',
		name: 'Visits of a reader',
		type: 'n8n-nodes-storydoc.storydocTool',
		typeVersion: 2,
		position: [0, 200],
		parameters: {
			descriptionType: 'manual',
			toolDescription: "One reader's visits of a proposal.",
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom: FROM,
			dateTo: TO,
			output: 'readingSessions',
			filters: {
				versionId: { __rl: true, mode: 'id', value: LIVE },
				reader: "={{ $fromAI('reader', `The reader's visitor ID or email`, 'string') }}",
			},
			options: {},
		},
	};
	const { tools, answers } = await callTools(
		[tool],
		[{ tool: 'Visits_of_a_reader', arguments: { reader: READER } }],
		api.credentials(),
	);
	expect(tools[0].arguments).toEqual(['reader']);
	const [mine] = answers;
	const readsBefore = api.sandbox.log.length;
	const {
		answers: [refused],
	} = await callTools(
		[tool],
		[{ tool: 'Visits_of_a_reader', arguments: { reader: 'Jane Doe' } }],
		api.credentials(),
	);
	expect(mine.answer.map((session: Json) => [session.sessionId, session.visitorId])).toEqual([
		['reader-1a', READER],
		['reader-2b', READER],
	]);
	// Called as n8n's MCP Server Trigger calls a tool: the refusal is thrown (an MCP error result).
	expect(refused.error).toMatch(
		/^Item 0: "Reader" is neither an email address nor a visitor ID\. Value given: "Jane Doe"/,
	);
	expect(api.sandbox.log.length).toBe(readsBefore);
});
