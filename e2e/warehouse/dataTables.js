'use strict';
/**
 * n8n's Data Tables for the Data Table recipe (examples/recipes/data-table-event-sync.json): the two
 * tables its Set up note asks for, made through n8n's REST API as the editor makes them (Overview ›
 * Data tables › Create), and their rows read back from n8n's own SQLite database.
 */
const { databaseExec, databaseRows } = require('../harness/n8nDatabase');

/** The events table's columns: Get Events' Raw Events fields (docs/analytics.md lists them). */
const EVENT_COLUMNS = [
	['eventKey', 'string'],
	['eventId', 'string'],
	['sessionId', 'string'],
	['visitorId', 'string'],
	['timestamp', 'date'],
	['storyId', 'string'],
	['storyTitle', 'string'],
	['versionId', 'string'],
	['versionTitle', 'string'],
	['versionCreatedAt', 'date'],
	['prospectName', 'string'],
	['prospectEmail', 'string'],
	['prospectPosition', 'string'],
	['eventName', 'string'],
	['eventCategory', 'string'],
	['deviceType', 'string'],
	['deviceTypeName', 'string'],
	['eventUrl', 'string'],
	['locationCity', 'string'],
	['locationLatitude', 'number'],
	['locationLongitude', 'number'],
];
const STATE_COLUMNS = [
	['name', 'string'],
	['loadedTo', 'date'],
];

/**
 * Makes `storydoc_events` and `storydoc_sync_state` in the owner's personal project of a running
 * n8n (`owner`: its ownerSession); resolves with their IDs by name.
 */
async function createDataTables(owner) {
	const project = await owner.request('GET', '/rest/projects/personal');
	const ids = {};
	for (const [name, columns] of [
		['storydoc_events', EVENT_COLUMNS],
		['storydoc_sync_state', STATE_COLUMNS],
	]) {
		const table = await owner.request('POST', `/rest/projects/${project.id}/data-tables`, {
			name,
			columns: columns.map(([column, type]) => ({ name: column, type })),
		});
		ids[name] = table.id;
	}
	return ids;
}

/** A Data Table's rows as n8n keeps them (its SQLite table), without n8n's own columns. */
function dataTableRows(app, id) {
	const rows = databaseRows(app.n8n, app.userFolder, `SELECT * FROM data_table_user_${id}`);
	return rows.map(({ id: _id, createdAt: _created, updatedAt: _updated, ...row }) => row);
}

/** Empties Data Tables, as a user's Delete rows of every row would (n8n may be running). */
function emptyDataTables(app, ids) {
	const sql = ids.map((id) => `DELETE FROM data_table_user_${id};`).join(' ');
	databaseExec(app.n8n, app.userFolder, sql);
}

module.exports = { EVENT_COLUMNS, STATE_COLUMNS, createDataTables, dataTableRows, emptyDataTables };
