'use strict';
/**
 * A user folder's n8n SQLite database, read and written as a test needs to, with n8n's own sqlite3
 * (built for the app's Node) in a process on that Node: the scheduler's tasks, the poller's state,
 * a Data Table's rows.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

/**
 * How long a read or write waits for n8n's own write to end: SQLite answers SQLITE_BUSY at once
 * otherwise (n8n 1.x's default driver keeps a rollback journal, where a commit locks readers out).
 */
const BUSY_TIMEOUT_MS = 30_000;

const databaseFile = (userFolder) => path.join(userFolder, '.n8n', 'database.sqlite');

/** Runs `script` on the app's Node with the database's path as its argument; its output. */
const onAppNode = (n8n, userFolder, script, ...args) =>
	execFileSync(n8n.node, ['-e', script, databaseFile(userFolder), ...args], {
		cwd: n8n.dir,
		// A whole table as JSON: more than execFileSync's default 1 MB.
		maxBuffer: 1 << 28,
	}).toString();

/** The rows `sql` selects, read-only. */
function databaseRows(n8n, userFolder, sql) {
	const script = `const sqlite3 = require('sqlite3');
		const db = new sqlite3.Database(process.argv[1], sqlite3.OPEN_READONLY);
		db.configure('busyTimeout', ${BUSY_TIMEOUT_MS});
		db.all(process.argv[2], (error, rows) => { if (error) throw error; console.log(JSON.stringify(rows)); db.close(); });`;
	return JSON.parse(onAppNode(n8n, userFolder, script, sql).trim().split('\n').pop());
}

/** Runs `sql` (statements), as SQLite lets one writer in between n8n's own writes. */
function databaseExec(n8n, userFolder, sql) {
	const script = `const sqlite3 = require('sqlite3');
		const db = new sqlite3.Database(process.argv[1]);
		db.configure('busyTimeout', ${BUSY_TIMEOUT_MS});
		db.exec(process.argv[2], (error) => { if (error) throw error; db.close(); });`;
	onAppNode(n8n, userFolder, script, sql);
}

module.exports = { databaseExec, databaseRows };
