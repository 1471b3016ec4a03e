'use strict';
/**
 * The workflow of the MCP address scenario (e2e/scenarios/mcpAddresses.test.js): the MCP Server
 * Trigger of the MCP example behind a bearer token, and three Storydoc tools (the node type and
 * version the example's tools use) whose Version field, in ID mode, is the model's `version`
 * argument: Version › Get, Version › Update (a new title) and Analytics › Get Events filtered to
 * the version (Summary per Version, the period from the model).
 */
const { SEED } = require('../../sandbox/seed');
const { loadExamples } = require('../../scripts/examples');
const { credentialRef } = require('../harness/credentials');

const WORKFLOW_ID = 'sdE2eMcpAddresses';
/** The bearer token MCP clients send to the MCP Server Trigger. */
const MCP_CREDENTIAL = { id: 'mcpAddressClients', name: 'MCP clients (addresses)' };

/** The tools as n8n names them (after their nodes). */
const TOOLS = {
	get: 'Get_version',
	update: 'Update_version',
	engagement: 'Engagement_of_a_version',
};

const versionArgument = {
	__rl: true,
	mode: 'id',
	value:
		"={{ $fromAI('version', `The version: its ID (24 hexadecimal characters), its editorUrl or its versionUrl`, 'string') }}",
};

const TOOL_PARAMETERS = [
	['Get version', { resource: 'version', operation: 'get', versionId: versionArgument }],
	[
		'Update version',
		{
			resource: 'version',
			operation: 'update',
			versionId: versionArgument,
			senderEmail: SEED.users.sam.email,
			title: "={{ $fromAI('title', 'New title', 'string') }}",
		},
	],
	[
		'Engagement of a version',
		{
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom:
				"={{ $fromAI('dateFrom', `Start of the period: an ISO 8601 date or date-time`, 'string') }}",
			dateTo:
				"={{ $fromAI('dateTo', `End of the period: an ISO 8601 date or date-time`, 'string') }}",
			output: 'versionSummary',
			filters: { versionId: versionArgument },
			options: {},
		},
	],
];

/** The workflow, its trigger on `MCP_CREDENTIAL` and served at /mcp/<path>. */
function addressWorkflow() {
	const example = [...loadExamples().values()].find((candidate) => candidate.servedOverMcp);
	const exampleNodes = example.workflow.nodes;
	const exampleTrigger = exampleNodes.find((node) => node.type.endsWith('.mcpTrigger'));
	const exampleTool = exampleNodes.find((node) => node.type.endsWith('.storydocTool'));
	const trigger = {
		...structuredClone(exampleTrigger),
		id: 'c0a1e5f2-0034-4b00-9000-000000000001',
		webhookId: '6f1c3a8e-0034-4b00-9000-000000000001',
		parameters: { ...exampleTrigger.parameters, path: 'storydoc-addresses' },
		credentials: { httpBearerAuth: { ...MCP_CREDENTIAL } },
	};
	const tools = TOOL_PARAMETERS.map(([name, parameters], index) => ({
		id: `c0a1e5f2-0034-4b00-9000-00000000001${index}`,
		name,
		type: exampleTool.type,
		typeVersion: exampleTool.typeVersion,
		position: [index * 240, 240],
		parameters,
		credentials: { storydocApi: credentialRef('account') },
	}));
	const connections = Object.fromEntries(
		tools.map((tool) => [
			tool.name,
			{ ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] },
		]),
	);
	return {
		id: WORKFLOW_ID,
		name: 'Storydoc e2e: Version tools over MCP, every address form',
		nodes: [trigger, ...tools],
		connections,
		settings: { executionOrder: 'v1' },
	};
}

module.exports = { MCP_CREDENTIAL, TOOLS, addressWorkflow };
