'use strict';
/**
 * The data team's PostgreSQL for the warehouse recipe (examples/recipes/postgres-event-sync.json): a
 * cluster of Debian's PostgreSQL started in a folder of its own (as queue mode starts one), the
 * recipe's schema applied as a user runs it, n8n's Postgres credential on it, and what the table and
 * its views hold, read back as JSON.
 */
const { execFileSync, spawn: spawnChild, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { waitFor } = require('../harness/waiting');
const { ensurePackages, startPostgres } = require('../scale/services');

const SCHEMA = path.resolve(
	__dirname,
	'..',
	'..',
	'examples',
	'recipes',
	'postgres-event-sync.sql',
);
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/** A timestamptz column as the API writes timestamps: ISO 8601 UTC with milliseconds. */
const iso = (column) => `to_char("${column}" AT TIME ZONE 'UTC', ${ISO})`;

/** Starts PostgreSQL with the recipe's schema; `stop()` ends it and removes its folder. */
async function startWarehouse() {
	ensurePackages();
	const cleanups = [];
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-warehouse-'));
	const { port } = await startPostgres(cleanups, workDir);
	const connection = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'n8n'];
	// A whole table as one JSON value: more than execFileSync's default 1 MB.
	const psql = (sql) =>
		execFileSync('psql', [...connection, '-v', 'ON_ERROR_STOP=1', '-At', '-c', sql], {
			maxBuffer: 1 << 28,
		}).toString();
	const psqlFile = (file) =>
		execFileSync('psql', [...connection, '-v', 'ON_ERROR_STOP=1', '-q', '-f', file]);
	/** One JSON value from a query that selects one (`[]` for json_agg over no row). */
	const json = (sql) => JSON.parse(psql(sql).trim() || 'null') ?? [];
	const warehouse = {
		port,
		psql,
		applySchema: () => psqlFile(SCHEMA),
		count: () => Number(psql('SELECT count(*) FROM storydoc_events')),
		/** Empties the table (the views follow it). */
		truncate: () => psql('TRUNCATE storydoc_events'),
		/** Every row of the table, its timestamps as the API writes them. */
		events: () =>
			json(`SELECT coalesce(json_agg(row), '[]') FROM (
				SELECT e.*, ${iso('timestamp')} AS "timestamp", ${iso('versionCreatedAt')} AS "versionCreatedAt"
				FROM storydoc_events e) AS row`),
		/** The reading sessions view, its times as the API writes them. */
		sessions: () =>
			json(`SELECT coalesce(json_agg(row), '[]') FROM (
				SELECT s.*, ${iso('startedAt')} AS "startedAt", ${iso('lastEventAt')} AS "lastEventAt"
				FROM storydoc_reading_sessions s) AS row`),
		view: (name) => json(`SELECT coalesce(json_agg(v), '[]') FROM ${name} v`),
		holdWrites: () => holdWrites(connection, psql),
		/** n8n's Postgres credential on this database, as `n8n import:credentials` reads it. */
		credential: ({ id = 'postgresRecipes', name = 'Postgres', user = 'postgres' } = {}) => ({
			id,
			name,
			type: 'postgres',
			data: {
				host: '127.0.0.1',
				port,
				database: 'n8n',
				user,
				password: '',
				ssl: 'disable',
				allowUnauthorizedCerts: false,
			},
		}),
		async stop() {
			for (const cleanup of cleanups.reverse()) await cleanup();
			fs.rmSync(workDir, { recursive: true, force: true });
		},
	};
	return warehouse;
}

/**
 * Holds every write to the table (another session's lock) until `release()`: a write that comes
 * meanwhile waits in PostgreSQL, as a large window's statement would be under way.
 */
function holdWrites(connection, psql) {
	const holder = spawnChild('psql', [...connection, '-v', 'ON_ERROR_STOP=1', '-q'], {
		stdio: ['pipe', 'ignore', 'inherit'],
	});
	holder.stdin.write('BEGIN; LOCK TABLE storydoc_events IN ACCESS EXCLUSIVE MODE;\n');
	return {
		/** How many writes to the table wait for the lock. */
		waiting: () =>
			Number(
				psql(`SELECT count(*) FROM pg_stat_activity
						WHERE wait_event_type = 'Lock' AND query ILIKE '%INSERT INTO%storydoc_events%'`),
			),
		/** Writes under way: waiting or running. */
		underWay: () =>
			Number(
				psql(`SELECT count(*) FROM pg_stat_activity
						WHERE state <> 'idle' AND query ILIKE '%INSERT INTO%storydoc_events%'
						AND pid <> pg_backend_pid()`),
			),
		release: () =>
			new Promise((resolve) => {
				holder.on('close', resolve);
				holder.stdin.end('ROLLBACK;\n');
			}),
	};
}

/**
 * The workflow published as n8n 2.x runs it for a schedule or `n8n execute`: the CLI's
 * publish:workflow marks the version, and n8n's publication service writes it where a sub-workflow
 * call reads it (workflow_published_version) once n8n starts; a user publishing in the editor has
 * n8n running. So: publish, start n8n until that row is written, stop. Read with Node 24's
 * node:sqlite (n8n 2.x's own Node). n8n 1.x calls the stored workflow: nothing to wait for.
 */
async function publishForExecute(app, workflowId) {
	if (app.n8n.major < 2) return;
	const running = await app.start();
	const database = path.join(app.userFolder, '.n8n', 'database.sqlite');
	const script = `const { DatabaseSync } = require('node:sqlite');
		const db = new DatabaseSync(process.argv[1], { readOnly: true });
		const row = db.prepare('SELECT workflowId FROM workflow_published_version WHERE workflowId = ?').get(process.argv[2]);
		process.stdout.write(row ? 'yes' : 'no');`;
	await waitFor(
		() =>
			spawnSync(app.n8n.node, ['-e', script, database, workflowId], {
				encoding: 'utf8',
			}).stdout === 'yes',
		`n8n's publication of ${workflowId}`,
		60_000,
		500,
	);
	await running.stop();
}

module.exports = { publishForExecute, startWarehouse };
