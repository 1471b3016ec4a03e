/**
 * What the tool descriptions promise about IDs and addresses, through n8n-core's own tool path
 * (`getInputConnectionData` → `createNodeAsTool`, the argument from `$fromAI`): a model gives Version ›
 * Get, Update, Get Events' Version filter and Story › Get a bare ID, an editorUrl, a versionUrl, a
 * story's editor address, a public link and a short link, in each locator mode a user may have left
 * the field in. n8n builds the tool's argument schema from the `$fromAI` call alone (a plain string)
 * and does not check an expression against the mode's validation: the node reads what the model sent.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { LocatorField } from '../../../harness/addressForms';
import { ADDRESS_FORMS, expectedReading, useAddressForms } from '../../../harness/addressForms';
import type { Json } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { callTools } from '../../../harness/toolCalls';
import { SENDER, requestLines } from '../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
const addressOf = useAddressForms(api);
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(() => api.sandbox.reset());

const fromAI = (key: string) =>
	`={{ $fromAI('${key}', \`Its ID (24 hexadecimal characters) or its editor address\`, 'string') }}`;

interface Tool {
	name: string;
	field: LocatorField;
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

/** One Storydoc tool (node version 2, as the editor adds it) with its field in this mode, called once per value. */
async function callTool(tool: Tool, mode: string, values: string[]) {
	const name = `${tool.name}_${mode}`;
	const node = {
		id: 'tool',
		name,
		type: 'n8n-nodes-storydoc.storydocTool',
		typeVersion: 2,
		position: [200, 200] as [number, number],
		parameters: tool.parameters({ __rl: true, mode, value: fromAI('address') }),
	};
	const calls = values.map((value) => ({ tool: name, arguments: { address: value } }));
	const { tools, answers } = await callTools([node], calls, api.credentials());
	return { listed: tools[0] as Json, answers };
}

describe.each(
	TOOLS.flatMap((tool) =>
		tool.modes.flatMap((mode) =>
			ADDRESS_FORMS.map((form) => [tool.name, mode, form, tool] as const),
		),
	),
)('%s with its field in %s mode, the model sends the %s', (_name, mode, form, tool) => {
	test('an ID form reaches the API with the ID; a public link is an error the caller reads, with no request', async () => {
		const value = addressOf(form, tool.field);
		const reading = expectedReading(form, tool.field);
		const { listed, answers } = await callTool(tool, mode, [value]);
		// What the model is asked for: one plain string argument, whatever the mode.
		expect(listed.arguments).toEqual(['address']);
		const [answer] = answers;
		// Inside the tool (MCP's path) a refusal is thrown: MCP answers it as an error result.
		const refusal = answer.error;
		if (reading.id === undefined) {
			expect(answer.answer).toBeUndefined();
			expect(refusal).toContain(`Item 0: "${tool.field}" ${reading.problem}`);
			expect(refusal).toContain(`Value given: ${JSON.stringify(value)}`);
			expect(api.sandbox.log).toEqual([]);
			return;
		}
		expect(refusal).toBeUndefined();
		expect(answer.answer.some((item: Json) => 'error' in item)).toBe(false);
		const lines = requestLines(api.sandbox);
		expect(lines.length).toBeGreaterThan(0);
		expect(lines.every((line) => line === tool.request(reading.id))).toBe(true);
		if (tool.name.startsWith('Engagement')) {
			expect(api.sandbox.log.every((logged: Json) => logged.query.versionId === reading.id)).toBe(
				true,
			);
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
