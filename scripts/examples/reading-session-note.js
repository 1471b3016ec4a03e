'use strict';
/**
 * examples/reading-session-note.json: how to run it, what a correct run looks like and what the demo
 * prints. The demo and the engine tests run it as the editor's Execute Workflow does (the trigger's
 * Fetch Test Event: the visit of the last 7 days that ended last); the real-app scenario
 * (e2e/triggers/engagement.js) activates it and checks what its scheduled polls emit the same way.
 */
const { DAY_MS } = require('../../sandbox/dates');
const { eventsRead } = require('./reading');
const { expectedSessions, noteFor, sessionsByHand } = require('./sessions');
const { table } = require('./table');

const TRIGGER = 'When a reader finishes';
const NOTE = 'Note for the deal owner';
/** What a session item and the sessions counted by hand must share (the trigger counts no earlier visits). */
const COMPARED = [
	'versionId',
	'visitorId',
	'sessionId',
	'startedAt',
	'lastEventAt',
	'readingSeconds',
	'views',
	'clicks',
	'slidesViewed',
	'deepestSlide',
	'actionsClicked',
];

const pick = (session) => Object.fromEntries(COMPARED.map((key) => [key, session[key]]));
const gapOf = (workflow) =>
	workflow.nodes.find((node) => node.name === TRIGGER).parameters.sessionGapMinutes * 60_000;

module.exports = {
	title: 'Storydoc Trigger › Reading Session Ended → a note for the deal owner',
	startNode: TRIGGER,
	/** `n8n execute` starts no polling trigger: the real app runs it active (e2e/triggers/engagement.js). */
	runsOnPolls: true,
	/**
	 * `scheduled`: the items came from the active workflow's polls (any sessions that ended), not from
	 * a manual run (exactly the session of the last 7 days that ended last).
	 */
	async check({ outputs, sandbox, workflow, expectEqual, expect, scheduled = false }) {
		const gapMs = gapOf(workflow);
		const sessions = (outputs[TRIGGER] ?? []).map((item) => item.json);
		expect(sessions.length > 0, 'no reading session emitted');
		const events = scheduled
			? await sandbox.state('events')
			: await eventsRead(sandbox, expectEqual, (requestedAt) => requestedAt - 7 * DAY_MS);
		const byHand = expectedSessions(sessionsByHand(events, gapMs));
		const expected = scheduled
			? sessions.map(
					(session) =>
						byHand.find(
							(candidate) =>
								candidate.versionId === session.versionId &&
								candidate.visitorId === session.visitorId &&
								candidate.sessionId === session.sessionId &&
								candidate.startedAt === session.startedAt,
						) ?? { missing: `no session by hand starts as ${JSON.stringify(pick(session))}` },
				)
			: [
					byHand
						.filter((session) => Date.parse(session.lastEventAt) + gapMs < Date.now())
						.reduce((latest, session) =>
							Date.parse(session.lastEventAt) >= Date.parse(latest.lastEventAt) ? session : latest,
						),
				];
		expectEqual(
			sessions.map(pick),
			expected.map((session) => (session.missing ? session : pick(session))),
			scheduled
				? 'each session emitted, as counted by hand from the sandbox events'
				: 'the session of the last 7 days that ended last (counted by hand from the sandbox events)',
		);
		expectEqual(
			(outputs[NOTE] ?? []).map((item) => item.json.note),
			// The trigger counts no earlier visits: its notes never say the reader came back.
			expected.map((session) => noteFor({ ...session, returningReader: null })),
			"the deal owner's notes",
		);
	},
	report({ outputs }) {
		const notes = (outputs[NOTE] ?? []).map((item) => item.json);
		return [
			'Fetch Test Event (a manual run): the visit of the last 7 days that ended last, as a note;',
			'activated, the workflow sends one such note per visit, 30 minutes after the reader leaves:',
			'',
			...table(
				['Read at (UTC)', 'Note'],
				notes.map((row) => [String(row.read_at).slice(0, 16).replace('T', ' '), row.note]),
			),
		];
	},
};
