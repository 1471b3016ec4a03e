'use strict';
/**
 * examples/recipes/weekly-story-report.json in the real app (`n8n execute`, as its Run now does),
 * with n8n's own Google Sheets (4.7), QuickChart (1) and Slack (2.4) nodes against the stand-ins:
 * each story read last week gets its sheet row with the changes on the week before (every figure
 * as counted by hand from the sandbox's events, both weeks), its slide-reach chart posted with its
 * headline and change, and its eight-week trend chart (readers and completion per week, counted by
 * hand from one read of the eight weeks); a second run the same week updates the rows and appends
 * none; a story read only the week before gets its row and no chart; a chart Slack refuses goes to
 * Not sent with its story, which chart and Slack's error, and every other chart is posted (the
 * trend of a story whose bar chart was refused too).
 */
const { localDay, storiesOfEvents } = require('../../scripts/examples/stories');
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { chartOfPng } = require('../crm/quickChart');
const { WEEKLY_SHEET_COLUMNS, WEEKLY_SPREADSHEET_ID } = require('../crm/seed');
const { chartOf, headlineOf, rowOf, trendOf } = require('../crm/weeklyReportOracle');
const { useRecipes } = require('../crm/useRecipes');
const { SEED } = require('../../sandbox/seed');

const RECIPE = 'weekly-story-report';
const STORIES = 'Each story, last week';
const EIGHT_WEEKS = 'Each story, eight weeks';
const GAP_MS = 30 * 60_000;
const CHANNEL = 'C0STORYREPORTS';
const scenario = useRecipes();
const { app } = scenario;

/** A node's stories in the run, checked against the same counted by hand from the sandbox's events. */
async function storiesOf(run, node) {
	const stories = (run.branches[node]?.[0] ?? []).map((item) => item.json);
	ensure(stories.length >= 2, `${node}: ${stories.length} stories (the sandbox has more)`);
	const { periodFrom, periodTo, timeZone } = stories[0];
	const period = {
		from: Date.parse(periodFrom),
		to: Date.parse(periodTo),
		timeZone,
		gapMs: GAP_MS,
	};
	const events = await app.client.state('events');
	const byHand = storiesOfEvents(events, period);
	const figures = ({ previous, change, ...story }) => story;
	expectEqual(
		stories.slice(0, byHand.length).map(figures),
		byHand,
		`${node}: Summary per Story of ${periodFrom} to ${periodTo} (counted by hand)`,
	);
	return { stories, period, events, byHand };
}

/** The first instant of the local date `days` before the one `instant` is in (bisection on Intl's dates). */
function dayStartBefore(instant, days, timeZone) {
	const midnightUtc =
		Date.parse(`${localDay(instant, timeZone)}T00:00:00.000Z`) - days * 86_400_000;
	const date = new Date(midnightUtc).toISOString().slice(0, 10);
	let before = midnightUtc - 16 * 3_600_000;
	let onOrAfter = midnightUtc + 15 * 3_600_000;
	while (onOrAfter - before > 1) {
		const middle = Math.floor((before + onOrAfter) / 2);
		if (localDay(middle, timeZone) < date) before = middle;
		else onOrAfter = middle;
	}
	return onOrAfter;
}

/** Last week's stories, each with the week before (Monday to Sunday, local) counted by hand, and the eight weeks'. */
async function storiesOfRun(run) {
	const { stories, period, events, byHand } = await storiesOf(run, STORIES);
	const { from, to, timeZone } = period;
	const weekBefore = storiesOfEvents(events, {
		...period,
		from: dayStartBefore(from, 7, timeZone),
		to: from - 1,
	});
	for (const story of stories) {
		const before = weekBefore.find((each) => each.storyId === story.storyId);
		if (before) expectEqual(story.previous, before, `${story.storyId}: the week before`);
		else ensure(story.previous.readers === 0, `${story.storyId}: not read the week before`);
	}
	expectEqual(
		stories.slice(byHand.length).map((story) => story.storyId),
		weekBefore
			.filter((before) => !byHand.some((now) => now.storyId === before.storyId))
			.map((before) => before.storyId),
		'the stories read only the week before, after the others',
	);
	const weekday = (instant) =>
		new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(new Date(instant));
	expectEqual(
		[weekday(from), weekday(to), Math.round((to - from) / 86_400_000)],
		['Monday', 'Sunday', 7],
		`the week read, Monday to Sunday in ${timeZone}: ${stories[0].periodFrom} to ${stories[0].periodTo}`,
	);
	const eight = await storiesOf(run, EIGHT_WEEKS);
	expectEqual(
		[weekday(eight.period.from), eight.period.to, eight.stories[0].weeks.length],
		['Monday', to, 8],
		'the eight weeks read, up to the end of last week',
	);
	const read = stories.filter((story) => story.readers > 0);
	return { stories, read, weeksOf: (story) => eightWeeksOf(eight.stories, story) };
}

const eightWeeksOf = (stories, story) =>
	stories.find((each) => each.storyId === story.storyId).weeks;

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

/** A story's two uploads: the slide reach with its headline, then the eight-week trend. */
const uploadsOf = (story, weeks) => [
	{
		channel: CHANNEL,
		title: `${story.storyTitle}: readers reaching each slide`,
		filename: `slide-reach-${story.storyId}.png`,
		initialComment: headlineOf(story),
		chart: chartOf(story),
	},
	{
		channel: CHANNEL,
		title: `${story.storyTitle}: readers and completion, last eight weeks`,
		filename: `eight-weeks-${story.storyId}.png`,
		initialComment: null,
		chart: trendOf(weeks),
	},
];

