'use strict';
/** n8n's durable scheduler for polling triggers (n8n 2.x): its settings, and the cursors it commits. */
const { ensure, show } = require('../../scripts/lib/assertions');
const { databaseRows } = require('../harness/n8nDatabase');

/** n8n's durable scheduler for polling triggers (opt-in in n8n 2.41), with cursors kept in its poller state. */
const DURABLE_SCHEDULER_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/** The rows of n8n's poller_state table. */
const pollerStateRows = (n8n, userFolder) =>
	databaseRows(n8n, userFolder, 'SELECT * FROM poller_state');

/**
 * The durable scheduler's tasks (scheduled_task rows: one per poll time of a Poll Times entry) of a
 * workflow's poll triggers, oldest poll time first; their times (`scheduledFor`, `startedAt`,
 * `finishedAt`) as Dates, from SQLite's UTC text.
 */
function scheduledPollTasks(n8n, userFolder, workflowId) {
	const time = (text) => (text ? new Date(`${text.replace(' ', 'T')}Z`) : null);
	return databaseRows(n8n, userFolder, 'SELECT * FROM scheduled_task ORDER BY scheduledFor')
		.filter((row) => JSON.parse(row.payload).workflowId === workflowId)
		.map((row) => ({
			...row,
			scheduledFor: time(row.scheduledFor),
			startedAt: time(row.startedAt),
			finishedAt: time(row.finishedAt),
		}));
}

/** The time the click workflow's committed cursor stands at, from its poller_state row. */
function committedCursorTime(n8n, userFolder, workflowId) {
	const row = pollerStateRows(n8n, userFolder).find((r) => r.workflowId === workflowId);
	const timestamp = /"timestamp":"([^"]+)"/.exec(row?.cursor ?? '')?.[1];
	ensure(timestamp, `no committed cursor for ${workflowId} in poller_state: ${show(row)}`);
	return timestamp;
}

module.exports = {
	DURABLE_SCHEDULER_ENV,
	committedCursorTime,
	pollerStateRows,
	scheduledPollTasks,
};
