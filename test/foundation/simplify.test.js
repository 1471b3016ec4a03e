'use strict';
/**
 * Simplify on Version › Get and on Get Events (Raw Events): off by default in a workflow (saved
 * workflows keep their output), on by default when the node is an AI agent's tool, and the fields
 * it keeps. Through n8n's engine against the sandbox.
 */
const { NodeHelpers } = require('n8n-workflow');
const { NODE_TYPE, loadPackage, runWorkflow, storydocWorkflow } = require('../harness/n8n');
const { useSandbox } = require('../harness/sandbox');
const { SEED } = require('../../sandbox/seed');

const api = useSandbox({ rateLimit: { max: 100000 }, events: 300 });
const LIVE = SEED.versions.live.id;
const locator = (value) => ({ __rl: true, mode: 'id', value });
const DAY = 86_400_000;

const VERSION_FIELDS = ['versionId', 'title', 'status', 'storyId', 'storyTitle', 'url', 'senderEmail', 'expireAt', 'acceptedAt', 'updatedAt'];
const EVENT_FIELDS = ['timestamp', 'eventCategory', 'eventName', 'versionId', 'versionTitle', 'storyTitle', 'prospectName', 'prospectEmail', 'visitorId', 'locationCity'];

beforeEach(() => api.sandbox.reset());

async function run(parameters) {
	const { outputs, error } = await runWorkflow(storydocWorkflow(parameters), { credentials: api.credentials() });
	expect(error).toBeUndefined();
	return outputs.Storydoc.map((item) => item.json);
}

async function apiGet(path) {
	const response = await fetch(`${String(api.url).replace(/\/+$/, '')}${path}`, { headers: { authorization: `Bearer ${api.sandbox.tokens.team}` } });
	return await response.json();
}

/** The node's parameters with their defaults, as n8n fills them in a workflow or, `asTool`, in an agent's tool. */
async function defaults(parameters, { asTool }) {
	const { types } = await loadPackage();
	const description = NodeHelpers.getVersionedNodeType(types.get(NODE_TYPE)).description;
	const typeDescription = asTool ? { ...description, name: `${description.name}Tool` } : description;
	const node = { id: 'n', name: 'Storydoc', type: NODE_TYPE, typeVersion: 1, position: [0, 0], parameters };
	return NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, typeDescription);
}

describe('Simplify', () => {
	test.each([
		['Version › Get', { resource: 'version', operation: 'get', versionId: locator(LIVE) }],
		['Get Events (Raw Events)', { resource: 'analytics', operation: 'getEvents', dateFrom: '2026-01-01', dateTo: '2026-01-31', output: 'events' }],
	])('%s: off by default in a workflow, on by default as an AI tool', async (_label, parameters) => {
		expect((await defaults(parameters, { asTool: false })).simplify).toBe(false);
		expect((await defaults(parameters, { asTool: true })).simplify).toBe(true);
	});

	test('Get Events › Summary per Version has no Simplify (its items are already a summary)', async () => {
		const parameters = { resource: 'analytics', operation: 'getEvents', dateFrom: '2026-01-01', dateTo: '2026-01-31', output: 'versionSummary' };
		expect('simplify' in (await defaults(parameters, { asTool: true }))).toBe(false);
	});

	test('Version › Get: off, the Version object as the API returns it; on, its ten fields', async () => {
		const version = await apiGet(`/v2/versions/${LIVE}`);
		expect(await run({ resource: 'version', operation: 'get', versionId: locator(LIVE) })).toEqual([version]);
		const [simple] = await run({ resource: 'version', operation: 'get', versionId: locator(LIVE), simplify: true });
		expect(Object.keys(simple)).toEqual(VERSION_FIELDS);
		expect(simple).toEqual({
			versionId: version.id,
			title: version.title,
			status: version.status,
			storyId: version.storyId,
			storyTitle: version.storyTitle,
			url: version.url,
			senderEmail: version.sender.email,
			expireAt: version.expireAt,
			acceptedAt: version.acceptedAt,
			updatedAt: version.updatedAt,
		});
	});

	test('Get Events (Raw Events): on, each event keeps its ten fields, the same events in the same order', async () => {
		const period = { dateFrom: new Date(Date.now() - 30 * DAY).toISOString(), dateTo: new Date().toISOString() };
		const parameters = { resource: 'analytics', operation: 'getEvents', ...period, returnAll: true };
		const full = await run(parameters);
		const simple = await run({ ...parameters, simplify: true });
		expect(full.length).toBeGreaterThan(0);
		expect(simple).toEqual(full.map((event) => Object.fromEntries(EVENT_FIELDS.map((field) => [field, event[field] ?? null]))));
		for (const event of simple) expect(Object.keys(event)).toEqual(EVENT_FIELDS);
	});
});
