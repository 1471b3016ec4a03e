'use strict';
/**
 * The example workflows in examples/ and, for each, what a correct run looks like. Shared by the demo
 * (`npm run demo`, n8n-core's engine in-process) and the end-to-end run (`npm run test:e2e`, the real
 * n8n app): both run the example files unchanged against the API sandbox, then hand the node outputs
 * and the sandbox to `check` (which throws on anything that differs) and `report` (the demo's lines).
 */
const fs = require('node:fs');
const path = require('node:path');

const EXAMPLES_DIR = path.resolve(__dirname, '..', 'examples');

/** Starts the project's API sandbox (sandbox/server.js) on 127.0.0.1 in this process (port 0: a free one). */
async function startSandbox({ port = 0, ...options } = {}) {
	const { createSandbox } = require('../sandbox/server');
	const sandbox = createSandbox(options);
	const url = String(await sandbox.start(port, '127.0.0.1')).replace(/\/+$/, '');
	return { sandbox, url };
}

/**
 * The sandbox's admin endpoints (/__sandbox/…): its record of requests and its state; `api` reads the
 * API itself with `token` (after a run, to see what a user would see).
 */
function sandboxClient(url, token) {
	const call = async (method, adminPath) => {
		const response = await fetch(`${url}/__sandbox/${adminPath}`, { method });
		const text = await response.text();
		if (!response.ok)
			throw new Error(
				`sandbox ${method} /__sandbox/${adminPath} answered ${response.status}: ${text}`,
			);
		return text ? JSON.parse(text) : undefined;
	};
	return {
		reset: () => call('POST', 'reset'),
		/** The API requests it received since the last reset, oldest first: { method, path, status, … }. */
		async requests() {
			const log = await call('GET', 'log');
			const entries = Array.isArray(log) ? log : (log.entries ?? log.requests ?? log.log ?? []);
			return entries
				.map((entry) => ({
					...entry,
					path: String(entry.path ?? entry.url ?? '').split('?')[0],
					status: entry.status ?? entry.statusCode,
				}))
				.filter((entry) => entry.path.startsWith('/v2/'));
		},
		state: (collection) => call('GET', `state/${collection}`),
		async api(apiPath) {
			const response = await fetch(`${url}${apiPath}`, {
				headers: { authorization: `Bearer ${token}` },
			});
			const body = await response.json();
			if (!response.ok)
				throw new Error(
					`sandbox GET ${apiPath} answered ${response.status}: ${JSON.stringify(body)}`,
				);
			return body;
		},
	};
}

const first = (items) => items?.[0]?.json;
const { DAY_MS } = require('../sandbox/dates');
const startOfUtcDay = (ms) => Math.floor(ms / DAY_MS) * DAY_MS;
const requestLines = (requests) => requests.map((r) => `${r.method} ${r.path} → ${r.status}`);

