'use strict';
/** The workflows the editor check opens, beside the example files it imports as they are. */
const { NODE_TYPE, TRIGGER_TYPE } = require('../n8n-app');
const { credentialRef } = require('../harness/credentials');

/** The node the check sets up in the CRM example: Create Version. */
const UI_NODE = 'Create personalized version';
const UI_WORKFLOW_ID = 'sdUiCreateVersion';

/**
 * The editor opens the CRM example with its Create Version node as a user has just added it: story
 * chosen, title and variables not filled in yet. (With `{{ $json … }}` expressions in its parameters
 * and no input data yet, n8n's editor cannot resolve the node's parameters and so does not reload a
 * resource mapper when the parameter it depends on changes; the check would then test n8n, not us.)
 */
function uiWorkflow(example) {
	const workflow = JSON.parse(JSON.stringify(example.workflow));
	workflow.id = UI_WORKFLOW_ID;
	workflow.name = 'Storydoc UI check: CRM deal → Create Version (node being set up)';
	const node = workflow.nodes.find((candidate) => candidate.name === UI_NODE);
	node.parameters.title = '';
	node.parameters.variables = { mappingMode: 'defineBelow', value: null };
	return workflow;
}

/** A workflow with the Storydoc Trigger alone, as a user has just added it to watch for clicks. */
const TRIGGER_WORKFLOW_ID = 'sdUiTrigger';
const TRIGGER_NODE = 'When a prospect clicks';
const triggerWorkflow = () => ({
	id: TRIGGER_WORKFLOW_ID,
	name: 'Storydoc UI check: Storydoc Trigger (clicks)',
	nodes: [
		{
			id: 'c0a1e5f2-0005-4b00-9000-000000000001',
			name: TRIGGER_NODE,
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'click' },
			credentials: { storydocApi: credentialRef('account') },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
});

/** The CRM example's two deals into Get Events: a node with more than one input item. */
const ANALYTICS_WORKFLOW_ID = 'sdUiAnalytics';
const ANALYTICS_NODE = 'Engagement of the deals';
function analyticsWorkflow(example) {
	const keep = [
		'When clicking ‘Execute workflow’',
		'CRM deals (sample records)',
		'One item per deal',
	];
	const nodes = example.workflow.nodes
		.filter((node) => keep.includes(node.name))
		.map((node) => JSON.parse(JSON.stringify(node)));
	nodes.push({
		id: 'c0a1e5f2-0006-4b00-9000-000000000001',
		name: ANALYTICS_NODE,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [660, 0],
		parameters: {
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom: '={{ $now.minus({ days: 30 }).toISO() }}',
			dateTo: '={{ $now.toISO() }}',
			output: 'versionSummary',
			filters: {},
			options: {},
		},
		credentials: { storydocApi: credentialRef('account') },
	});
	const connections = Object.fromEntries(
		Object.entries(example.workflow.connections).filter(([from]) =>
			keep.slice(0, 2).includes(from),
		),
	);
	connections['One item per deal'] = { main: [[{ node: ANALYTICS_NODE, type: 'main', index: 0 }]] };
	return {
		id: ANALYTICS_WORKFLOW_ID,
		name: 'Storydoc UI check: two records → Get Events',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
}

module.exports = {
	ANALYTICS_NODE,
	ANALYTICS_WORKFLOW_ID,
	TRIGGER_NODE,
	TRIGGER_WORKFLOW_ID,
	UI_NODE,
	UI_WORKFLOW_ID,
	analyticsWorkflow,
	triggerWorkflow,
	uiWorkflow,
};
