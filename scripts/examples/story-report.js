'use strict';
/** examples/story-report.json: how to run it, what a correct run looks like and what the demo prints. */
const { eventsRead } = require('./reading');
const { slideLosingMost, storiesOfEvents } = require('./stories');
const { table } = require('./table');

const GAP_MS = 30 * 60_000;

/** The sheet row the example's Edit Fields node makes of a story. */
const rowOf = (story) => ({
	week_from: story.periodFrom,
	story: story.storyTitle,
	readers: story.readers,
	sessions: story.readingSessions,
	engaged_rate: story.engagedReadersRate,
	average_reading_seconds: story.averageReadingSeconds,
	completion_rate: story.funnel.completionRate,
	bounce_rate: story.bounceRate,
	slide_losing_most: slideLosingMost(story).slide,
});

module.exports = {
	title: 'Get Events › Summary per Story of the last 7 days → a sheet row per story',
	startNode: 'When clicking ‘Execute workflow’',
	async check({ outputs, sandbox, expectEqual, expect }) {
		const stories = (outputs["Each story's last 7 days"] ?? []).map((item) => item.json);
		expect(stories.length > 0, 'no story read in the last 7 days: the example shows nothing');
		const { periodFrom, periodTo, timeZone } = stories[0];
		const from = Date.parse(periodFrom);
		const to = Date.parse(periodTo);
		const events = await eventsRead(sandbox, expectEqual, () => from);
		expectEqual(
			stories,
			storiesOfEvents(events, { from, to, timeZone, gapMs: GAP_MS }),
			'the summary per story (counted by hand from the sandbox events of the last 7 days)',
		);
		expect(
			to - from >= 7 * 86_400_000 && to - from < 8 * 86_400_000,
			`the period read is the last 7 days from the start of a day: ${periodFrom} to ${periodTo}`,
		);
		expectEqual(
			(outputs['A row per story'] ?? []).map((item) => item.json),
			stories.map(rowOf),
			'the rows for the sheet',
		);
	},
	report({ outputs }) {
		const rows = (outputs['A row per story'] ?? []).map((item) => item.json);
		const share = (rate) => `${Math.round(rate * 100)} %`;
		return [
			`${rows.length} stories read in the last 7 days, a row each for a sheet:`,
			'',
			...table(
				[
					'Story',
					'Readers',
					'Sessions',
					'Engaged',
					'Avg. read',
					'Completed',
					'Bounced',
					'Losing most',
				],
				rows.map((row) => [
					row.story,
					row.readers,
					row.sessions,
					share(row.engaged_rate),
					`${row.average_reading_seconds} s`,
					share(row.completion_rate),
					share(row.bounce_rate),
					row.slide_losing_most === null ? '-' : `slide ${row.slide_losing_most}`,
				]),
			),
		];
	},
};
