'use strict';
/**
 * What the warehouse scenario compares the table's views with: Get Events' Summary per Reading
 * Session and Summary per Story over the whole history, in one workflow run in the same app.
 */
const { credentialRef } = require('../harness/credentials');
const { NODE_TYPE } = require('../n8n-app');

const SESSIONS_CHECK_ID = 'sdE2eWhSessions';

/** Get Events › Summary per Reading Session over the whole history: what the sessions view must equal. */
const sessionsCheck = {
	id: SESSIONS_CHECK_ID,
	name: 'Summary per Reading Session of the whole history',
	nodes: [
		{
			id: 'wh-check-000000000001',
			name: 'Run',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'wh-check-000000000002',
			name: 'Sessions',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [260, 0],
			parameters: {
				resource: 'analytics',
				operation: 'getEvents',
				dateFrom: '={{ $now.minus({ days: 400 }).toISO() }}',
				dateTo: '={{ $now.toISO() }}',
				output: 'readingSessions',
			},
			credentials: { storydocApi: credentialRef('account') },
		},
		{
			id: 'wh-check-000000000003',
			name: 'Stories',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [260, 200],
			parameters: {
				resource: 'analytics',
				operation: 'getEvents',
				dateFrom: '={{ $now.minus({ days: 400 }).toISO() }}',
				dateTo: '={{ $now.toISO() }}',
				output: 'storySummary',
			},
			credentials: { storydocApi: credentialRef('account') },
		},
	],
	connections: {
		Run: {
			main: [
				[
					{ node: 'Sessions', type: 'main', index: 0 },
					{ node: 'Stories', type: 'main', index: 0 },
				],
			],
		},
	},
	// The views count weeks in UTC, as filed.
	settings: { executionOrder: 'v1', timezone: 'UTC' },
};

module.exports = { SESSIONS_CHECK_ID, sessionsCheck };
