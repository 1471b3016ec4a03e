/**
 * What the tool descriptions promise about IDs and addresses, through n8n-core's own tool path
 * (`getInputConnectionData` → `createNodeAsTool`, the argument from `$fromAI`): a model gives Version ›
 * Get, Update, Get Events' Version filter and Story › Get a bare ID, an editorUrl, a versionUrl, a
 * story's editor address, a public link and a short link, in each locator mode a user may have left
 * the field in. n8n builds the tool's argument schema from the `$fromAI` call alone (a plain string)
 * and does not check an expression against the mode's validation: the node reads what the model sent.
 */
import type { IConnections, INode, INodeParameters } from 'n8n-workflow';

import { storyEditorUrl } from '../../../../sandbox/links';
import type { Json } from '../../../harness/n8n';
import { runWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { SEED, SENDER, requestLines } from '../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
const VERSION = SEED.versions.live.id;
const STORY = SEED.stories.proposal.id;
const DAY_MS = 24 * 60 * 60 * 1000;

let links: { url: string; shortUrl: string; editorUrl: string; versionUrl: string };
beforeAll(async () => {
	links = (await api.directGet(`/v2/versions/${VERSION}`)).body;
});
beforeEach(() => api.sandbox.reset());

type Field = 'Story' | 'Version';

/** The forms a model may send, and what the node makes of each for a field: an ID, or a problem. */
function forms(
	field: Field,
): Array<{ form: string; value: string; id?: string; problem?: string }> {
	const thing = field.toLowerCase();
	const publicLink = `is a public link, which carries no ${thing} ID`;
	const own = field === 'Story' ? STORY : VERSION;
	return [
		{ form: 'bare ID', value: own, id: own },
		{ form: 'editorUrl', value: links.editorUrl, id: own },
		{ form: 'versionUrl', value: links.versionUrl, id: own },
		field === 'Story'
			? { form: "story's editor address", value: storyEditorUrl(STORY), id: STORY }
			: {
					form: "story's editor address",
					value: storyEditorUrl(STORY),
					problem: 'is not a version address with an ID',
				},
		{ form: 'public link', value: links.url, problem: publicLink },
		{ form: 'short link', value: links.shortUrl, problem: publicLink },
	];
}

const fromAI = (key: string) =>
	`={{ $fromAI('${key}', \`Its ID (24 hexadecimal characters) or its editor address\`, 'string') }}`;

interface Tool {
	name: string;
	field: Field;
	parameters(locator: { __rl: true; mode: string; value: string }): INodeParameters;
	request(id: string): string;
}

const period = () => ({
	dateFrom: new Date(Date.now() - 30 * DAY_MS).toISOString(),
	dateTo: new Date().toISOString(),
});

const TOOLS: Array<Tool & { modes: string[] }> = [
	{
		name: 'Get_version',
		field: 'Version',
		modes: ['id', 'url'],
		parameters: (versionId) => ({ resource: 'version', operation: 'get', versionId }),
		request: (id) => `GET /v2/versions/${id}`,
	},
	{
		name: 'Update_version',
		field: 'Version',
		modes: ['id', 'url'],
		parameters: (versionId) => ({
			resource: 'version',
			operation: 'update',
			versionId,
			senderEmail: SENDER,
			title: 'Renewal for Globex',
		}),
		request: (id) => `POST /v2/versions/${id}`,
	},
	{
		name: 'Engagement_of_version',
		field: 'Version',
		modes: ['id', 'url'],
		parameters: (versionId) => ({
			resource: 'analytics',
			operation: 'getEvents',
			...period(),
			filters: { versionId },
		}),
		request: () => 'GET /v2/analytics/events',
	},
	{
		name: 'Get_story',
		field: 'Story',
		modes: ['list', 'id', 'url'],
		parameters: (storyId) => ({ resource: 'story', operation: 'get', storyId }),
		request: (id) => `GET /v2/stories/${id}`,
	},
];

/** One Storydoc tool (node version 2, as the editor adds it) under a stand-in agent that calls it. */
async function callTool(tool: Tool, mode: string, calls: Array<{ value: string }>) {
	const name = `${tool.name}_${mode}`;
	const node: INode = {
		id: 'tool',
		name,
		type: 'n8n-nodes-storydoc.storydocTool',
		typeVersion: 2,
		position: [200, 200],
		parameters: tool.parameters({ __rl: true, mode, value: fromAI('address') }),
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	};
	const connections: IConnections = {
		Manual: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
		[name]: { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
	};
	const { outputs, error } = await runWorkflow(
		{
			nodes: [
				{
					id: 'manual',
					name: 'Manual',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'agent',
					name: 'Agent',
					type: 'test.toolCaller',
					typeVersion: 1,
					position: [200, 0],
					parameters: {
						calls: JSON.stringify(
							calls.map(({ value }) => ({ tool: name, arguments: { address: value } })),
						),
					},
				},
				node,
			],
			connections,
		},
		{ credentials: api.credentials() },
	);
	expect(error).toBeUndefined();
	const [listed, ...answers] = outputs.Agent.map((item) => item.json);
	return { listed: listed.tools[0] as Json, answers };
}

const FORMS = [
	'bare ID',
	'editorUrl',
	'versionUrl',
	"story's editor address",
	'public link',
	'short link',
] as const;

describe.each(
	TOOLS.flatMap((tool) =>
		tool.modes.flatMap((mode) => FORMS.map((form) => [tool.name, mode, form, tool] as const)),
	),
)('%s with its field in %s mode, the model sends the %s', (_name, mode, form, tool) => {
	test('an ID form reaches the API with the ID; a public link is an error the model reads, with no request', async () => {
		const entry = forms(tool.field).find((candidate) => candidate.form === form);
		if (!entry) throw new Error(`no form ${form}`);
		const { listed, answers } = await callTool(tool, mode, [entry]);
		// What the model is asked for: one plain string argument, whatever the mode.
		expect(listed.arguments).toEqual(['address']);
		const [answer] = answers;
		if (entry.problem) {
			expect(answer.error).toContain(`Item 0: "${tool.field}" ${entry.problem}`);
			expect(answer.error).toContain(`Value given: ${JSON.stringify(entry.value)}`);
			expect(api.sandbox.log).toEqual([]);
			return;
		}
		expect(answer.error).toBeUndefined();
		const id = entry.id as string;
		const lines = requestLines(api.sandbox);
		expect(lines.length).toBeGreaterThan(0);
		expect(lines.every((line) => line === tool.request(id))).toBe(true);
		if (tool.name.startsWith('Engagement')) {
			expect(api.sandbox.log.every((logged: Json) => logged.query.versionId === id)).toBe(true);
		}
	});
});

test('the descriptions the model reads name the forms the fields take, and say public links carry no ID', async () => {
	const { listed: get } = await callTool(TOOLS[0], 'id', []);
	expect(get.description).toMatch(
		/version ID \(24 hexadecimal characters\), its editorUrl or its versionUrl/,
	);
	expect(get.description).toMatch(/Public links .* carry no version ID/);
	const { listed: update } = await callTool(TOOLS[1], 'id', []);
	expect(update.description).toMatch(
		/version ID \(24 hexadecimal characters\), its editorUrl or its versionUrl/,
	);
	const { listed: story } = await callTool(TOOLS[3], 'id', []);
	expect(story.description).toMatch(
		/by its ID \(24 hexadecimal characters\) or its editor address/,
	);
	expect(api.sandbox.log).toEqual([]);
});
