/**
 * Simplify on Version › Get and on Get Events (Raw Events): off by default in a workflow (saved
 * workflows keep their output), on by default when the node is an AI agent's tool, and the fields
 * it keeps. Through n8n's engine against the sandbox.
 */
import type { INode, INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import type { Json } from '../../../harness/n8n';
import { NODE_TYPE, loadPackage, runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { DAY_MS } from '../../../../sandbox/dates';

const api = useSandbox({ rateLimit: { max: 100000 }, events: 300 });
const LIVE = SEED.versions.live.id;
const locator = (value: string): INodeParameterResourceLocator => ({
	__rl: true,
	mode: 'id',
	value,
});

const VERSION_FIELDS = [
	'versionId',
	'title',
	'status',
	'storyId',
	'storyTitle',
	'url',
	'senderEmail',
	'expireAt',
	'acceptedAt',
	'updatedAt',
];
const EVENT_FIELDS = [
	'timestamp',
	'eventCategory',
	'eventName',
	'versionId',
	'versionTitle',
	'storyTitle',
	'prospectName',
	'prospectEmail',
	'visitorId',
	'locationCity',
];

beforeEach(() => api.sandbox.reset());

async function run(parameters: INodeParameters): Promise<Json[]> {
	const { outputs, error } = await runWorkflow(storydocWorkflow(parameters), {
		credentials: api.credentials(),
	});
	expect(error).toBeUndefined();
	return outputs.Storydoc.map((item) => item.json);
}

async function apiGet(path: string): Promise<Json> {
	const response = await fetch(`${String(api.url).replace(/\/+$/, '')}${path}`, {
		headers: { authorization: `Bearer ${api.sandbox.tokens.team}` },
	});
	return await response.json();
}

/** The node's parameters with their defaults, as n8n fills them in a workflow or, `asTool`, in an agent's tool. */
async function defaults(
	parameters: INodeParameters,
	{ asTool }: { asTool: boolean },
): Promise<INodeParameters> {
	const { types } = await loadPackage();
	const storydoc = types.get(NODE_TYPE);
	if (!storydoc) throw new Error(`The package has no ${NODE_TYPE} node`);
	const description = NodeHelpers.getVersionedNodeType(storydoc).description;
	const typeDescription = asTool
		? { ...description, name: `${description.name}Tool` }
		: description;
	const node: INode = {
		id: 'n',
		name: 'Storydoc',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const resolved = NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		true,
		false,
		node,
		typeDescription,
	);
	if (!resolved) throw new Error('n8n resolved no parameters');
	return resolved;
}

describe('Simplify', () => {
	test.each([
		['Version › Get', { resource: 'version', operation: 'get', versionId: locator(LIVE) }],
		[
			'Get Events (Raw Events)',
			{
				resource: 'analytics',
				operation: 'getEvents',
				dateFrom: '2026-01-01',
				dateTo: '2026-01-31',
				output: 'events',
			},
		],
	])(
		'%s: off by default in a workflow, on by default as an AI tool',
		async (_label, parameters) => {
			expect((await defaults(parameters, { asTool: false })).simplify).toBe(false);
			expect((await defaults(parameters, { asTool: true })).simplify).toBe(true);
		},
	);

	test('Get Events › Summary per Version has no Simplify (its items are already a summary)', async () => {
		const parameters = {
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom: '2026-01-01',
			dateTo: '2026-01-31',
			output: 'versionSummary',
		};
		expect('simplify' in (await defaults(parameters, { asTool: true }))).toBe(false);
	});

	test('Version › Get: off, the Version object as the API returns it; on, its ten fields', async () => {
		const version = await apiGet(`/v2/versions/${LIVE}`);
		expect(await run({ resource: 'version', operation: 'get', versionId: locator(LIVE) })).toEqual([
			version,
		]);
		const [simple] = await run({
			resource: 'version',
			operation: 'get',
			versionId: locator(LIVE),
			simplify: true,
		});
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
		const period = {
			dateFrom: new Date(Date.now() - 30 * DAY_MS).toISOString(),
			dateTo: new Date().toISOString(),
		};
		const parameters = {
			resource: 'analytics',
			operation: 'getEvents',
			...period,
			returnAll: true,
		};
		const full = await run(parameters);
		const simple = await run({ ...parameters, simplify: true });
		expect(full.length).toBeGreaterThan(0);
		expect(simple).toEqual(
			full.map((event) =>
				Object.fromEntries(EVENT_FIELDS.map((field) => [field, event[field] ?? null])),
			),
		);
		for (const event of simple) expect(Object.keys(event)).toEqual(EVENT_FIELDS);
	});
});