test('each story: its sheet row with the changes on the week before; each story read last week: its slide-reach chart with headline and change, and its eight-week trend; a second run the same week appends no row', async () => {
	const run = await scenario.execute(RECIPE);
	ensure(
		run.code === 0,
		`n8n execute exited ${run.code}: ${run.errorMessage}\n${run.stderr.slice(-2000)}`,
	);
	const { stories, read, weeksOf } = await storiesOfRun(run);
	expectEqual(
		await sheetRows(),
		stories.map(rowOf),
		'the sheet: one row per story, keyed by story and week',
	);
	expectEqual(
		(await scenario.crm.quickChart.state()).charts,
		read.flatMap((story) => [chartOf(story), trendOf(weeksOf(story))]),
		'the charts QuickChart drew: slide reach and eight-week trend per story read last week',
	);
	expectEqual(
		await uploads(),
		read.flatMap((story) => uploadsOf(story, weeksOf(story))),
		'the charts posted to Slack, two per story read last week',
	);
	// The note's costs: 2 Google Sheets reads and 1 to 3 writes; 2 QuickChart images and 6 Slack calls a story read.
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
		[2 * read.length, 6 * read.length],
		'QuickChart and Slack calls: two images and six calls per story read last week',
	);
	const reads = app.sandbox.log.filter((entry) => entry.path === '/v2/analytics/events');
	expectEqual(
		[...new Set(reads.map((entry) => `${entry.query.dateFrom} ${entry.query.dateTo}`))].length,
		2,
		'Storydoc: two reads (the eight weeks; last week with the week before)',
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
		4 * read.length,
		'Slack posts after two runs (Run now again posts every chart again, as the note says)',
	);
	scenario.report('Weekly story report (n8n execute, twice)', [
		...read.map((story) => headlineOf(story)),
		`the sheet: ${stories.length} rows after both runs`,
	]);
});

test('a chart Slack refuses goes to Not sent with its story and the error (Slack’s own code, or n8n’s text for a 429); every other chart is posted, the refused story’s trend too', async () => {
	const first = await scenario.execute(RECIPE);
	const { stories, read, weeksOf } = await storiesOfRun(first);
	const refused = read[1];
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
		(await uploads()).slice(2 * read.length),
		read.flatMap((story) =>
			story === refused
				? uploadsOf(story, weeksOf(story)).slice(1)
				: uploadsOf(story, weeksOf(story)),
		),
		'the second run posted every other chart: the other stories’ and the refused story’s trend',
	);
	expectEqual(await sheetRows(), stories.map(rowOf), 'every row written');

	// The trend refused: its own name in the branch.
	const uploaded = (await uploads()).length;
	await scenario.crm.slack.failNext(
		200,
		'POST',
		'^/api/files.completeUploadExternal$',
		1,
		`${refused.storyTitle}: readers and completion`,
	);
	const trend = await scenario.execute(RECIPE);
	ensure(trend.code === 0, `n8n execute exited ${trend.code}: ${trend.errorMessage}`);
	expectEqual(
		(trend.branches['Not sent (see the error; run again)']?.[0] ?? []).map((item) => item.json),
		[{ ...notSent, notWritten: 'Slack trend chart' }],
		'the refused trend chart, with its story and Slack’s error',
	);
	expectEqual((await uploads()).length - uploaded, 2 * read.length - 1, 'every other chart posted');

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

test('a story read only the week before: its row with zeros now and the drop on the week before, and no chart', async () => {
	const first = await scenario.execute(RECIPE);
	ensure(first.code === 0, `n8n execute exited ${first.code}: ${first.errorMessage}`);
	const lastWeek = Date.parse((await storiesOfRun(first)).stories[0].periodFrom);
	// The board update (no event in the seed), read by one reader three days before last week.
	const versionId = SEED.versions.hidden.id;
	const at = lastWeek - 3 * 86_400_000;
	app.sandbox.addEvents(
		[1, 2].map((slide) => ({
			versionId,
			visitorId: 'vis_board',
			sessionId: 'board-1',
			eventCategory: 'view',
			eventName: `view_slide_${slide}`,
			timestamp: new Date(at + slide * 60_000).toISOString(),
		})),
	);
	const charts = (await scenario.crm.quickChart.state()).charts.length;
	const run = await scenario.execute(RECIPE);
	ensure(run.code === 0, `n8n execute exited ${run.code}: ${run.errorMessage}`);
	const { stories, read } = await storiesOfRun(run);
	const board = stories.find((story) => story.storyId === SEED.versions.hidden.storyId);
	ensure(board, 'the board update, listed though nobody read it last week');
	expectEqual(
		[board.readers, board.previous.readers, board.change.readers],
		[0, 1, { difference: -1, relative: -1 }],
		'its readers now and the week before, and the change',
	);
	ensure(!read.includes(board), 'no chart for a story nobody read last week');
	expectEqual(await sheetRows(), stories.map(rowOf), 'every story its row, the board update too');
	expectEqual(
		(await scenario.crm.quickChart.state()).charts.length - charts,
		2 * read.length,
		'charts of the second run: two per story read last week, none for the board update',
	);
});

scenario.noTokenLeaked();
