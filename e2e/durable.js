'use strict';
/**
 * The click trigger under n8n's durable scheduler (n8n 2.x), across what only the real app does:
 * a stop and restart of n8n between polls, and a republish of the workflow from the editor's REST
 * API while n8n runs. Each scenario adds clicks around the event and checks the workflow looked up
 * each clicked version exactly once.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const { SEED } = require('../sandbox/seed');
const { expect, expectEqual, show } = require('./checks');
const { OWNER } = require('./n8n-app');

/** n8n's durable scheduler for polling triggers (opt-in in n8n 2.41), with cursors kept in its poller state. */
const DURABLE_SCHEDULER_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/** The rows of n8n's poller_state table in a user folder's SQLite database, read with n8n's own sqlite3. */
function pollerStateRows(n8n, userFolder) {
	const database = path.join(userFolder, '.n8n', 'database.sqlite');
	const script = `const sqlite3 = require('sqlite3');
		const db = new sqlite3.Database(${JSON.stringify(database)}, sqlite3.OPEN_READONLY);
		db.all('SELECT * FROM poller_state', (error, rows) => { if (error) throw error; console.log(JSON.stringify(rows)); db.close(); });`;
	const output = execFileSync(n8n.node, ['-e', script], { cwd: n8n.dir }).toString();
	return JSON.parse(output.trim().split('\n').pop());
}

/** The time the click workflow's committed cursor stands at, from its poller_state row. */
function committedCursorTime(n8n, userFolder, workflowId) {
	const row = pollerStateRows(n8n, userFolder).find((r) => r.workflowId === workflowId);
	const timestamp = /"timestamp":"([^"]+)"/.exec(row?.cursor ?? '')?.[1];
	expect(timestamp, `no committed cursor for ${workflowId} in poller_state: ${show(row)}`);
	return timestamp;
}

/**
 * The click workflow's view of the sandbox log from `mark` on (its key is the sandbox's `team`):
 * its answered polls and the versions it looked up (one lookup per emitted click).
 */
function clickWorkflowLog(sandbox, mark) {
	const mine = () => sandbox.log.filter((entry) => entry.token === 'team' && entry.seq > mark);
	return {
		polls: () =>
			mine().filter((entry) => entry.path === '/v2/analytics/events' && entry.status !== null),
		lookedUp: () =>
			mine()
				.filter((entry) => entry.path.startsWith('/v2/versions/'))
				.map((entry) => entry.path.split('/').pop()),
	};
}

const lastSeq = (sandbox) => sandbox.log[sandbox.log.length - 1]?.seq ?? 0;
const click = (versionId, eventName) => ({ versionId, eventCategory: 'click', eventName });

/**
 * n8n stopped after a poll: a click arrives while it is down, n8n starts again. The first poll after
 * the restart reads from the cursor n8n committed (not from the restart), the click is emitted once,
 * and the poll after emits nothing again.
 */
async function restartScenario({ n8n, sandbox, userFolder, workflowId, start, waitFor, pause }) {
	const cursor = committedCursorTime(n8n, userFolder, workflowId);
	const mark = lastSeq(sandbox);
	const [whileDown] = sandbox.addEvents([
		click(SEED.versions.accepted.id, 'CTA click: while n8n was stopped'),
	]);
	const running = await start();
	try {
		const { polls, lookedUp } = clickWorkflowLog(sandbox, mark);
		const first = await waitFor(() => polls()[0], 'the first poll after the restart');
		expectEqual(
			first.query.dateFrom,
			cursor,
			'where the first poll after the restart read from (the cursor committed before the stop)',
		);
		expect(whileDown.timestamp >= cursor, 'the click while stopped is after the committed cursor');
		await waitFor(
			() => lookedUp().length >= 1,
			'the workflow run for the click while stopped',
			30_000,
		);
		await waitFor(() => polls()[1], 'the poll after');
		await pause(2000);
		expectEqual(
			lookedUp(),
			[SEED.versions.accepted.id],
			'the versions looked up after the restart (the click while stopped, once)',
		);
	} finally {
		await running.stop();
	}
}

/**
 * With n8n running, the trigger's schedule is edited (every minute, written the other way) and the
 * workflow published again through the editor's REST API, with a click just before and one just
 * after: n8n re-registers the changed trigger (an activation poll on the kept poller state) and
 * each click is emitted once.
 */
async function republishScenario({ sandbox, workflowId, start, waitFor, pause }) {
	const running = await start();
	try {
		const session = await ownerSession(running.url);
		const mark = lastSeq(sandbox);
		const { polls, lookedUp } = clickWorkflowLog(sandbox, mark);
		const [before] = sandbox.addEvents([
			click(SEED.versions.live.id, 'CTA click: before the republish'),
		]);
		const workflow = await session.request('GET', `/rest/workflows/${workflowId}`);
		const nodes = workflow.nodes.map((node) =>
			node.type.endsWith('.storydocTrigger')
				? {
						...node,
						parameters: {
							...node.parameters,
							pollTimes: { item: [{ mode: 'everyX', value: 1, unit: 'minutes' }] },
						},
					}
				: node,
		);
		const updated = await session.request('PATCH', `/rest/workflows/${workflowId}`, {
			nodes,
			connections: workflow.connections,
			versionId: workflow.versionId,
		});
		expect(updated.versionId !== workflow.versionId, 'the edit made no new workflow version');
		const published = await session.request('POST', `/rest/workflows/${workflowId}/activate`, {
			versionId: updated.versionId,
		});
		expectEqual(published.activeVersionId, updated.versionId, 'the published version');
		const republishedAt = lastSeq(sandbox);
		const [after] = sandbox.addEvents([
			click(SEED.versions.intro.id, 'CTA click: after the republish'),
		]);
		const reading = await waitFor(
			() =>
				polls().find((entry) => entry.seq > republishedAt && entry.query.dateTo >= after.timestamp),
			'a poll after the republish that reads the second click',
		);
		expect(
			polls().every(
				(entry) => entry.query.dateFrom <= before.timestamp || entry.seq >= reading.seq,
			),
			`a poll read from later than the click before the republish: ${show(polls().map((p) => p.query))}`,
		);
		await waitFor(() => lookedUp().length >= 2, 'the workflow runs for the two clicks', 30_000);
		await waitFor(() => polls().find((entry) => entry.seq > reading.seq), 'the poll after');
		await pause(2000);
		expectEqual(
			lookedUp().sort(),
			[SEED.versions.live.id, SEED.versions.intro.id].sort(),
			'the versions looked up around the republish (each click once)',
		);
	} finally {
		await running.stop();
	}
}

/** The owner set up through n8n's REST API, and requests made as the owner (session cookie and browser ID). */
async function ownerSession(baseUrl) {
	const browserId = 'storydoc-e2e';
	let cookie = '';
	async function request(method, route, body) {
		const response = await fetch(`${baseUrl}${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': browserId,
				...(cookie ? { cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		expect(response.ok, `${method} ${route} answered ${response.status}: ${text.slice(0, 500)}`);
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) cookie = setCookie.split(';')[0];
		return JSON.parse(text).data;
	}
	await request('POST', '/rest/owner/setup', OWNER);
	return { request };
}

module.exports = {
	DURABLE_SCHEDULER_ENV,
	clickWorkflowLog,
	lastSeq,
	pollerStateRows,
	republishScenario,
	restartScenario,
};
