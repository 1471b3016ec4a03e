'use strict';
/**
 * What the weekly story report (examples/recipes/weekly-story-report.json) should write for a story,
 * worked out from its Summary per Story item as the recipe's note describes it: its sheet row, its
 * Slack headline, and the two charts QuickChart is asked for. Used by e2e/scenarios/recipeWeeklyReport.test.js.
 */
const { localDay, slideLosingMost } = require('../../scripts/examples/stories');
const { WEEKLY_SHEET_COLUMNS } = require('./seed');

/** A change as the recipe writes it: the difference, and a share's difference in whole points. */
const difference = (now, before) => now - before;
const points = (now, before) => Math.round((Math.round((now - before) * 1000) / 1000) * 100);
const signed = (n) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n)}`;

/** The sheet row of a story, as the note lists its columns (cells as Google shows them). */
function rowOf(story) {
	const weekFrom = localDay(Date.parse(story.periodFrom), story.timeZone);
	const values = {
		story_week: `${story.storyId} ${weekFrom}`,
		week_from: weekFrom,
		week_to: localDay(Date.parse(story.periodTo), story.timeZone),
		story_id: story.storyId,
		story: story.storyTitle,
		readers: story.readers,
		sessions: story.readingSessions,
		engaged_rate: story.engagedReadersRate,
		average_reading_seconds: story.averageReadingSeconds,
		completion_rate: story.funnel.completionRate,
		bounce_rate: story.bounceRate,
		slide_losing_most: slideLosingMost(story).slide ?? '',
		readers_change: difference(story.readers, story.previous.readers),
		sessions_change: difference(story.readingSessions, story.previous.readingSessions),
		completion_change_points: points(
			story.funnel.completionRate,
			story.previous.funnel.completionRate,
		),
	};
	return WEEKLY_SHEET_COLUMNS.map((column) => String(values[column]));
}

/** The Slack message of a story's chart, written out from its figures and the week before's. */
function headlineOf(story) {
	const percent = (rate) => `${Math.round(rate * 100)} %`;
	const drop = slideLosingMost(story);
	const { previous } = story;
	return (
		`*${story.storyTitle}*, week of ${localDay(Date.parse(story.periodFrom), story.timeZone)}: ` +
		`${story.readers} readers in ${story.readingSessions} sessions, ${signed(difference(story.readers, previous.readers))} on the week before; ` +
		`${percent(story.engagedReadersRate)} engaged, ${story.averageReadingSeconds} s read on average, ` +
		`completion ${percent(story.funnel.completionRate)} (slide ${story.lastSlide}), ` +
		`${signed(points(story.funnel.completionRate, previous.funnel.completionRate))} points` +
		(drop.slide
			? `; the most readers dropped before slide ${drop.slide} (${drop.dropFromPrevious})`
			: '') +
		'.'
	);
}

/** The chart QuickChart was asked for: the story's slide reach. */
const chartOf = (story) => ({
	type: 'bar',
	data: {
		labels: story.slides.map((slide) => `Slide ${slide.slide}`),
		datasets: [
			{
				label: 'Readers who reached the slide',
				data: story.slides.map((slide) => slide.readersReached),
				backgroundColor: '#5b4bdb',
				type: 'bar',
			},
		],
	},
});

/** The trend chart: the eight weeks' readers and completion (in %), a line each. */
const trendOf = (weeks) => ({
	type: 'line',
	data: {
		labels: weeks.map((week) => week.weekFrom),
		datasets: [
			['Readers', '#5b4bdb', weeks.map((week) => week.readers)],
			['Completion %', '#1aa37a', weeks.map((week) => Math.round(week.completionRate * 100))],
		].map(([label, borderColor, data]) => ({
			label,
			data,
			borderColor,
			type: 'line',
			fill: false,
		})),
	},
});

module.exports = { chartOf, headlineOf, rowOf, trendOf };
