'use strict';
/**
 * examples/recipes/weekly-story-report.json in the real app (`n8n execute`, as its Run now does),
 * with n8n's own Google Sheets (4.7), QuickChart (1) and Slack (2.4) nodes against the stand-ins:
 * each story read last week gets its sheet row (every figure as counted by hand from the sandbox's
 * events), its slide-reach chart and one Slack upload with that chart and its headline; a second run
 * the same week updates the rows and appends none; a chart Slack refuses goes to Chart not sent with
 * its story and Slack's error, and the other stories' charts are posted.
 */
const { localDay, slideLosingMost, storiesOfEvents } = require('../../scripts/examples/stories');
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { chartOfPng } = require('../crm/quickChart');
const { WEEKLY_SHEET_COLUMNS, WEEKLY_SPREADSHEET_ID } = require('../crm/seed');
const { useRecipes } = require('../crm/useRecipes');

const RECIPE = 'weekly-story-report';
const STORIES = 'Each story, last week';
const GAP_MS = 30 * 60_000;
const CHANNEL = 'C0STORYREPORTS';
const scenario = useRecipes();
const { app } = scenario;

/** The stories of the run, and the same counted by hand from the sandbox's events of that week. */
async function storiesOfRun(run) {
	const stories = (run.branches[STORIES]?.[0] ?? []).map((item) => item.json);
	ensure(stories.length >= 2, `stories read last week: ${stories.length} (the sandbox has more)`);
	const { periodFrom, periodTo, timeZone } = stories[0];
	const from = Date.parse(periodFrom);
	const to = Date.parse(periodTo);
	expectEqual(
		stories,
		storiesOfEvents(await app.client.state('events'), { from, to, timeZone, gapMs: GAP_MS }),
		'Summary per Story of last week (counted by hand from the sandbox events)',
	);
	const weekday = (instant) =>
		new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(new Date(instant));
	expectEqual(
		[weekday(from), weekday(to), Math.round((to - from) / 86_400_000)],
		['Monday', 'Sunday', 7],
		`the week read, Monday to Sunday in ${timeZone}: ${periodFrom} to ${periodTo}`,
	);
	return stories;
}

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
	};
	return WEEKLY_SHEET_COLUMNS.map((column) => String(values[column]));
}

