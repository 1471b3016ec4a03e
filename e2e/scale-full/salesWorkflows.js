'use strict';
/**
 * The sales team's workflows for the full queue-mode run (./salesTeam.js): the webhook create workflow
 * of `npm run test:scale` (../scale/workflows.js), a Schedule Trigger run that brings 500 deals at
 * once, and two Storydoc Trigger workflows on the main (First View, Reading Session Ended), on a second
 * key of the organization.
 */
const { SEED } = require('../../sandbox/seed');
const { NODE_TYPE } = require('../n8n-app');
const { pollingWorkflow, versionOf } = require('../harness/workflows');
const {
	CREATE_CREDENTIAL_ID,
	TRIGGER_CREDENTIAL_ID,
	createWorkflow,
} = require('../scale/workflows');

const SCHEDULE_WORKFLOW_ID = 'sdScaleSchedule';
const FIRST_VIEW_WORKFLOW_ID = 'sdScaleFirstView';
const SESSIONS_WORKFLOW_ID = 'sdScaleSessions';
/** The trigger workflows' Session Ends After: the shortest the node allows, so the run takes minutes. */
const SESSION_GAP_MINUTES = 1;
const FIRST_VIEW_TRIGGER = 'When a proposal is first opened';
const SESSIONS_TRIGGER = 'When a reader finishes';

/**
 * Schedule Trigger (once, at `at`: a cron expression to the second, in UTC) → 500 deals (Edit Fields,
 * standing in for a CRM's list) → one item per deal → Create Version, titled as the webhook's are.
 */
function scheduleWorkflow(at, deals) {
	const create = createWorkflow().nodes.find((node) => node.type === NODE_TYPE);
	const cron = `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} * * *`;
	return {
		id: SCHEDULE_WORKFLOW_ID,
		name: 'Storydoc scale: the day’s deals on a schedule → Create Version each',
		nodes: [
			{
				id: 'd1a7e5f2-0003-4b00-9000-000000000001',
				name: 'Every day',
				type: 'n8n-nodes-base.scheduleTrigger',
				typeVersion: 1.2,
				position: [0, 0],
				parameters: { rule: { interval: [{ field: 'cronExpression', expression: cron }] } },
			},
			{
				id: 'd1a7e5f2-0003-4b00-9000-000000000002',
				name: 'The day’s deals',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{
								id: 'd1a7e5f2-0003-4b00-9000-0000000000a1',
								name: 'deals',
								type: 'array',
								value: `={{ Array.from({ length: ${deals} }).map((_, i) => ({ dealId: 'S-' + i, company: 'Company S-' + i, first_name: 'Alex' })) }}`,
							},
						],
					},
					options: {},
				},
			},
			{
				id: 'd1a7e5f2-0003-4b00-9000-000000000003',
				name: 'One item per deal',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [440, 0],
				parameters: { fieldToSplitOut: 'deals', include: 'noOtherFields', options: {} },
			},
			{ ...create, id: 'd1a7e5f2-0003-4b00-9000-000000000004', position: [660, 0] },
		],
		connections: {
			'Every day': { main: [[{ node: 'The day’s deals', type: 'main', index: 0 }]] },
			'The day’s deals': { main: [[{ node: 'One item per deal', type: 'main', index: 0 }]] },
			'One item per deal': { main: [[{ node: create.name, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1', timezone: 'UTC' },
	};
}

const triggerCredential = { id: TRIGGER_CREDENTIAL_ID, name: 'Storydoc (scale trigger)' };

/** A proposal opened for the first time → the version (Storydoc Trigger, First View, every minute). */
const firstViewWorkflow = () =>
	pollingWorkflow({
		id: FIRST_VIEW_WORKFLOW_ID,
		name: 'Storydoc scale: a proposal opened for the first time → the version',
		idPrefix: 'd1a7e5f2-0004-4b00-9000',
		event: 'firstView',
		triggerName: FIRST_VIEW_TRIGGER,
		then: { name: 'The version opened', parameters: versionOf('={{ $json.versionId }}') },
		credential: triggerCredential,
	});

/** A reader finished (Session Ends After 1 minute) → the version (Storydoc Trigger, every minute). */
const sessionsWorkflow = () =>
	pollingWorkflow({
		id: SESSIONS_WORKFLOW_ID,
		name: 'Storydoc scale: a reader finished → the version',
		idPrefix: 'd1a7e5f2-0005-4b00-9000',
		event: 'sessionEnded',
		triggerParameters: { sessionGapMinutes: SESSION_GAP_MINUTES },
		triggerName: SESSIONS_TRIGGER,
		then: { name: 'The version read', parameters: versionOf('={{ $json.versionId }}') },
		credential: triggerCredential,
	});

/** The seeded versions' IDs: what the sandbox held before any deal. */
const seededVersionIds = () => new Set(Object.values(SEED.versions).map((version) => version.id));

module.exports = {
	CREATE_CREDENTIAL_ID,
	FIRST_VIEW_TRIGGER,
	FIRST_VIEW_WORKFLOW_ID,
	SCHEDULE_WORKFLOW_ID,
	SESSIONS_TRIGGER,
	SESSIONS_WORKFLOW_ID,
	SESSION_GAP_MINUTES,
	firstViewWorkflow,
	scheduleWorkflow,
	seededVersionIds,
	sessionsWorkflow,
};
