/**
 * The Storydoc node as an AI tool through n8n-core's own tool path (`getInputConnectionData` →
 * `createNodeAsTool`, arguments from `$fromAI`), with the tools of examples/mcp-storydoc-tools.json
 * attached to a stand-in agent that calls them as a model would. The real app and a real MCP client
 * are `test:e2e`'s part (e2e/scenarios/mcp.test.js).
 */
import type { INode } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import { loadExamples } from '../../../../scripts/examples';
import type { Json } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import type { ToolCall } from '../../../harness/toolCalls';
import { callTools as callToolNodes } from '../../../harness/toolCalls';

const api = useSandbox({ rateLimit: { max: 100000 }, events: 300 });

beforeEach(() => api.sandbox.reset());

/** The example's tool nodes (sandbox values filled in) under a stand-in agent instead of the MCP trigger. */
function callTools(calls: ToolCall[]) {
	const example = loadExamples().get('mcp-storydoc-tools');
	const tools: INode[] = example.workflow.nodes.filter((node: INode) =>
		node.type.endsWith('.storydocTool'),
	);
	return callToolNodes(tools, calls, api.credentials());
}

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

test('List stories answers Simplified stories; a bad date is an answer the model reads (the field, the value, the format), with no request', async () => {
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
	// The answer, not a thrown error: an agent on n8n 1.x would end its run on a tool's error.
	expect(refused).toEqual({
		tool: 'Engagement_per_version',
		answer: [
			{
				error:
					'Item 0: "From" is not a valid date. Value given: "last Tuesday". Use ISO 8601, for example 2026-01-31T00:00:00Z.',
			},
		],
	});
	expect(api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events')).toEqual(
		[],
	);
});

test("An API error is the tool's answer too, with the API's message and status: the agent goes on", async () => {
	const { answers } = await callTools([
		{
			tool: 'Create_personalized_version',
			arguments: { ...lead, storyId: 'ffffffffffffffffffffffff' },
		},
		{ tool: 'List_stories', arguments: {} },
	]);
	const [refused, stories] = answers;
	expect(refused.answer).toHaveLength(1);
	expect(Object.keys(refused.answer[0]).sort()).toEqual(['error', 'httpCode']);
	expect(refused.answer[0]).toMatchObject({
		error:
			'Story ffffffffffffffffffffffff not found. Check "Story": no story of this organization has that ID.',
		httpCode: '400',
	});
	const creates = api.sandbox.log.filter((entry: Json) => entry.path === '/v2/versions');
	expect(creates.map((entry: Json) => entry.status)).toEqual([400]);
	expect(stories.answer.length).toBeGreaterThan(0);
});
