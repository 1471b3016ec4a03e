'use strict';
/**
 * Every address form of a version, given by an MCP client (the MCP TypeScript SDK) to Version › Get,
 * Version › Update and Get Events' Version filter in `n8n start` (e2e/mcp/addressWorkflow.js): the
 * bare ID, the editorUrl and the versionUrl reach the API as the ID; the public link and the short
 * link are an error result (`isError`) the model reads, and nothing is sent; an unknown version is an
 * error result with the API's message and status. One `n8n start`, about 20 s; on both n8n lines.
 */
const crypto = require('node:crypto');

const { SEED } = require('../../sandbox/seed');
const { comparableSummaries, expectedSummaries } = require('../../scripts/examples');
const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { MCP_CREDENTIAL, TOOLS, addressWorkflow } = require('../mcp/addressWorkflow');
const { connect, itemsOf, refusalOf } = require('../mcp/mcpClient');

const VERSION = SEED.versions.live.id;
const PUBLIC_LINK_MESSAGE = '"Version" is a public link, which carries no version ID';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The forms, each named by the field of GET /v2/versions/<id> it is taken from; the last two carry no ID. */
const FORMS = ['id', 'editorUrl', 'versionUrl', 'url', 'shortUrl'];
const carriesId = (form) => !['url', 'shortUrl'].includes(form);

const app = useApp();
/** Filled in beforeAll: the MCP client, the version as the API answers it, the period asked for. */
const run = {};

beforeAll(async () => {
	const bearerToken = crypto.randomBytes(16).toString('hex');
	await app.importCredentials(
		['account'],
		[{ ...MCP_CREDENTIAL, type: 'httpBearerAuth', data: { token: bearerToken } }],
	);
	const workflow = addressWorkflow();
	await app.cli.importAndActivate([workflow]);
	const { url } = await app.start();
	const trigger = workflow.nodes.find((node) => node.type.endsWith('.mcpTrigger'));
	run.client = await connect(url, trigger.parameters.path, bearerToken);
	run.version = await app.client.api(`/v2/versions/${VERSION}`);
	run.period = {
		dateFrom: new Date(Date.now() - 30 * DAY_MS).toISOString(),
		dateTo: new Date().toISOString(),
	};
});

// The client sends nothing on close: its order against useApp's afterAll does not matter.
afterAll(() => run.client?.close());

/** The API requests the sandbox received since its log was last cleared. */
const apiRequests = () => app.sandbox.log.filter((entry) => entry.path.startsWith('/v2/'));
const requestLine = (entry) => `${entry.method} ${entry.path} → ${entry.status}`;

/** Per tool: its other arguments, the one request an ID form sends, and what its answer must hold. */
const CALLS = {
	[TOOLS.get]: {
		arguments: () => ({}),
		request: `GET /v2/versions/${VERSION} → 200`,
		async check(items) {
			expectEqual(
				items.map((item) => [item.versionId, item.title]),
				[[VERSION, run.version.title]],
				'the version Get answered (ID, title)',
			);
		},
	},
	[TOOLS.update]: {
		arguments: (form) => ({ title: `Proposal for Globex (${form})` }),
		request: `POST /v2/versions/${VERSION} → 200`,
		async check(items, [update], { title }) {
			expectEqual(
				update.body,
				{ senderEmail: SEED.users.sam.email, data: { title } },
				'the body of the update',
			);
			expectEqual(
				items.map((item) => item.versionId),
				[VERSION],
				'the version Update answered',
			);
			const stored = await app.client.api(`/v2/versions/${VERSION}`);
			expectEqual(stored.title, title, 'the title of the version after the update');
		},
	},
	[TOOLS.engagement]: {
		arguments: () => run.period,
		request: 'GET /v2/analytics/events → 200',
		async check(items, [page]) {
			expectEqual(page.query.versionId, VERSION, 'the versionId the events were asked for');
			const { dateFrom, dateTo } = run.period;
			const events = app.sandbox.state.events.filter(
				(event) =>
					event.versionId === VERSION && event.timestamp >= dateFrom && event.timestamp <= dateTo,
			);
			ensure(events.length > 0, 'the sandbox has no event of the version in the last 30 days');
			expectEqual(
				comparableSummaries(items),
				expectedSummaries(events),
				"the version's engagement summary (compared with the sandbox's events of the period)",
			);
		},
	},
};

test('the three tools listed, each asking for the version as one argument', async () => {
	const { tools } = await run.client.listTools();
	expectEqual(
		tools.map((tool) => [tool.name, Object.keys(tool.inputSchema.properties).sort()]).sort(),
		[
			[TOOLS.engagement, ['dateFrom', 'dateTo', 'version']],
			[TOOLS.get, ['version']],
			[TOOLS.update, ['title', 'version']],
		],
		'the tools n8n lists and their arguments',
	);
});

describe.each(Object.keys(CALLS))('%s', (tool) => {
	test.each(FORMS)("given the version's %s", async (form) => {
		const call = CALLS[tool];
		const address = run.version[form];
		ensure(typeof address === 'string' && address, `the version has no ${form}: ${show(address)}`);
		const otherArguments = call.arguments(form);
		app.sandbox.clearLog();
		const answer = await run.client.callTool({
			name: tool,
			arguments: { ...otherArguments, version: address },
		});
		const requests = apiRequests();
		if (!carriesId(form)) {
			const text = refusalOf(answer, `${tool} given the ${form}`);
			ensure(
				text.includes(PUBLIC_LINK_MESSAGE),
				`the refusal a model reads for the ${form}: ${show(text)}`,
			);
			expectEqual(requests.map(requestLine), [], `the requests sent for the ${form}`);
			return;
		}
		const items = itemsOf(answer, `${tool} given the ${form}`);
		expectEqual(requests.map(requestLine), [call.request], `the requests sent for the ${form}`);
		await call.check(items, requests, otherArguments);
	});
});

test("a version the account does not have: an error result with the API's message and status, after one request", async () => {
	const unknown = 'ffffffffffffffffffffffff';
	app.sandbox.clearLog();
	const answer = await run.client.callTool({ name: TOOLS.get, arguments: { version: unknown } });
	const text = refusalOf(answer, `${TOOLS.get} given an unknown version`);
	ensure(
		text.includes('Version not found') && text.endsWith('HTTP status 404.'),
		`the refusal a model reads for an unknown version: ${show(text)}`,
	);
	expectEqual(
		apiRequests().map(requestLine),
		[`GET /v2/versions/${unknown} → 404`],
		'the requests sent for an unknown version',
	);
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
