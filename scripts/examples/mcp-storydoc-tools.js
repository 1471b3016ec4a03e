'use strict';
/** examples/mcp-storydoc-tools.json: how to run it, what a correct run looks like and what the demo prints. */
const { fillSender } = require('./sandboxValues');

module.exports = {
	title:
		'the MCP Server Trigger publishes List stories, Create personalized version and Engagement per version as tools',
	/** Served by `n8n start` and called by an MCP client (e2e/scenarios/mcp.test.js), not run from a start node. */
	servedOverMcp: true,
	sandboxValues: [fillSender('Create personalized version')],
};
