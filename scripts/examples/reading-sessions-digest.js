'use strict';
/** examples/reading-sessions-digest.json: how to run it, what a correct run looks like and what the demo prints. */
const { DAY_MS } = require('../../sandbox/dates');
const { eventsRead, startOfUtcDay } = require('./reading');
const { expectedSessions, noteFor, sessionsByHand } = require('./sessions');
const { table } = require('./table');

module.exports = {
	title: 'Get Events › Summary per Reading Session of the last 7 days → a note for the deal owner',
	startNode: 'When clicking ‘Execute workflow’',
	async check({ outputs, sandbox, expectEqual, expect }) {
		const events = await eventsRead(sandbox, expectEqual, (requestedAt) =>
			startOfUtcDay(requestedAt - 7 * DAY_MS),
		);
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
