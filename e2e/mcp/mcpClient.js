'use strict';
/**
 * examples/mcp-storydoc-tools.json served by the real n8n app, called by the official MCP TypeScript
 * SDK (@modelcontextprotocol/sdk) as a model's client would: it lists the Storydoc tools and calls
 * them; the sandbox's log says what reached the API.
 */
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const {
	StreamableHTTPClientTransport,
} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

const { SEED } = require('../../sandbox/seed');
const { comparableSummaries, expectedSummaries } = require('../../scripts/examples');
const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { waitFor } = require('../harness/waiting');

const TOOLS = {
	list: 'List_stories',
	create: 'Create_personalized_version',
	engagement: 'Engagement_per_version',
};

async function connectOnce(baseUrl, path, token) {
	const client = new Client({ name: 'storydoc-e2e', version: '1.0.0' });
	await client.connect(
		new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/${path}`), {
			requestInit: { headers: { authorization: `Bearer ${token}` } },
		}),
	);
	return client;
}

/**
 * An MCP client connected to the workflow's trigger (Streamable HTTP, with the bearer token), once n8n
 * serves it: n8n 2.x publishes workflows in the background (`N8N_USE_WORKFLOW_PUBLICATION_SERVICE`,
 * on by default) and may say its editor is up before the trigger's webhooks are registered, when the
 * client's first POST answers 404.
 */
async function connect(baseUrl, path, token) {
	let refused;
	const attempt = () =>
		connectOnce(baseUrl, path, token).catch((error) => {
			if (error.code !== 404) throw error;
			refused = error;
			return undefined;
		});
	return waitFor(attempt, () => `/mcp/${path} served (last answer: ${refused?.message})`, 60_000);
}

/** A tool call's items: n8n answers with one text, the JSON array of the tool node's output items. */
function itemsOf(result, what) {
	ensure(!result.isError, `${what} answered an error: ${show(result.content)}`);
	const text = result.content?.[0]?.text;
	ensure(typeof text === 'string', `${what} answered no text: ${show(result)}`);
	return JSON.parse(text);
}

/** What n8n's MCP Server Trigger puts before a thrown error's message: its class (2.x), or `Error` (1.x). */
const ERROR_PREFIX = /^(?:NodeOperationError|Error): /;

/**
 * What a model reads of a refused call: an error result (`isError`, which MCP clients and the models
 * behind them read as a failed call) whose one text is the node's refusal, after n8n's prefix.
 */
function refusalOf(result, what) {
	ensure(result.isError === true, `${what} answered no error result: ${show(result)}`);
	const text = result.content?.[0]?.text;
	ensure(
		result.content?.length === 1 && typeof text === 'string' && ERROR_PREFIX.test(text),
		`${what} answered no refusal text: ${show(result.content)}`,
	);
	return text.replace(ERROR_PREFIX, '');
}

/**
 * The checks, in order: the tool list, Story › Get Many, one Create Version, the engagement summary
 * and a call with a bad date. `sandbox` is the in-process sandbox (its log and state).
 */
async function mcpScenario({ url, sandbox, workflow, bearerToken }) {
	const trigger = workflow.nodes.find((node) => node.type.endsWith('.mcpTrigger'));
	const client = await connect(url, trigger.parameters.path, bearerToken);
	const calls = {
		client,
		sandbox,
		apiRequests: () => sandbox.log.filter((entry) => entry.path.startsWith('/v2/')),
	};
	try {
		await toolList(calls);
		await listStories(calls);
		await createOne(calls);
		const dateTo = await engagement(calls);
		await badDate(calls, dateTo);
	} finally {
		await client.close();
	}
}

/** The three tools, named after their nodes, with the nodes' descriptions and Create's arguments. */
async function toolList({ client }) {
	const { tools } = await client.listTools();
	expectEqual(
		tools.map((tool) => tool.name).sort(),
		Object.values(TOOLS).sort(),
		'the tools n8n lists (the three Storydoc nodes, named after them)',
	);
	const tool = (name) => tools.find((candidate) => candidate.name === name);
	ensure(
		/Create a personalized version of a Live Storydoc story/.test(tool(TOOLS.create).description),
		`Create's description is not the node's: ${tool(TOOLS.create).description}`,
	);
	ensure(
		/one result per version/.test(tool(TOOLS.engagement).description),
		`the summary's description is not the node's: ${tool(TOOLS.engagement).description}`,
	);
	const createSchema = tool(TOOLS.create).inputSchema;
	expectEqual(
		Object.keys(createSchema.properties).sort(),
		['company', 'email', 'first_name', 'last_name', 'storyId', 'title'],
		"Create's arguments",
	);
	expectEqual(
		[...createSchema.required].sort(),
		['company', 'first_name', 'storyId', 'title'],
		"Create's required arguments (the optional ones have a default)",
	);
	ensure(
		/24 hexadecimal characters/.test(createSchema.properties.storyId.description),
		`storyId's description: ${show(createSchema.properties.storyId)}`,
	);
	expectEqual(tool(TOOLS.list).inputSchema.properties, {}, 'List stories takes no argument');
}

