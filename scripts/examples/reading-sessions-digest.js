'use strict';
/** examples/reading-sessions-digest.json: how to run it, what a correct run looks like and what the demo prints. */
const { DAY_MS } = require('../../sandbox/dates');
const { requestLines, startOfUtcDay } = require('./reading');
const { expectedSessions, sessionsByHand } = require('./sessions');
const { table } = require('./table');

/** The note the workflow's Edit Fields node writes for a session, written out here by hand. */
function noteFor(session) {
	const parts = [
		`${session.prospectName || 'Someone'} read "${session.versionTitle}" for ${session.readingSeconds < 60 ? 'under a minute' : `at least ${Math.floor(session.readingSeconds / 60)} min`}`,
	];
	if (session.deepestSlide) parts.push(`, up to slide ${session.deepestSlide}`);
	if (session.returningReader) parts.push(`, coming back (visit ${session.readerSession})`);
	if (session.clicks) parts.push(`, and clicked ${session.actionsClicked.join(', ')}`);
	return `${parts.join('')}.`;
}

module.exports = {
	title: 'Get Events › Summary per Reading Session of the last 7 days → a note for the deal owner',
	startNode: 'When clicking ‘Execute workflow’',
	async check({ outputs, sandbox, expectEqual, expect }) {
		const requests = await sandbox.requests();
		expectEqual(
			[...new Set(requestLines(requests))],
			['GET /v2/analytics/events → 200'],
			'the requests the sandbox received (distinct)',
		);
		const requestedAt = Date.parse(requests[0].time);
		const fromMs = startOfUtcDay(requestedAt - 7 * DAY_MS);
		const events = (await sandbox.state('events')).filter((event) => {
			const instant = Date.parse(event.timestamp);
			return instant >= fromMs && instant <= requestedAt;
		});
		const expected = expectedSessions(sessionsByHand(events, 30 * 60_000));
		expect(
			expected.length > 0,
			'the sandbox has no visit in the last 7 days: the example shows nothing',
		);

		const sessions = (outputs['Reading sessions of the last 7 days'] ?? []).map(
			(item) => item.json,
		);
		expectEqual(
			sessions.map((session) =>
				Object.fromEntries(Object.keys(expected[0]).map((key) => [key, session[key]])),
			),
			expected,
			'the reading sessions (counted by hand from the sandbox events of the last 7 days)',
		);
		expectEqual(
			(outputs['Note for the deal owner'] ?? []).map((item) => item.json.note),
			expected.map(noteFor),
			"the deal owners' notes",
		);
	},
	report({ outputs }) {
		const notes = (outputs['Note for the deal owner'] ?? []).map((item) => item.json);
		return [
			`${notes.length} reading sessions in the last 7 days, each a note for the deal owner:`,
			'',
			...table(
				['Read at (UTC)', 'Note'],
				notes.map((row) => [String(row.read_at).slice(0, 16).replace('T', ' '), row.note]),
			),
		];
	},
};
