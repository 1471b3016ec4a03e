'use strict';
/**
 * Engagement triggers in `n8n start`, three workflows side by side: Returning Reader (version A) and
 * New Reader on a Version (version B) on the main key, Reading Session Ended (version C, Session Ends
 * After 2 minutes) on a second key so that the sandbox's log tells its requests apart. Each workflow
 * looks its version up only when the item holds what was read, so the log shows that it was emitted,
 * how often, and that it was right. Beside them the example examples/reading-session-note.json, active
 * (Session Ends After 2 minutes and a poll every minute, so that it takes minutes): its notes, read
 * from n8n's executions, are checked as its file in scripts/examples/ says. n8n is stopped in the
 * middle of a reading session and started again: the session comes once, whole. About 8 minutes.
 */
const fs = require('node:fs');
const { SEED } = require('../../sandbox/seed');
const { loadExamples } = require('../../scripts/examples');
const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { credentialRef } = require('../harness/credentials');
const { pause } = require('../harness/waiting');
const { pollingWorkflow, versionOf } = require('../harness/workflows');
const { scheduledPollTasks } = require('./durableScheduler');
const { executionOutputs } = require('./executions');
const { clickWorkflowLog, lastSeq, pollQueries, waitFor } = require('./pollLog');

const A = SEED.versions.live.id;
const B = SEED.versions.accepted.id;
const C = SEED.versions.edited.id;
const GAP_MINUTES = 2;
/** How often Dora reads a slide while the scenario waits with her session open: well inside the gap. */
const READS_ON_EVERY_MS = 30_000;
const DAY_MS = 86_400_000;
const CLICK = 'CTA click: Book a meeting';
/** What a workflow looks up when its item is not what was read: a version ID that does not exist (404). */
const WRONG = '65e000000000000000000bad';

const onVersion = (versionId) => ({
	filters: { versionId: { __rl: true, mode: 'id', value: versionId } },
});

/** @param {number} readersOfB how many readers version B has once Carl opens it */
// Workflow IDs of at most 16 characters: n8n 1.x saves a trigger's static data only for such IDs.
const workflows = (readersOfB) => [
	pollingWorkflow({
		id: 'sdE2eReturning',
		name: 'Storydoc e2e: a reader comes back → the version',
		idPrefix: 'c0a1e5f2-0010-4b00-9000',
		event: 'returningReader',
		triggerParameters: onVersion(A),
		triggerName: 'When a reader comes back',
		then: {
			name: 'The version read again',
			parameters: versionOf(
				`={{ $json.visitorId === 'vis_e2e_anna' && $json.readerSession === 2 ? $json.versionId : '${WRONG}' }}`,
			),
		},
		credential: credentialRef('account'),
	}),
	pollingWorkflow({
		id: 'sdE2eNewReader',
		name: 'Storydoc e2e: someone new reads a version → the version',
		idPrefix: 'c0a1e5f2-0011-4b00-9000',
		event: 'newReader',
		triggerParameters: onVersion(B),
		triggerName: 'When someone new reads',
		then: {
			name: 'The version shared',
			parameters: versionOf(
				`={{ $json.visitorId === 'vis_e2e_carl' && $json.versionReaders === ${readersOfB} ? $json.versionId : '${WRONG}' }}`,
			),
		},
		credential: credentialRef('account'),
	}),
	pollingWorkflow({
		id: 'sdE2eSessions',
		name: 'Storydoc e2e: a reading session ended → its version',
		idPrefix: 'c0a1e5f2-0009-4b00-9000',
		event: 'sessionEnded',
		triggerParameters: { ...onVersion(C), sessionGapMinutes: GAP_MINUTES },
		triggerName: 'When a reader finishes',
		then: {
			name: 'The version read',
			// Yann's one view; Dora's slides from 1 on, each once (nothing lost or doubled), and a click.
			parameters: versionOf(
				`={{ ($json.visitorId === 'vis_e2e_yann' ? $json.views === 1 : $json.visitorId === 'vis_e2e_dora' && $json.clicks === 1 && $json.actionsClicked.join() === '${CLICK}' && $json.slidesViewed[0] === 1 && $json.slidesViewed.length >= 2 && $json.views === $json.slidesViewed.length) && !$json.mayBeOngoing ? $json.versionId : '${WRONG}' }}`,
			),
		},
		credential: credentialRef('secondKey'),
	}),
];

