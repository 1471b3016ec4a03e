'use strict';
/** Workflows the scenarios build beside the files in examples/: the two trigger workflows, the bad-token copy. */
const { NODE_TYPE, TRIGGER_TYPE } = require('../n8n-app');
const { credentialRef } = require('./credentials');

const CLICK_WORKFLOW_ID = 'sdE2eTrigger';
const FIRST_VIEW_WORKFLOW_ID = 'sdE2eFirstView';
const BAD_TOKEN_WORKFLOW_ID = 'sdE2eBadToken';

/**
 * A workflow of two nodes as a user builds one on the Storydoc Trigger: the trigger (every minute,
 * `event`, any `triggerParameters`) and one Storydoc node after it (`then`: its name and parameters),
 * both on `credential`.
 */
function pollingWorkflow({
	id,
	name,
	event,
	triggerName,
	then,
	credential,
	idPrefix,
	triggerParameters = {},
}) {
	const credentials = { storydocApi: credential };
	return {
		id,
		name,
		nodes: [
			{
				id: `${idPrefix}-000000000001`,
				name: triggerName,
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event, ...triggerParameters },
				credentials,
			},
			{
				id: `${idPrefix}-000000000002`,
				name: then.name,
				type: NODE_TYPE,
				typeVersion: 1,
				position: [260, 0],
				parameters: then.parameters,
				credentials,
			},
		],
		connections: { [triggerName]: { main: [[{ node: then.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

function versionOf(expression) {
	return {
		resource: 'version',
		operation: 'get',
		versionId: { __rl: true, mode: 'id', value: expression },
	};
}

/** A prospect clicks → look the version up: Storydoc Trigger (every minute, clicks) → Version › Get. */
const clickWorkflow = () =>
	pollingWorkflow({
		id: CLICK_WORKFLOW_ID,
		name: 'Storydoc e2e: a prospect clicks → the version',
		idPrefix: 'c0a1e5f2-0006-4b00-9000',
		event: 'click',
		triggerName: 'When a prospect clicks',
		then: { name: 'The version clicked', parameters: versionOf('={{ $json.versionId }}') },
		credential: credentialRef('account'),
	});

/** A prospect opens a proposal for the first time → look the version up: Storydoc Trigger (First View) → Version › Get. */
const firstViewWorkflow = () =>
	pollingWorkflow({
		id: FIRST_VIEW_WORKFLOW_ID,
		name: 'Storydoc e2e: a prospect opens a proposal for the first time → the version',
		idPrefix: 'c0a1e5f2-0007-4b00-9000',
		event: 'firstView',
		triggerName: 'When a proposal is first opened',
		then: { name: 'The version opened', parameters: versionOf('={{ $json.versionId }}') },
		credential: credentialRef('secondKey'),
	});

/** The same workflow with its Storydoc nodes on the bad-token credential, as BAD_TOKEN_WORKFLOW_ID. */
function withBadToken(workflow) {
	const copy = JSON.parse(JSON.stringify(workflow));
	copy.id = BAD_TOKEN_WORKFLOW_ID;
	copy.name = `${workflow.name} (bad token)`;
	for (const node of copy.nodes) {
		if (node.credentials?.storydocApi) node.credentials.storydocApi = credentialRef('badToken');
	}
	return copy;
}

module.exports = {
	BAD_TOKEN_WORKFLOW_ID,
	CLICK_WORKFLOW_ID,
	FIRST_VIEW_WORKFLOW_ID,
	clickWorkflow,
	firstViewWorkflow,
	pollingWorkflow,
	versionOf,
	withBadToken,
};
