'use strict';
/**
 * examples/mcp-storydoc-tools.json published in `n8n start`, its MCP Server Trigger behind a bearer
 * token, called by the MCP TypeScript SDK (e2e/mcp/mcpClient.js). On both n8n lines, about 20 s.
 */
const crypto = require('node:crypto');

const { loadExamples } = require('../../scripts/examples');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { mcpScenario } = require('../mcp/mcpClient');

/** The bearer token MCP clients send to the MCP Server Trigger. */
const MCP_CREDENTIAL = { id: 'mcpClients', name: 'MCP clients' };

const app = useApp();
const mcpExample = [...loadExamples().values()].find((example) => example.servedOverMcp);

test(`examples/${mcpExample.file} published in \`n8n start\`, called by the MCP TypeScript SDK: the tools listed with their descriptions and arguments, Story › Get Many, exactly one create per call with the arguments sent, the engagement summary, a bad date refused before any request`, async () => {
	const bearerToken = crypto.randomBytes(16).toString('hex');
	await app.importCredentials(
		['account', 'secondKey'],
		[{ ...MCP_CREDENTIAL, type: 'httpBearerAuth', data: { token: bearerToken } }],
	);
	const workflow = structuredClone(mcpExample.workflow);
	const trigger = workflow.nodes.find((node) => node.type.endsWith('.mcpTrigger'));
	trigger.credentials = { httpBearerAuth: { ...MCP_CREDENTIAL } };
	await app.cli.importAndActivate([workflow]);
	const running = await app.start();
	try {
		await mcpScenario({ url: running.url, sandbox: app.sandbox, workflow, bearerToken });
	} finally {
		await running.stop();
	}
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