/** The trigger example as filed, but polling every minute with Session Ends After 2 minutes. */
function noteExample() {
	const example = loadExamples().get('reading-session-note');
	const workflow = structuredClone(example.workflow);
	const trigger = workflow.nodes.find((node) => node.name === example.startNode);
	trigger.parameters.pollTimes = { item: [{ mode: 'everyMinute' }] };
	trigger.parameters.sessionGapMinutes = GAP_MINUTES;
	return { example, workflow };
}

/** A reader's view of a version (a partial event for the sandbox). */
const event = (versionId, visitorId, sessionId, fields = {}) => ({
	versionId,
	visitorId,
	sessionId,
	eventCategory: 'view',
	eventName: 'view_slide_1',
	...fields,
});

/** History before activation, the four workflows imported and active: what the scenario starts from. */
async function setUp(app) {
	const { sandbox } = app;
	const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString();
	sandbox.addEvents([
		event(A, 'vis_e2e_anna', 'anna-1', { timestamp: twoDaysAgo }),
		event(B, 'vis_e2e_bob', 'bob-1', { timestamp: twoDaysAgo }),
	]);
	const note = noteExample();
	await app.importCredentials(['account', 'secondKey']);
	// B's seeded readers and Bob, then Carl.
	const seeded = new Set(
		sandbox.state.events.filter((e) => e.versionId === B && e.visitorId).map((e) => e.visitorId),
	);
	await app.cli.importAndActivate([...workflows(seeded.size + 1), note.workflow]);
	sandbox.clearLog();
	return note;
}

/** What the sandbox's log shows of the workflows: on the main key the readers', on the second the sessions'. */
function logOf(sandbox) {
	const readers = clickWorkflowLog(sandbox, 0, 'team');
	const sessions = clickWorkflowLog(sandbox, 0, 'admin');
	/** Until a poll of the session workflow has read `added`. */
	const readBy = async (added, what) => {
		const mark = lastSeq(sandbox);
		await waitFor(
			() =>
				sessions.polls().find((entry) => entry.seq > mark && entry.query.dateTo >= added.timestamp),
			() => `a poll that reads ${what} (polls: ${show(pollQueries(sessions.polls()))})`,
		);
	};
	return { readers, sessions, readBy };
}

/** The example's polls: on the main key, the only workflow there without a version filter. */
const notePolls = (sandbox) =>
	clickWorkflowLog(sandbox, 0, 'team')
		.polls()
		.filter((entry) => !entry.query.versionId);

/** Under the durable scheduler, what it held of the example's poll tasks (for a failure message). */
function scheduledTasksOf(app, workflowId) {
	if (!app.env?.N8N_SCHEDULER_POLL_TRIGGERS_ENABLED) return '';
	try {
		const tasks = scheduledPollTasks(app.n8n, app.userFolder, workflowId).map(
			({ scheduledFor, startedAt, finishedAt }) => ({ scheduledFor, startedAt, finishedAt }),
		);
		return `; its scheduled tasks: ${show(tasks)}`;
	} catch (error) {
		return `; its scheduled tasks unread (${error.message})`;
	}
}

/** The last lines of n8n's log that speak of an error (for a failure message). */
function n8nLogErrors(app) {
	const logFile = app.startLogFile();
	if (!fs.existsSync(logFile)) return '';
	const lines = fs.readFileSync(logFile, 'utf8').split('\n');
	return `; n8n's log: ${show(lines.filter((line) => /error|fail|crash/i.test(line)).slice(-10))}`;
}

/**
 * Dora reads her next slide every half minute until `stop()`, from her first slide to her click: her
 * session must not end before the click, however long a wait of the scenario or of the shared app's
 * restart takes (twice, on 1.123.81 under CI's load, it came in two pieces while she read nothing).
 */
function doraReadsOn(sandbox) {
	let slide = 1;
	const timer = setInterval(() => {
		slide++;
		sandbox.addEvents([event(C, 'vis_e2e_dora', 'dora-1', { eventName: `view_slide_${slide}` })]);
	}, READS_ON_EVERY_MS);
	return { stop: () => clearInterval(timer) };
}

