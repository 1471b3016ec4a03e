'use strict';
/**
 * bench:warehouse's floor: what any client must spend to copy the events into PostgreSQL. Each
 * 92-day window's pages read with plain `fetch` and the node's page concurrency (as bench:analytics'
 * floor reads them), then every event written with one `COPY … FROM STDIN` through psql: no n8n, no
 * key digest (an event without an `eventId` is keyed by its place), nothing checked.
 */
const { spawn } = require('node:child_process');
const { once } = require('node:events');

const { EVENT_COLUMNS } = require('../../e2e/warehouse/dataTables');
const { readAtTheFloor } = require('../analytics/floor');

const FLOOR_TABLE = 'storydoc_events_floor';

/** A CSV field as COPY reads it: NULL unquoted and empty, anything else quoted. */
const csvField = (value) =>
	value === null || value === undefined ? '' : `"${String(value).replace(/"/g, '""')}"`;

/** One COPY of `rows` (events; `offset`: how many came before) into the floor's table, through psql. */
async function copyInto(connection, rows, offset) {
	const columns = EVENT_COLUMNS.map(([name]) => `"${name}"`).join(', ');
	const psql = spawn(
		'psql',
		[
			...connection,
			'-v',
			'ON_ERROR_STOP=1',
			'-q',
			'-c',
			`COPY ${FLOOR_TABLE} (${columns}) FROM STDIN WITH (FORMAT csv)`,
		],
		{ stdio: ['pipe', 'ignore', 'inherit'] },
	);
	const lines = rows.map(
		(event, index) =>
			`${EVENT_COLUMNS.map(([name]) =>
				csvField(name === 'eventKey' ? (event.eventId ?? `row ${offset + index}`) : event[name]),
			).join(',')}\n`,
	);
	psql.stdin.end(lines.join(''));
	const [code] = await once(psql, 'close');
	if (code !== 0) throw new Error(`the floor's COPY exited ${code}`);
}

/**
 * Reads `windows` ({ from, to }) from the sandbox and copies their events into the floor's table,
 * made empty first; resolves with { ms, events }.
 */
async function copyAtTheFloor({ warehouse, url, token, concurrency, windows }) {
	warehouse.psql(
		`CREATE TABLE IF NOT EXISTS ${FLOOR_TABLE} (LIKE storydoc_events INCLUDING ALL); TRUNCATE ${FLOOR_TABLE}`,
	);
	const connection = [
		'-h',
		'127.0.0.1',
		'-p',
		String(warehouse.port),
		'-U',
		'postgres',
		'-d',
		'n8n',
	];
	const started = performance.now();
	let events = 0;
	for (const { from, to } of windows) {
		const items = await readAtTheFloor({ url, token, dateFrom: from, dateTo: to, concurrency });
		await copyInto(
			connection,
			items.map((item) => item.json),
			events,
		);
		events += items.length;
	}
	return { ms: performance.now() - started, events };
}

module.exports = { FLOOR_TABLE, copyAtTheFloor };