/** A plain-text table: columns padded to their widest cell. */
function table(headers, rows) {
	const widths = headers.map((header, column) =>
		Math.max(header.length, ...rows.map((row) => String(row[column]).length)),
	);
	const line = (cells) =>
		cells
			.map((cell, column) => String(cell).padEnd(widths[column]))
			.join('  ')
			.trimEnd();
	return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** Summary per Version items reduced to what `expectedSummaries` computes, in its order. */
function comparableSummaries(summaries) {
	return summaries
		.map(
			({ versionId, views, clicks, uniqueVisitors, firstEventAt, lastEventAt, prospectEmail }) => ({
				versionId,
				views,
				clicks,
				uniqueVisitors,
				firstEventAt,
				lastEventAt,
				prospectEmail,
			}),
		)
		.sort((a, b) => a.versionId.localeCompare(b.versionId));
}

/**
 * What "Summary per Version" must say, computed here from the sandbox's own events (not with the
 * node's helper): per version, views, clicks, distinct visitors, first and last event, and the
 * prospect's email from the latest event that has one.
 */
function expectedSummaries(events) {
	const byVersion = new Map();
	for (const event of events) {
		const tally = byVersion.get(event.versionId) ?? {
			versionId: event.versionId,
			views: 0,
			clicks: 0,
			visitors: new Set(),
			events: [],
		};
		if (event.eventCategory === 'view') tally.views++;
		if (event.eventCategory === 'click') tally.clicks++;
		if (event.visitorId) tally.visitors.add(event.visitorId);
		tally.events.push(event);
		byVersion.set(event.versionId, tally);
	}
	return [...byVersion.values()]
		.map(({ versionId, views, clicks, visitors, events: own }) => {
			const times = own.map((event) => event.timestamp).sort();
			const withEmail = own
				.filter((event) => event.prospectEmail)
				.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
			return {
				versionId,
				views,
				clicks,
				uniqueVisitors: visitors.size,
				firstEventAt: times[0],
				lastEventAt: times[times.length - 1],
				prospectEmail: withEmail.length ? withEmail[withEmail.length - 1].prospectEmail : null,
			};
		})
		.sort((a, b) => a.versionId.localeCompare(b.versionId));
}

const PROPOSAL_STORY_ID = '65d000000000000000000001';
const PROPOSAL_STORY_TITLE = 'Sales proposal';
const SENDER_EMAIL = 'sam@acme.test';
const DEAL_VERSION_ID = '65e000000000000000000001';

/** The values of an Edit Fields node of the workflow, as written (the sample CRM data). */
function assignmentsOf(workflow, nodeName) {
	const node = workflow.nodes.find((candidate) => candidate.name === nodeName);
	return Object.fromEntries(
		node.parameters.assignments.assignments.map(({ name, value }) => [name, value]),
	);
}

function nodeNamed(workflow, nodeName) {
	const node = workflow.nodes.find((candidate) => candidate.name === nodeName);
	if (!node) throw new Error(`the workflow "${workflow.name}" has no node "${nodeName}"`);
	return node;
}

/**
 * The account-specific values the example files leave for the user to set, as the sandbox's seed
 * has them. Each: the node, what the demo says it filled in, and how.
 */
const fillStory = (nodeName) => ({
	node: nodeName,
	what: `Story = "${PROPOSAL_STORY_TITLE}" (${PROPOSAL_STORY_ID})`,
	apply: (node) => {
		node.parameters.storyId = {
			__rl: true,
			mode: 'list',
			value: PROPOSAL_STORY_ID,
			cachedResultName: PROPOSAL_STORY_TITLE,
		};
	},
});
const fillSender = (nodeName) => ({
	node: nodeName,
	what: `Sender Email = ${SENDER_EMAIL}`,
	apply: (node) => {
		node.parameters.senderEmail = SENDER_EMAIL;
	},
});
const fillAssignment = (nodeName, name, value) => ({
	node: nodeName,
	what: `${name} = ${value}`,
	apply: (node) => {
		const assignment = node.parameters.assignments.assignments.find(
			(candidate) => candidate.name === name,
		);
		assignment.value = value;
	},
});

/**
 * file (without .json) → how to run it (`startNode`), what to record before (`before`), what a
 * correct run looks like (`check`, throws with what differed) and what the demo prints (`report`).
 */
const definitions = {
	'mcp-storydoc-tools': {
		title:
			'the MCP Server Trigger publishes List stories, Create personalized version and Engagement per version as tools',
		/** Served by `n8n start` and called by an MCP client (e2e/mcp.js), not run from a start node. */
		servedOverMcp: true,
		sandboxValues: [fillSender('Create personalized version')],
	},
	'crm-create-version': {
		title: 'two CRM deals → Create Version of a story each → the links written back',
		startNode: 'When clicking ‘Execute workflow’',
		sandboxValues: [
			fillStory('Create personalized version'),
			fillSender('Create personalized version'),
		],
		async check({ outputs, sandbox, workflow, expectEqual }) {
			const deals = JSON.parse(assignmentsOf(workflow, 'CRM deals (sample records)').deals);
			const requests = await sandbox.requests();
			expectEqual(
				requestLines(requests),
				deals.map(() => 'POST /v2/versions → 200'),
				'the requests the sandbox received',
			);

			const created = (outputs['Create personalized version'] ?? []).map((item) => item.json);
			expectEqual(
				created.length,
				deals.length,
				'number of items out of "Create personalized version"',
			);
			const versions = await sandbox.state('versions');
			for (const [index, deal] of deals.entries()) {
				const version = versions.find((candidate) => candidate.id === created[index].versionId);
				expectEqual(
					version && {
						storyId: version.storyId,
						senderEmail: version.senderEmail,
						data: version.data,
					},
					{
						storyId: PROPOSAL_STORY_ID,
						senderEmail: SENDER_EMAIL,
						// Map Automatically: the fields of "Your story's variables", named after the story's keys.
						data: {
							title: `Proposal for ${deal.company}`,
							first_name: deal.contact_first_name,
							last_name: deal.contact_last_name,
							company: deal.company,
							email: deal.contact_email,
						},
					},
					`the version the sandbox holds for deal ${deal.deal_id} (versionId ${created[index].versionId})`,
				);
				const { url } = await sandbox.api(`/v2/versions/${created[index].versionId}`);
				expectEqual(
					created[index].url,
					url,
					`the link returned for deal ${deal.deal_id} (compared with GET /v2/versions/{id})`,
				);
			}

			expectEqual(
				(outputs['Write link to CRM deal'] ?? []).map((item) => item.json),
				deals.map((deal, index) => ({
					deal_id: deal.deal_id,
					company: deal.company,
					storydoc_version_id: created[index].versionId,
					storydoc_url: created[index].url,
					storydoc_short_url: created[index].shortUrl,
					storydoc_editor_url: created[index].editorUrl,
				})),
				'the fields written back to the CRM deals',
			);
		},
		report({ outputs }) {
			const rows = (outputs['Write link to CRM deal'] ?? []).map((item) => item.json);
			return [
				`${rows.length} personalized proposals created; each link written back to its deal:`,
				'',
				...table(
					['Deal', 'Company', 'Link', 'Short link'],
					rows.map((row) => [row.deal_id, row.company, row.storydoc_url, row.storydoc_short_url]),
				),
			];
		},
	},
	'deal-update-version': {
		title: "a deal's contact changes → Update Version by ID: new values merged, same link",
		startNode: 'When clicking ‘Execute workflow’',
		sandboxValues: [
			fillAssignment('Deal changed (sample CRM update)', 'storydoc_version_id', DEAL_VERSION_ID),
			fillSender('Update the deal’s version'),
		],
		async before({ sandbox }) {
			const versions = await sandbox.state('versions');
			return { version: versions.find((candidate) => candidate.id === DEAL_VERSION_ID) };
		},
		async check({ outputs, sandbox, workflow, before, expectEqual }) {
			const change = assignmentsOf(workflow, 'Deal changed (sample CRM update)');
			const versionPath = `/v2/versions/${change.storydoc_version_id}`;
			const requests = await sandbox.requests();
			// Title is left empty in the node: it keeps the version's title, read with one GET first.
			expectEqual(
				requestLines(requests),
				[`GET ${versionPath} → 200`, `POST ${versionPath} → 200`],
				'the requests the sandbox received',
			);
			const changes = {
				first_name: change.contact_first_name,
				last_name: change.contact_last_name,
				email: change.contact_email,
			};
			expectEqual(
				requests[1].body,
				{ senderEmail: SENDER_EMAIL, data: { ...changes, title: before.version.data.title } },
				'the body of the update request',
			);
			const after = (await sandbox.state('versions')).find(
				(candidate) => candidate.id === change.storydoc_version_id,
			);
			expectEqual(
				after.data,
				{ ...before.version.data, ...changes },
				"the version's data after the update (changed values merged, the rest kept)",
			);

			const [updated] = (outputs['Update the deal’s version'] ?? []).map((item) => item.json);
			const { url } = await sandbox.api(versionPath);
			expectEqual(
				{ versionId: updated?.versionId, url: updated?.url },
				{ versionId: change.storydoc_version_id, url },
				'the version and link returned',
			);
			expectEqual(
				(outputs['Confirm on CRM deal'] ?? []).map((item) => item.json),
				[
					{
						deal_id: change.deal_id,
						storydoc_version_id: change.storydoc_version_id,
						storydoc_url: url,
						storydoc_synced_contact: change.contact_email,
					},
				],
				'the confirmation written to the CRM deal',
			);
		},
		report({ outputs, before, workflow }) {
			const change = assignmentsOf(workflow, 'Deal changed (sample CRM update)');
			const [row] = (outputs['Confirm on CRM deal'] ?? []).map((item) => item.json);
			const old = before.version.data;
			return [
				`Deal ${row.deal_id} changed contact; its version ${row.storydoc_version_id} ("${old.title}") was updated in place:`,
				'',
				...table(
					['Variable', 'Before', 'After'],
					[
						['first_name', old.first_name, change.contact_first_name],
						['last_name', old.last_name, change.contact_last_name],
						['email', old.email, change.contact_email],
					],
				),
				'',
				`Same link as before: ${row.storydoc_url}`,
			];
		},
	},
	'lead-generate-personalize': {
		title:
			'a new lead → Story › Generate a presentation about its company → Version › Create for the lead → the link',
		startNode: 'When clicking ‘Execute workflow’',
		sandboxValues: [
			fillSender('Generate a presentation for the lead'),
			fillSender('Personalize it for the lead'),
		],
		async check({ outputs, sandbox, workflow, expectEqual, expect }) {
			const lead = assignmentsOf(workflow, 'New lead (sample record)');
			const requests = await sandbox.requests();
			expectEqual(
				requestLines(requests),
				['POST /v2/stories/generate → 200', 'POST /v2/versions → 200'],
				'the requests the sandbox received',
			);
			expectEqual(
				{ ...requests[0].body, prompt: typeof requests[0].body.prompt },
				{
					prompt: 'string',
					senderEmail: SENDER_EMAIL,
					company: lead.company,
					website: lead.website,
				},
				'the body of the generation request',
			);
			expect(requests[0].body.prompt.includes(lead.company), "the prompt names the lead's company");

			const generated = first(outputs['Generate a presentation for the lead']);
			const story = (await sandbox.state('stories')).find(
				(candidate) => candidate.id === generated?.pageId,
			);
			expectEqual(story?.status, 'Live', 'the status of the generated story');
			const created = first(outputs['Personalize it for the lead']);
			const version = (await sandbox.state('versions')).find(
				(candidate) => candidate.id === created?.versionId,
			);
			expectEqual(
				version && {
					storyId: version.storyId,
					senderEmail: version.senderEmail,
					data: version.data,
				},
				{
					storyId: generated.pageId,
					senderEmail: SENDER_EMAIL,
					data: {
						title: `For ${lead.first_name} at ${lead.company}`,
						first_name: lead.first_name,
						last_name: lead.last_name,
						company: lead.company,
						email: lead.email,
					},
				},
				'the version made of the generated story',
			);
			expectEqual(
				(outputs['Write link to the lead'] ?? []).map((item) => item.json),
				[
					{
						lead_email: lead.email,
						storydoc_story_id: generated.pageId,
						storydoc_version_id: created.versionId,
						storydoc_url: created.url,
						storydoc_editor_url: created.editorUrl,
					},
				],
				'the fields written back to the lead',
			);
		},
		report({ outputs }) {
			const generated = first(outputs['Generate a presentation for the lead']);
			const row = first(outputs['Write link to the lead']);
			return [
				`A presentation was generated for the lead's company (story ${generated.pageId}) and personalized for ${row.lead_email}:`,
				`  ${row.storydoc_url}`,
			];
		},
	},
	'account-check': {
		title: 'Account › Get returns { orgId, title }',
		startNode: 'When clicking ‘Execute workflow’',
		async check({ outputs, sandbox, expectEqual }) {
			const account = outputs['Get Storydoc account'];
			expectEqual(account?.length, 1, 'number of items out of "Get Storydoc account"');
			const expected = await sandbox.state('account');
			expectEqual(
				first(account),
				{ orgId: expected.orgId, title: expected.title },
				'the account item',
			);
			const requests = await sandbox.requests();
			expectEqual(
				requestLines(requests),
				['GET /v2/account → 200'],
				'the requests the sandbox received',
			);
		},
		report({ outputs }) {
			const account = first(outputs['Get Storydoc account']);
			return [`Connected to the organization "${account.title}" (${account.orgId}).`];
		},
	},
	'engagement-sync': {
		title: 'Get Events › Summary per Version of the last 30 days → one CRM row per version',
		startNode: 'When clicking ‘Execute workflow’',
		async check({ outputs, sandbox, expectEqual, expect }) {
			const requests = await sandbox.requests();
			expect(requests.length > 0, 'the sandbox received no request');
			expectEqual(
				[...new Set(requestLines(requests))],
				['GET /v2/analytics/events → 200'],
				'the requests the sandbox received (distinct)',
			);
			const requestedAt = Date.parse(requests[0].time);
			const fromMs = startOfUtcDay(requestedAt - 30 * DAY_MS);
			const events = (await sandbox.state('events')).filter((event) => {
				const instant = Date.parse(event.timestamp);
				return instant >= fromMs && instant <= requestedAt;
			});
			expect(
				events.length > 0,
				'the sandbox has no event in the last 30 days: the example shows nothing',
			);

			const summaries = (outputs['Engagement of the last 30 days'] ?? []).map((item) => item.json);
			expectEqual(
				comparableSummaries(summaries),
				expectedSummaries(events),
				'the summary per version (compared with the sandbox events of the last 30 days)',
			);
			const lastActivity = summaries.map((summary) => summary.lastEventAt);
			expectEqual(
				lastActivity,
				[...lastActivity].sort().reverse(),
				'the order of the summaries (most recently active first)',
			);

			expectEqual(
				(outputs['Rows for the CRM'] ?? []).map((item) => item.json),
				summaries.map((summary) => ({
					crm_contact_email: summary.prospectEmail,
					crm_contact_name: summary.prospectName,
					storydoc_version_id: summary.versionId,
					storydoc_story: summary.storyTitle,
					storydoc_views_30d: summary.views,
					storydoc_clicks_30d: summary.clicks,
					storydoc_visitors_30d: summary.uniqueVisitors,
					storydoc_last_activity: summary.lastEventAt,
					storydoc_last_action: summary.lastEventName,
					storydoc_engaged: summary.clicks > 0,
				})),
				'the CRM rows',
			);
		},
		report({ outputs }) {
			const rows = (outputs['Rows for the CRM'] ?? []).map((item) => item.json);
			return [
				`${rows.length} CRM rows, one per version viewed in the last 30 days:`,
				'',
				...table(
					['Contact', 'Story', 'Views', 'Clicks', 'Visitors', 'Last activity (UTC)', 'Last action'],
					rows.map((row) => [
						row.crm_contact_email ?? '(unknown)',
						row.storydoc_story,
						row.storydoc_views_30d,
						row.storydoc_clicks_30d,
						row.storydoc_visitors_30d,
						String(row.storydoc_last_activity).slice(0, 16).replace('T', ' '),
						row.storydoc_last_action,
					]),
				),
			];
		},
	},
};

/** A copy of an example workflow with the sandbox's values where the file leaves them to the user. */
function forSandbox(workflow, sandboxValues) {
	const copy = structuredClone(workflow);
	for (const value of sandboxValues) value.apply(nodeNamed(copy, value.node));
	return copy;
}

/**
 * Every examples/*.json with its definition; an example without one is an error, not skipped.
 * `asFiled` is the workflow as the file has it (what a user imports), `workflow` the same with the
 * sandbox's values filled in (`sandboxValues`: what was filled, for the demo to say).
 */
function loadExamples() {
	const examples = new Map();
	for (const file of fs
		.readdirSync(EXAMPLES_DIR)
		.filter((name) => name.endsWith('.json'))
		.sort()) {
		const key = file.replace(/\.json$/, '');
		const definition = definitions[key];
		if (!definition)
			throw new Error(`examples/${file} has no entry in scripts/examples.js (how to check it)`);
		const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
		const sandboxValues = definition.sandboxValues ?? [];
		examples.set(key, {
			key,
			file,
			...definition,
			asFiled: workflow,
			workflow: forSandbox(workflow, sandboxValues),
			sandboxValues,
		});
	}
	return examples;
}

module.exports = {
	EXAMPLES_DIR,
	comparableSummaries,
	expectedSummaries,
	loadExamples,
	sandboxClient,
	startSandbox,
};
