'use strict';
/**
 * Queue mode's load and workflows: 10 webhook calls at once with 28 deals each into Webhook → Split
 * Out → Version › Create, and a Storydoc Trigger workflow (every minute, clicks → Story › Get) on a
 * second key, so the sandbox's log tells its requests apart.
 */
const { SEED } = require('../../sandbox/seed');
const { NODE_TYPE } = require('../n8n-app');
const { pollingWorkflow } = require('../harness/workflows');

const LIMIT = { max: 150, windowMs: 60_000 };
const CALLS = 10;
// 280: two windows less the few slots two workers sharing a window leave unused (Design notes › pacing).
const DEALS_PER_CALL = 28;
const VERSIONS = CALLS * DEALS_PER_CALL;
const WORKERS = 2;
const WORKER_CONCURRENCY = 5;
const GOAL_RATIO = 1.15;
const WEBHOOK_PATH = 'storydoc-scale-deals';
const CREATE_WORKFLOW_ID = 'sdScaleCreate';
const TRIGGER_WORKFLOW_ID = 'sdScaleTrigger';
const CREATE_CREDENTIAL_ID = 'storydocScale';
/** The trigger uses a second key of the organization, so the sandbox's log tells its requests apart. */
const TRIGGER_CREDENTIAL_ID = 'storydocScaleTrigger';

function createWorkflow() {
	const credentials = { storydocApi: { id: CREATE_CREDENTIAL_ID, name: 'Storydoc (scale)' } };
	return {
		id: CREATE_WORKFLOW_ID,
		name: 'Storydoc scale: deals by webhook → Create Version each',
		nodes: [
			{
				id: 'd1a7e5f2-0001-4b00-9000-000000000001',
				name: 'Deals arrive',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'd1a7e5f2-0001-4b00-9000-0000000000aa',
				parameters: {
					httpMethod: 'POST',
					path: WEBHOOK_PATH,
					responseMode: 'onReceived',
					options: {},
				},
			},
			{
				id: 'd1a7e5f2-0001-4b00-9000-000000000002',
				name: 'One item per deal',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.deals', include: 'noOtherFields', options: {} },
			},
			{
				id: 'd1a7e5f2-0001-4b00-9000-000000000003',
				name: 'Create personalized version',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [440, 0],
				parameters: {
					resource: 'version',
					operation: 'create',
					storyId: { __rl: true, mode: 'id', value: SEED.stories.proposal.id },
					senderEmail: SEED.users.sam.email,
					title: '=Proposal for {{ $json.company }} ({{ $json.dealId }})',
					variables: {
						mappingMode: 'autoMapInputData',
						value: null,
						matchingColumns: [],
						schema: [],
					},
					additionalFields: {},
				},
				credentials,
			},
		],
		connections: {
			'Deals arrive': { main: [[{ node: 'One item per deal', type: 'main', index: 0 }]] },
			'One item per deal': {
				main: [[{ node: 'Create personalized version', type: 'main', index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}

const triggerWorkflow = () =>
	pollingWorkflow({
		id: TRIGGER_WORKFLOW_ID,
		name: 'Storydoc scale: a prospect clicks → the story',
		idPrefix: 'd1a7e5f2-0002-4b00-9000',
		event: 'click',
		triggerName: 'When a prospect clicks',
		// A story read (not a version endpoint, so it leaves the version limit to the creates).
		then: {
			name: 'The story clicked',
			parameters: {
				resource: 'story',
				operation: 'get',
				storyId: { __rl: true, mode: 'id', value: '={{ $json.storyId }}' },
			},
		},
		credential: { id: TRIGGER_CREDENTIAL_ID, name: 'Storydoc (scale trigger)' },
	});

const dealsOf = (call) =>
	Array.from({ length: DEALS_PER_CALL }, (_, index) => ({
		dealId: `D-${call}-${index}`,
		company: `Company ${call}-${index}`,
		first_name: 'Alex',
	}));

module.exports = {
	CALLS,
	CREATE_CREDENTIAL_ID,
	CREATE_WORKFLOW_ID,
	DEALS_PER_CALL,
	GOAL_RATIO,
	LIMIT,
	TRIGGER_CREDENTIAL_ID,
	TRIGGER_WORKFLOW_ID,
	VERSIONS,
	WEBHOOK_PATH,
	WORKERS,
	WORKER_CONCURRENCY,
	createWorkflow,
	dealsOf,
	triggerWorkflow,
};
