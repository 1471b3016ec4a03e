/**
 * The Storydoc node as an AI tool on n8n-core's two tool paths (test/harness/toolCalls.ts), with the
 * tools of examples/mcp-storydoc-tools.json called as a model would: inside a LangChain tool, as the
 * MCP Server Trigger calls them, and as nodes the engine runs for the AI Agent. The real app, a real
 * MCP client and the real agent are `test:e2e`'s part (e2e/scenarios/mcp*.test.js, recipeAi*.test.js).
 */
import type { INode } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import { loadExamples } from '../../../../scripts/examples';
import type { Json } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import type { ToolCall, ToolPath } from '../../../harness/toolCalls';
import { callTools as callToolNodes } from '../../../harness/toolCalls';

const api = useSandbox({ rateLimit: { max: 100000 }, events: 300 });

beforeEach(() => api.sandbox.reset());

/** The example's tool nodes (sandbox values filled in), called on one of n8n's tool paths. */
function callTools(calls: ToolCall[], path: ToolPath = 'mcp') {
	const example = loadExamples().get('mcp-storydoc-tools');
	const tools: INode[] = example.workflow.nodes.filter((node: INode) =>
		node.type.endsWith('.storydocTool'),
	);
	return callToolNodes(tools, calls, api.credentials(), path);
}

const BAD_DATE_REFUSAL =
	'Item 0: "From" is not a valid date. Value given: "last Tuesday". Use ISO 8601, for example 2026-01-31T00:00:00Z.';
const UNKNOWN_STORY =
	'Story ffffffffffffffffffffffff not found. Check "Story": no story of this organization has that ID.';

const lead = {
	storyId: SEED.stories.proposal.id,
	title: 'Proposal for Globex',
	first_name: 'Jane',
	company: 'Globex',
};

test("n8n makes one tool per node, named after it, with the node's description and the $fromAI arguments", async () => {
	const { tools } = await callTools([]);
	expect(tools.map((tool) => tool.name).sort()).toEqual([
		'Create_personalized_version',
		'Engagement_per_version',
		'List_stories',
	]);
	const create = tools.find((tool) => tool.name === 'Create_personalized_version');
	expect(create.description).toMatch(/^Create a personalized version of a Live Storydoc story/);
	expect(create.arguments.sort()).toEqual([
		'company',
		'email',
		'first_name',
		'last_name',
		'storyId',
		'title',
	]);
	expect(api.sandbox.log).toEqual([]);
});

test('Create personalized version: one create per call, with the arguments the model gave', async () => {
	const { answers } = await callTools([{ tool: 'Create_personalized_version', arguments: lead }]);
	expect(answers).toHaveLength(1);
	const [created] = answers[0].answer;
	expect(created.versionId).toMatch(/^[0-9a-f]{24}$/);
	const creates = api.sandbox.log.filter((entry: Json) => entry.path.startsWith('/v2/'));
	expect(creates.map((entry: Json) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
		'POST /v2/versions 200',
	]);
	expect(creates[0].body).toEqual({
		storyId: lead.storyId,
		senderEmail: SEED.users.sam.email,
		data: { title: lead.title, first_name: 'Jane', company: 'Globex' },
	});
});

test('List stories answers Simplified stories; a bad date is thrown with the field, the value and the format (an MCP error result), with no request', async () => {
	const { answers } = await callTools([
		{ tool: 'List_stories', arguments: {} },
		{
			tool: 'Engagement_per_version',
			arguments: { dateFrom: 'last Tuesday', dateTo: '2026-11-24' },
		},
	]);
	const [stories, refused] = answers;
	const live = api.sandbox.state.stories.filter((story: Json) => story.status === 'Live');
	expect(stories.answer.map((story: Json) => story.storyId)).toEqual(
		live.map((story: Json) => story.id),
	);
	expect(Object.keys(stories.answer[0])).toEqual([
		'storyId',
		'title',
		'status',
		'previewUrl',
		'createdAt',
		'variables',
		'requiredVariables',
		'repeatableGroups',
	]);
	// Thrown inside the tool: n8n's MCP Server Trigger answers it with `isError`, the text whole.
	expect(refused).toEqual({ tool: 'Engagement_per_version', error: BAD_DATE_REFUSAL });
	expect(api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events')).toEqual(
		[],
	);
});

test("Under the AI Agent a bad date is the tool's answer, the same text, and the next call goes on", async () => {
	const { answers } = await callTools(
		[
			{
				tool: 'Engagement_per_version',
				arguments: { dateFrom: 'last Tuesday', dateTo: '2026-11-24' },
			},
			{ tool: 'List_stories', arguments: {} },
		],
		'agent',
	);
	const [refused, stories] = answers;
	// An item, not an error: the agent on n8n 1.x would end its run on a tool's error.
	expect(refused).toEqual({
		tool: 'Engagement_per_version',
		answer: [{ error: BAD_DATE_REFUSAL }],
	});
	expect(stories.answer.length).toBeGreaterThan(0);
	expect(api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events')).toEqual(
		[],
	);
});

test("An API error inside the tool is thrown with the API's message and status; the next call goes on", async () => {
	const { answers } = await callTools([
		{
			tool: 'Create_personalized_version',
			arguments: { ...lead, storyId: 'ffffffffffffffffffffffff' },
		},
		{ tool: 'List_stories', arguments: {} },
	]);
	const [refused, stories] = answers;
	expect(refused).toEqual({
		tool: 'Create_personalized_version',
		error: `${UNKNOWN_STORY} HTTP status 400.`,
	});
	const creates = api.sandbox.log.filter((entry: Json) => entry.path === '/v2/versions');
	expect(creates.map((entry: Json) => entry.status)).toEqual([400]);
	expect(stories.answer.length).toBeGreaterThan(0);
});

test("Under the AI Agent an API error is the tool's answer, with the API's message and status: the agent goes on", async () => {
	const { answers } = await callTools(
		[
			{
				tool: 'Create_personalized_version',
				arguments: { ...lead, storyId: 'ffffffffffffffffffffffff' },
			},
			{ tool: 'List_stories', arguments: {} },
		],
		'agent',
	);
	const [refused, stories] = answers;
	expect(refused.answer).toEqual([{ error: UNKNOWN_STORY, httpCode: '400' }]);
	const creates = api.sandbox.log.filter((entry: Json) => entry.path === '/v2/versions');
	expect(creates.map((entry: Json) => entry.status)).toEqual([400]);
	expect(stories.answer.length).toBeGreaterThan(0);
});