/** The Slack message of a story's chart, written out from its figures. */
function headlineOf(story) {
	const percent = (rate) => `${Math.round(rate * 100)} %`;
	const drop = slideLosingMost(story);
	return (
		`*${story.storyTitle}*, week of ${localDay(Date.parse(story.periodFrom), story.timeZone)}: ` +
		`${story.readers} readers in ${story.readingSessions} sessions, ${percent(story.engagedReadersRate)} engaged, ` +
		`${story.averageReadingSeconds} s read on average, ${percent(story.funnel.completionRate)} reached slide ${story.lastSlide}` +
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

/** The report sheet's rows under its header, as cells shown. */
async function sheetRows() {
	const { spreadsheets } = await scenario.crm.googleSheets.state();
	const sheet = spreadsheets[WEEKLY_SPREADSHEET_ID].find(
		(each) => each.title === 'Storydoc weekly',
	);
	expectEqual(sheet.rows[0], WEEKLY_SHEET_COLUMNS, "the sheet's header, untouched");
	return sheet.rows.slice(1).map((row) => row.map((cell) => String(cell)));
}

/** What Slack holds of each chart upload: its channel, title, file name, comment and chart. */
const uploads = async () =>
	(await scenario.crm.slack.state()).files.map((file) => ({
		channel: file.channel,
		title: file.title,
		filename: file.filename,
		initialComment: file.initialComment,
		chart: chartOfPng(Buffer.from(file.bytes, 'base64')),
	}));

const uploadOf = (story) => ({
	channel: CHANNEL,
	title: `${story.storyTitle}: readers reaching each slide`,
	filename: `slide-reach-${story.storyId}.png`,
	initialComment: headlineOf(story),
	chart: chartOf(story),
});

test('each story read last week: its sheet row, its slide-reach chart and its Slack post; a second run the same week appends no row', async () => {
	const run = await scenario.execute(RECIPE);
	ensure(
		run.code === 0,
		`n8n execute exited ${run.code}: ${run.errorMessage}\n${run.stderr.slice(-2000)}`,
	);
	const stories = await storiesOfRun(run);
	expectEqual(
		await sheetRows(),
		stories.map(rowOf),
		'the sheet: one row per story, keyed by story and week',
	);
	expectEqual(
		(await scenario.crm.quickChart.state()).charts,
		stories.map(chartOf),
		'the charts QuickChart drew',
	);
	expectEqual(await uploads(), stories.map(uploadOf), 'the charts posted to Slack, one per story');
	// The note's costs: 2 Google Sheets reads and 1 to 3 writes; 1 QuickChart image and 3 Slack calls a story.
	expectEqual(
		(await scenario.crm.googleSheets.log()).map((entry) => `${entry.method} ${entry.path}`),
		[
			`GET /v4/spreadsheets/${WEEKLY_SPREADSHEET_ID}`,
			`GET /v4/spreadsheets/${WEEKLY_SPREADSHEET_ID}/values/'Storydoc%20weekly'`,
			`POST /v4/spreadsheets/${WEEKLY_SPREADSHEET_ID}:batchUpdate`,
			`PUT /v4/spreadsheets/${WEEKLY_SPREADSHEET_ID}/values/Storydoc%20weekly!2:${stories.length + 1}`,
		],
		"the first run's Google Sheets calls: two reads, a row added, the new rows written",
	);
	expectEqual(
		[(await scenario.crm.quickChart.log()).length, (await scenario.crm.slack.log()).length],
		[stories.length, 3 * stories.length],
		'QuickChart and Slack calls: one image and three calls per story',
	);

	const before = (await scenario.crm.googleSheets.log()).length;
	const again = await scenario.execute(RECIPE);
	ensure(again.code === 0, `the second run exited ${again.code}: ${again.errorMessage}`);
	const writes = (await scenario.crm.googleSheets.log())
		.slice(before)
		.filter((entry) => entry.method !== 'GET')
		.map((entry) => `${entry.method} ${entry.path}`);
	expectEqual(
		writes,
		[`POST /v4/spreadsheets/${WEEKLY_SPREADSHEET_ID}/values:batchUpdate`],
		"the second run's writes to the sheet: its rows updated in place, none appended",
	);
	expectEqual(await sheetRows(), stories.map(rowOf), 'the sheet after the second run');
	expectEqual(
		(await uploads()).length,
		2 * stories.length,
		'Slack posts after two runs (Run now again posts every chart again, as the note says)',
	);
	scenario.report('Weekly story report (n8n execute, twice)', [
		...stories.map((story) => headlineOf(story)),
		`the sheet: ${stories.length} rows after both runs`,
	]);
});

test('a chart Slack refuses goes to Chart not sent with its story and the error (Slack’s own code, or n8n’s text for a 429); the other charts are posted', async () => {
	const first = await scenario.execute(RECIPE);
	const stories = await storiesOfRun(first);
	const refused = stories[1];
	await scenario.crm.slack.failNext(
		200,
		'POST',
		'^/api/files.completeUploadExternal$',
		1,
		refused.storyTitle,
	);
	const run = await scenario.execute(RECIPE);
	ensure(run.code === 0, `n8n execute exited ${run.code}: ${run.errorMessage}`);
	const notSent = {
		storyId: refused.storyId,
		storyTitle: refused.storyTitle,
		periodFrom: refused.periodFrom,
		periodTo: refused.periodTo,
		notWritten: 'Slack chart',
		error: 'Slack error response: "internal_error"',
	};
	expectEqual(
		(run.branches['Not sent (see the error; run again)']?.[0] ?? []).map((item) => item.json),
		[notSent],
		'the refused chart, with its story and Slack’s error',
	);
	expectEqual(
		(await uploads()).slice(stories.length),
		stories.filter((story) => story !== refused).map(uploadOf),
		'the second run posted the other charts',
	);
	expectEqual(await sheetRows(), stories.map(rowOf), 'every row written');

	// A 429: n8n's Slack node gives a continued item its own text, not Slack's `ratelimited`.
	await scenario.crm.slack.failNext(
		429,
		'POST',
		'^/api/files.completeUploadExternal$',
		1,
		refused.storyTitle,
	);
	const limited = await scenario.execute(RECIPE);
	ensure(limited.code === 0, `n8n execute exited ${limited.code}: ${limited.errorMessage}`);
	expectEqual(
		(limited.branches['Not sent (see the error; run again)']?.[0] ?? []).map((item) => item.json),
		[{ ...notSent, error: 'The service is receiving too many requests from you' }],
		'the chart refused with 429: its story and n8n’s text for the 429',
	);
});

scenario.noTokenLeaked();