/** Anna comes back to A, Carl opens B, Yann and Dora open C; Dora reads on until Yann's session is out. */
async function readersAndAFirstSession(sandbox, { readers, sessions, readBy }) {
	const [, , , dora] = sandbox.addEvents([
		event(A, 'vis_e2e_anna', 'anna-2'),
		event(B, 'vis_e2e_carl', 'carl-1'),
		event(C, 'vis_e2e_yann', 'yann-1'),
		event(C, 'vis_e2e_dora', 'dora-1'),
	]);
	const reading = doraReadsOn(sandbox);
	try {
		await readBy(dora, "Dora's first slide");
		await waitFor(() => readers.lookedUp().length >= 2, 'the returning and the new reader');
		await waitFor(
			() => sessions.lookedUp().length,
			() => `Yann's session (polls: ${show(pollQueries(sessions.polls()))})`,
			GAP_MINUTES * 60_000 + 180_000,
		);
		// The lookups of one run's items come together: a piece of Dora's emitted with Yann's would be here.
		await pause(3000);
		expectEqual(sessions.lookedUp(), [C], "Yann's session, emitted while Dora's goes on");
		return reading;
	} catch (error) {
		reading.stop();
		throw error;
	}
}

/** @param {ReturnType<import('../harness/useApp').useApp>} app */
async function engagementScenario(app) {
	const { sandbox } = app;
	const note = await setUp(app);
	let running = await app.start();
	let stopReading = () => undefined;
	try {
		const owner = await app.ownerSession(running.url);
		const notes = () => executionOutputs(owner, app.n8n, note.workflow.id);
		const log = logOf(sandbox);
		const { readers, sessions, readBy } = log;
		await waitFor(
			() => sessions.polls()[0] && readers.polls().length >= 3,
			'the four activation polls',
		);
		const reading = await readersAndAFirstSession(sandbox, log);
		stopReading = reading.stop;

		// n8n stops in the middle of Dora's session, once the runs that emitted Yann's have ended (with the
		// default scheduler n8n saves a trigger's state only with a run).
		let runs = [];
		await waitFor(
			async () => {
				const found = await notes();
				runs = found.runs;
				return found.count > 0;
			},
			() =>
				`the example's first notes (its executions: ${show(runs)}; its polls: ${show(pollQueries(notePolls(sandbox)))}${scheduledTasksOf(app, note.workflow.id)}${n8nLogErrors(app)})`,
		);
		await pause(3000);
		let click;
		// Sharing n8n with other scenarios, the restart may wait for them: Dora reads on until her click.
		running = await app.restart(running, () => {
			reading.stop();
			[click] = sandbox.addEvents([
				event(C, 'vis_e2e_dora', 'dora-1', { eventCategory: 'click', eventName: CLICK }),
			]);
		});
		await app.ownerSession(running.url);
		await readBy(click, "Dora's click, made while n8n was stopped");
		await waitFor(
			() => sessions.lookedUp().length >= 2,
			() => `Dora's session (polls: ${show(pollQueries(sessions.polls()))})`,
			GAP_MINUTES * 60_000 + 90_000,
		);
		const mark = lastSeq(sandbox);
		await waitFor(() => sessions.polls().find((entry) => entry.seq > mark), 'the poll after');
		await pause(2000);
		await expectEachOnce(app, log, note, await notes());
	} finally {
		stopReading();
		await running.stop();
	}
}

/** Each workflow's items: once each, whole, and the example's notes as its definition says. */
async function expectEachOnce(app, { readers, sessions }, note, { outputs }) {
	// The example's trigger emits the same sessions unfiltered: what Dora's held, if hers missed a check.
	const dorasAsEmitted = outputs[note.example.startNode]
		.filter((item) => item.json.visitorId === 'vis_e2e_dora')
		.map(({ json }) => {
			const { views, clicks, actionsClicked, slidesViewed, mayBeOngoing } = json;
			return { views, clicks, actionsClicked, slidesViewed, mayBeOngoing };
		});
	expectEqual(
		sessions.lookedUp(),
		[C, C],
		`the sessions emitted (Yann's, then Dora's across the restart, each once and whole; Dora's as the example's trigger emitted them: ${show(dorasAsEmitted)})`,
	);
	expectEqual(
		[...readers.lookedUp()].sort(),
		[A, B].sort(),
		'the returning reader and the new reader, each once',
	);
	expectEqual(
		outputs[note.example.startNode].map((item) => item.json.visitorId).sort(),
		['vis_e2e_anna', 'vis_e2e_carl', 'vis_e2e_dora', 'vis_e2e_yann'],
		"the sessions the example's trigger emitted (each once)",
	);
	await note.example.check({
		outputs,
		sandbox: app.client,
		workflow: note.workflow,
		expectEqual,
		expect: ensure,
		scheduled: true,
	});
}

module.exports = { engagementScenario, readerView: event };