async function listStories({ client, sandbox }) {
	sandbox.clearLog();
	const stories = itemsOf(await client.callTool({ name: TOOLS.list, arguments: {} }), TOOLS.list);
	const live = sandbox.state.stories.filter((story) => story.status === 'Live');
	expectEqual(
		stories.map((story) => [story.storyId, story.title]),
		live.map((story) => [story.id, story.title]),
		'the stories listed (the Live ones)',
	);
	expectEqual(
		Object.keys(stories[0]),
		[
			'storyId',
			'title',
			'status',
			'previewUrl',
			'createdAt',
			'variables',
			'requiredVariables',
			'repeatableGroups',
		],
		'the fields of a listed story (Simplified)',
	);
}

/** One Create call: exactly one create, with the arguments the client sent. */
async function createOne({ client, sandbox, apiRequests }) {
	sandbox.clearLog();
	const lead = {
		storyId: SEED.stories.proposal.id,
		title: 'Proposal for Globex',
		first_name: 'Jane',
		last_name: 'Doe',
		company: 'Globex',
		email: 'jane@globex.example',
	};
	const [created] = itemsOf(
		await client.callTool({ name: TOOLS.create, arguments: lead }),
		TOOLS.create,
	);
	const creates = apiRequests();
	expectEqual(
		creates.map((entry) => `${entry.method} ${entry.path} → ${entry.status}`),
		['POST /v2/versions → 200'],
		'the requests the sandbox received for one Create call',
	);
	const { storyId, title, ...variables } = lead;
	expectEqual(
		creates[0].body,
		{
			storyId,
			senderEmail: SEED.users.sam.email,
			data: { title, ...variables },
		},
		'the body of the create (the arguments the client sent)',
	);
	const stored = sandbox.state.versions.find((version) => version.id === created.versionId);
	ensure(stored, `the version ${created.versionId} the tool returned is not in the sandbox`);
	ensure(/^https:\/\//.test(created.url), `the created version's url: ${show(created)}`);
}

async function engagement({ client, sandbox }) {
	sandbox.clearLog();
	const dateTo = new Date().toISOString();
	const dateFrom = new Date(Date.now() - 30 * 86_400_000).toISOString();
	const summaries = itemsOf(
		await client.callTool({ name: TOOLS.engagement, arguments: { dateFrom, dateTo } }),
		TOOLS.engagement,
	);
	const events = sandbox.state.events.filter(
		(event) => event.timestamp >= dateFrom && event.timestamp <= dateTo,
	);
	ensure(events.length > 0, 'the sandbox has no event in the last 30 days');
	expectEqual(
		comparableSummaries(summaries),
		expectedSummaries(events),
		'the engagement summary (compared with the sandbox events of the period)',
	);
	return dateTo;
}

/** A date the node cannot read: an error the model reads, and no request. */
async function badDate({ client, sandbox, apiRequests }, dateTo) {
	sandbox.clearLog();
	const refused = await client.callTool({
		name: TOOLS.engagement,
		arguments: { dateFrom: 'last Tuesday', dateTo },
	});
	expectEqual(
		refusalOf(refused, 'a call with a bad date'),
		'Item 0: "From" is not a valid date. Value given: "last Tuesday". Use ISO 8601, for example 2026-01-31T00:00:00Z.',
		'the refusal a model reads for a bad date: the field, the value and the format',
	);
	expectEqual(apiRequests(), [], 'the requests sent for a call with a bad date');
}

module.exports = { connect, itemsOf, mcpScenario, refusalOf };
