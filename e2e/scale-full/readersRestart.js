'use strict';
/**
 * The Storydoc Trigger in queue mode with its main restarted while readers read (./salesTeam.js).
 * The main polls (First View and Reading Session Ended, every minute); workers run what it emits.
 * Two readers open two of the day's new versions and read on, a slide every 20 s; once their first
 * views have been emitted the main stops (SIGTERM, as a deploy stops it) for 30 s, during which a
 * third reader opens a third version; a fourth opens one once the main is back. Everyone reads on,
 * then stops. Returned: every item the two trigger workflows emitted (read from n8n's stored
 * executions) and what each reader did, for the checks: each first view once, each session once, whole.
 */
const fs = require('node:fs');
const path = require('node:path');

const { pause, waitFor: waitUntil } = require('../harness/waiting');
const {
	FIRST_VIEW_TRIGGER,
	FIRST_VIEW_WORKFLOW_ID,
	SESSIONS_TRIGGER,
	SESSIONS_WORKFLOW_ID,
	SESSION_GAP_MINUTES,
} = require('./salesWorkflows');

const READ_EVERY_MS = 20_000;
const MAIN_DOWN_MS = 30_000;
/** How long everyone reads on once the fourth reader has opened their version. */
const READ_ON_AFTER_MS = 40_000;

const waitFor = (find, what, timeoutMs) => waitUntil(find, what, timeoutMs, 1000);

/** Readers who each read one version in one session, a slide at a time. */
function readingRoom(sandbox) {
	const readers = [];
	const read = (reader) => {
		reader.slides++;
		sandbox.addEvents([
			{
				versionId: reader.versionId,
				visitorId: reader.visitorId,
				sessionId: reader.sessionId,
				eventCategory: 'view',
				eventName: `view_slide_${reader.slides}`,
			},
		]);
	};
	const timer = setInterval(() => readers.forEach(read), READ_EVERY_MS);
	return {
		readers,
		open(versionId) {
			const n = readers.length + 1;
			const reader = {
				visitorId: `vis_scale_reader_${n}`,
				sessionId: `scale-session-${n}`,
				versionId,
				slides: 0,
			};
			readers.push(reader);
			read(reader);
		},
		close: () => clearInterval(timer),
	};
}

/** Every item a trigger workflow's successful executions emitted, oldest first. */
function emitted(n8n, cluster, workflowId, triggerName) {
	const { parse } = require(path.join(n8n.dir, 'node_modules', 'flatted'));
	const rows = cluster
		.psql(
			`SELECT d.data FROM execution_data d JOIN execution_entity e ON e.id = d."executionId" WHERE e."workflowId" = '${workflowId}' AND e.status = 'success' ORDER BY e.id`,
		)
		.split('\n')
		.filter(Boolean);
	return rows.flatMap((row) =>
		(parse(row).resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? []).map(
			(item) => item.json,
		),
	);
}

async function readersWithMainRestart({ n8n, sandbox, cluster, versionIds }) {
	const firstViews = () => emitted(n8n, cluster, FIRST_VIEW_WORKFLOW_ID, FIRST_VIEW_TRIGGER);
	const sessions = () => emitted(n8n, cluster, SESSIONS_WORKFLOW_ID, SESSIONS_TRIGGER);
	const room = readingRoom(sandbox);
	try {
		room.open(versionIds[0]);
		room.open(versionIds[1]);
		await waitFor(
			() =>
				versionIds.slice(0, 2).every((id) => firstViews().some((item) => item.versionId === id)),
			'the first two first views emitted',
			4 * 60_000,
		);
		const logFrom = fs.statSync(cluster.mainLog).size;
		const downAt = Date.now();
		await cluster.restartMain(MAIN_DOWN_MS, async () => room.open(versionIds[2]));
		const backAfterSeconds = Math.round((Date.now() - downAt) / 1000);
		room.open(versionIds[3]);
		await pause(READ_ON_AFTER_MS);
		room.close();
		await waitFor(
			() => sessions().length >= room.readers.length,
			`${room.readers.length} sessions emitted (Session Ends After ${SESSION_GAP_MINUTES} min)`,
			(SESSION_GAP_MINUTES + 4) * 60_000,
		).catch((error) => console.log(`scale (full): ${error.message}`));
		// One poll more of each workflow, so that a session or first view emitted twice would show.
		await pause(75_000);
		return {
			readers: room.readers,
			firstViews: firstViews(),
			sessions: sessions(),
			backAfterSeconds,
			cursorLogAfterRestart: fs
				.readFileSync(cluster.mainLog)
				.subarray(logFrom)
				.toString()
				.split('\n')
				.filter((line) => /saved cursor|did not save the cursor/.test(line)),
		};
	} finally {
		room.close();
	}
}

module.exports = { MAIN_DOWN_MS, emitted, readersWithMainRestart };
