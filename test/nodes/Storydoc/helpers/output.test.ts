/**
 * Node version 2's Output (Simplified, Raw, Selected Fields) on Version › Get, Story › Get, Story ›
 * Get Many and Get Events (Raw Events, where it is called Event Fields), its defaults in a workflow
 * and as an AI tool, and the Description a model reads for each operation; version 1 keeps its
 * Simplify and n8n's own tool description. Through n8n's engine against the sandbox, and n8n-workflow's
 * own parameter and tool-description helpers.
 */
import type {
	INode,
	INodeParameterResourceLocator,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import type { Json } from '../../../harness/n8n';
import { NODE_TYPE, loadPackage, runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { DAY_MS } from '../../../../sandbox/dates';

const api = useSandbox({ rateLimit: { max: 100000 }, events: 300 });
const LIVE = SEED.versions.live.id;
const PROPOSAL = SEED.stories.proposal.id;
const locator = (value: string): INodeParameterResourceLocator => ({
	__rl: true,
	mode: 'id',
	value,
});

const versionGet = { resource: 'version', operation: 'get', versionId: locator(LIVE) };
const storyGet = { resource: 'story', operation: 'get', storyId: locator(PROPOSAL) };
const storyGetAll = { resource: 'story', operation: 'getAll', returnAll: true };
const rawEvents = () => ({
	resource: 'analytics',
	operation: 'getEvents',
	dateFrom: new Date(Date.now() - 30 * DAY_MS).toISOString(),
	dateTo: new Date().toISOString(),
	output: 'events',
	returnAll: true,
});

beforeEach(() => api.sandbox.reset());

async function run(parameters: INodeParameters, typeVersion = 2) {
	return await runWorkflow(storydocWorkflow(parameters, { nodeSettings: { typeVersion } }), {
		credentials: api.credentials(),
	});
}

async function outputOf(parameters: INodeParameters, typeVersion = 2): Promise<Json[]> {
	const { outputs, error } = await run(parameters, typeVersion);
	expect(error).toBeUndefined();
	return outputs.Storydoc.map((item) => item.json);
}

async function apiGet(path: string): Promise<Json> {
	const response = await fetch(`${String(api.url).replace(/\/+$/, '')}${path}`, {
		headers: { authorization: `Bearer ${api.sandbox.tokens.team}` },
	});
	return await response.json();
}

/** A node as n8n holds it once it has filled in the defaults, in a workflow or as an AI tool. */
async function resolvedNode(
	parameters: INodeParameters,
	{ asTool, typeVersion }: { asTool: boolean; typeVersion: number },
) {
	const { types } = await loadPackage();
	const storydoc = types.get(NODE_TYPE);
	if (!storydoc) throw new Error(`The package has no ${NODE_TYPE} node`);
	const description = NodeHelpers.getVersionedNodeType(storydoc, typeVersion).description;
	const typeDescription = asTool
		? { ...description, name: `${description.name}Tool` }
		: description;
	const node: INode = {
		id: 'n',
		name: 'Storydoc',
		type: asTool ? `${NODE_TYPE}Tool` : NODE_TYPE,
		typeVersion,
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
	return { node: { ...node, parameters: resolved }, description };
}

const defaults = async (
	parameters: INodeParameters,
	options: { asTool: boolean; typeVersion: number },
) => (await resolvedNode(parameters, options)).node.parameters;

describe('Output (node version 2)', () => {
	test('new nodes are version 2; version 1 stays loadable', async () => {
		const { types } = await loadPackage();
		const storydoc = types.get(NODE_TYPE);
		expect((storydoc as INodeType | undefined)?.description.version).toEqual([1, 2]);
		expect((storydoc as INodeType | undefined)?.description.defaultVersion).toBe(2);
	});

	test.each([
		['Version › Get', versionGet, 'output'],
		['Story › Get', storyGet, 'output'],
		['Story › Get Many', storyGetAll, 'output'],
		['Get Events (Raw Events)', rawEvents(), 'eventFields'],
	])(
		'%s: Raw by default in a workflow, Simplified as an AI tool',
		async (_label, parameters, name) => {
			expect((await defaults(parameters, { asTool: false, typeVersion: 2 }))[name]).toBe('raw');
			expect((await defaults(parameters, { asTool: true, typeVersion: 2 }))[name]).toBe('simple');
			// No Simplify switch beside it in version 2.
			expect('simplify' in (await defaults(parameters, { asTool: true, typeVersion: 2 }))).toBe(
				false,
			);
		},
	);

	test('version 1 keeps Simplify and has no Output on Version › Get and Story › Get', async () => {
		for (const asTool of [false, true]) {
			const version = await defaults(versionGet, { asTool, typeVersion: 1 });
			expect(version.simplify).toBe(asTool);
			expect('output' in version).toBe(false);
			expect('output' in (await defaults(storyGet, { asTool, typeVersion: 1 }))).toBe(false);
		}
	});

	test('Get Events › Summary per Version has neither (its items are already a summary)', async () => {
		const summary = { ...rawEvents(), output: 'versionSummary' };
		const resolved = await defaults(summary, { asTool: true, typeVersion: 2 });
		expect('eventFields' in resolved).toBe(false);
		expect(resolved.output).toBe('versionSummary');
	});

	test('Version › Get: Raw is the Version object, Simplified what Simplify gave, Selected the chosen ones with id', async () => {
		const version = await apiGet(`/v2/versions/${LIVE}`);
		expect(await outputOf({ ...versionGet, output: 'raw' })).toEqual([version]);
		// Simplified is version 1's Simplify (test/nodes/Storydoc/helpers/output.v1.test.ts checks its ten fields).
		const [simple] = await outputOf({ ...versionGet, output: 'simple' });
		expect([simple]).toEqual(await outputOf({ ...versionGet, simplify: true }, 1));
		expect(Object.keys(simple)).toHaveLength(10);
		const [selected] = await outputOf({
			...versionGet,
			output: 'selected',
			fields: ['data', 'shortUrl'],
		});
		expect(selected).toEqual({ id: version.id, shortUrl: version.shortUrl, data: version.data });
	});

	test('version 1 saved workflows give exactly what they gave: Version › Get and Story › Get raw', async () => {
		const version = await apiGet(`/v2/versions/${LIVE}`);
		const story = await apiGet(`/v2/stories/${PROPOSAL}`);
		expect(await outputOf(versionGet, 1)).toEqual([version]);
		expect(await outputOf(storyGet, 1)).toEqual([story]);
	});

	test('Story › Get and Get Many: Simplified names the variables a version can fill', async () => {
		const story = await apiGet(`/v2/stories/${PROPOSAL}`);
		const simple = {
			storyId: story.id,
			title: story.title,
			status: story.status,
			previewUrl: story.previewUrl,
			createdAt: story.createdAt,
			variables: Object.keys(story.dynamicVariables),
			requiredVariables: Object.entries(story.dynamicVariables)
				.filter(([, variable]: [string, Json]) => variable.validation?.required === true)
				.map(([key]) => key),
			repeatableGroups: ['pricing_items', 'team_members', 'skills'],
		};
		expect(simple.requiredVariables.length).toBeGreaterThan(0);
		expect(await outputOf({ ...storyGet, output: 'simple' })).toEqual([simple]);
		expect(await outputOf({ ...storyGet, output: 'raw' })).toEqual([story]);

		const stories = await apiGet('/v2/stories');
		const many = await outputOf({ ...storyGetAll, output: 'simple' });
		expect(many.map((s) => s.storyId)).toEqual(stories.map((s: Json) => s.id));
		expect(many.find((s) => s.storyId === PROPOSAL)).toEqual(simple);
		expect(await outputOf({ ...storyGetAll, output: 'selected', fields: ['status'] })).toEqual(
			stories.map((s: Json) => ({ id: s.id, status: s.status })),
		);
	});

	test('Get Events: Event Fields Simplified, Raw and Selected over the same events in the same order', async () => {
		const parameters = rawEvents();
		const raw = await outputOf({ ...parameters, eventFields: 'raw' });
		expect(raw.length).toBeGreaterThan(0);
		const simple = await outputOf({ ...parameters, eventFields: 'simple' });
		const tenFields = [
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
		expect(simple).toEqual(
			raw.map((event) =>
				Object.fromEntries(tenFields.map((field) => [field, event[field] ?? null])),
			),
		);
		const selected = await outputOf({
			...parameters,
			eventFields: 'selected',
			fields: ['deviceType'],
		});
		expect(selected).toEqual(
			raw.map((event) => ({
				eventId: event.eventId,
				eventKey: event.eventKey,
				deviceType: event.deviceType ?? null,
			})),
		);
	});

	test('a Fields value that is not a field fails naming the item and the field, before any request', async () => {
		const { error } = await run({
			...versionGet,
			output: 'selected',
			fields: '={{ ["title", "nope"] }}',
		});
		expect(error?.message).toMatch(/^Item 0: "Fields" must be "id" \(id\) or/);
		expect(error?.description).toBe('Value given: "nope"');
		expect(api.sandbox.log).toEqual([]);
	});

	test('an Output value set by an expression that is not an option fails naming it', async () => {
		const { error } = await run({ ...versionGet, output: '={{ "short" }}' });
		expect(error?.message).toBe(
			'Item 0: "Output" must be "simple" (Simplified) or "raw" (Raw) or "selected" (Selected Fields)',
		);
		expect(api.sandbox.log).toEqual([]);
	});
});

describe('The description a model reads (tool mode)', () => {
	const describeTool = async (parameters: INodeParameters, typeVersion: number) => {
		const { node, description } = await resolvedNode(parameters, { asTool: true, typeVersion });
		return NodeHelpers.getToolDescriptionForNode(node, { description } as never);
	};

	test.each([
		['Account › Get', { resource: 'account', operation: 'get' }, /organization of this API key/],
		['Get Events (Raw Events)', { ...rawEvents() }, /views and clicks .*\(ISO 8601/],
		[
			'Get Events › Summary per Version',
			{ ...rawEvents(), output: 'versionSummary' },
			/one result per version .* reading time/,
		],
		[
			'Get Events › Summary per Reading Session',
			{ ...rawEvents(), output: 'readingSessions' },
			/each visit of a reader .* reading time in seconds/,
		],
		['Story › Generate', { resource: 'story', operation: 'generate' }, /up to 3 minutes .* pageId/],
		['Story › Get', storyGet, /by its ID \(24 hexadecimal characters\)/],
		['Story › Get Many', storyGetAll, /List the Storydoc stories/],
		[
			'Version › Create',
			{ resource: 'version', operation: 'create' },
			/Each call creates a new version/,
		],
		['Version › Get', versionGet, /Public links .* carry no version ID/],
		['Version › Update', { resource: 'version', operation: 'update' }, /link stays the same/],
	])('version 2, %s: what it does, needs and returns', async (_label, parameters, expected) => {
		const text = await describeTool(parameters, 2);
		expect(text).toMatch(expected);
		expect(text.length).toBeLessThan(320);
	});

	test('version 1 keeps what n8n gave it: "<action> in Storydoc", or the text set manually', async () => {
		expect(await describeTool(versionGet, 1)).toBe('Get a version in Storydoc');
		expect(
			await describeTool({ ...versionGet, descriptionType: 'manual', toolDescription: 'Mine' }, 1),
		).toBe('Mine');
	});

	test('a Description the user wrote is what the model reads', async () => {
		expect(await describeTool({ ...versionGet, toolDescription: 'Look a deal link up' }, 2)).toBe(
			'Look a deal link up',
		);
	});

	test('the plain node (not a tool) shows no Description', async () => {
		const resolved = await defaults(versionGet, { asTool: false, typeVersion: 2 });
		expect('toolDescription' in resolved).toBe(false);
		expect('descriptionType' in resolved).toBe(false);
	});
});
