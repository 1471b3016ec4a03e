'use strict';
/**
 * examples/recipes/postgres-event-sync.json in the real app (`n8n execute`, as its Run now button)
 * against a real PostgreSQL holding the recipe's schema, the sandbox listing each query's events in
 * a shuffled order: a first run backfills the year in 92-day windows, each in a sub-workflow run of
 * its own; later runs load new events, events that arrived late (inside the look-back) and a session
 * that goes on across two runs; events without an `eventId`; a write PostgreSQL refuses half way,
 * then the next run. After each, the table holds exactly the sandbox's events (none missing, none
 * twice, every field equal); the sessions view equals Get Events' Summary per Reading Session, and the
 * weeks and slides views Summary per Story's, over the whole history, run in the same app. A table missing a column and a wrong credential fail the
 * run with the database's words and load nothing.
 */
const { spawn } = require('node:child_process');

const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { waitFor } = require('../harness/waiting');
const { loadRecipes } = require('../crm/recipes');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { SESSIONS_CHECK_ID, sessionsCheck } = require('../warehouse/summariesCheck');
const { publishForExecute, startWarehouse } = require('../warehouse/warehouse');

const RECIPE = 'postgres-event-sync';
const DAY_MS = 86_400_000;
const MINUTE = 60_000;
const app = useApp();
const recipe = loadRecipes().get(RECIPE).workflow;
let warehouse;

beforeAll(async () => {
	warehouse = await startWarehouse();
	warehouse.applySchema();
	await app.importCredentials(['account'], [warehouse.credential()]);
	// Published (n8n 2.x) or active (1.x), as its note says: its windows call the published workflow.
	await app.cli.importAndActivate([recipe]);
	await publishForExecute(app, recipe.id);
	await app.cli.importWorkflows([sessionsCheck]);
});
afterAll(() => warehouse?.stop());

beforeEach(async () => {
	app.sandbox.reset();
	// Each query's events in an order of their own: a page holds events from anywhere in its window.
	app.sandbox.setEventOrder(66);
	warehouse.truncate();
});

const iso = (ms) => new Date(ms).toISOString();
/** A reader's view of a slide at `at` (a partial event for the sandbox); `eventId` null where asked. */
const view = (at, { slide = 1, session = null, visitor = 'vis_warehouse0000001', id } = {}) => ({
	...(id === null ? { eventId: null } : {}),
	sessionId: session,
	visitorId: visitor,
	eventCategory: 'view',
	eventName: `view_slide_${slide}`,
	timestamp: iso(at),
});

/** The sandbox's events as the API lists them: every field. */
const sandboxEvents = () => app.sandbox.state.events.map((event) => ({ ...event }));

/** The table against the sandbox: each event once, every field equal, keyed by its eventId where it has one. */
function expectTableEqualsSandbox(what) {
	const rows = warehouse.events();
	const events = sandboxEvents();
	const keys = rows.map((row) => row.eventKey);
	expectEqual(new Set(keys).size, rows.length, `${what}: distinct event keys`);
	for (const row of rows)
		if (row.eventId)
			ensure(row.eventKey === row.eventId, `${what}: ${row.eventKey} is its eventId`);
	const fields = (event) =>
		JSON.stringify(Object.keys(events[0]).map((field) => [field, event[field] ?? null]));
	expectEqual(rows.map(fields).sort(), events.map(fields).sort(), `${what}: the table's events`);
	return rows.length;
}

/** A view's rows against each story's `entries` of Summary per Story, compared on `fields`. */
function expectViewEqualsStories(view, stories, what, { entries, fields }) {
	const row = (storyId, entry) => JSON.stringify([storyId, ...fields.map((field) => entry[field])]);
	expectEqual(
		warehouse
			.view(view)
			.map((entry) => row(entry.storyId, entry))
			.sort(),
		stories.flatMap((story) => entries(story).map((entry) => row(story.storyId, entry))).sort(),
		`${what}: ${view} against Summary per Story`,
	);
}

/**
 * The views against Get Events run in the app over the whole history: the sessions view against
 * Summary per Reading Session, the weeks and slides views against Summary per Story's `weeks` and
 * `slides` (Last Slide 0, weeks in UTC).
 */
async function expectViewsEqualSummaries(what) {
	const check = await app.cli.execute(SESSIONS_CHECK_ID);
	ensure(check.code === 0, `the summaries exited ${check.code}: ${check.errorMessage}`);
	const stories = check.outputs.Stories.map((item) => item.json);
	ensure(
		stories.length > 1 && stories.every((story) => story.slides.length > 0),
		`${what}: stories read, each with its slides (${stories.length})`,
	);
	expectViewEqualsStories('storydoc_story_weeks', stories, what, {
		entries: (story) => story.weeks.filter((week) => week.readingSessions > 0),
		fields: ['weekFrom', 'readingSessions', 'readers'],
	});
	expectViewEqualsStories('storydoc_story_slides', stories, what, {
		entries: (story) => story.slides,
		fields: ['slide', 'readersReached', 'readersViewed'],
	});
	const FIELDS = [
		'versionId',
		'sessionId',
		'visitorId',
		'startedAt',
		'lastEventAt',
		'readingSeconds',
		'views',
		'clicks',
		'slidesViewed',
		'deepestSlide',
	];
	const pick = (session) => JSON.stringify(FIELDS.map((field) => session[field] ?? null));
	const summary = check.outputs.Sessions.map((item) => pick(item.json)).sort();
	const view = warehouse.sessions().map(pick).sort();
	ensure(summary.length > 100, `${what}: the history has sessions (${summary.length})`);
	expectEqual(
		view,
		summary,
		`${what}: storydoc_reading_sessions against Summary per Reading Session`,
	);
	return view.length;
}

async function runRecipe() {
	const run = await app.cli.execute(recipe.id);
	ensure(
		run.code === 0,
		`n8n execute exited ${run.code}: ${run.errorMessage}\n${run.stderr.slice(-2000)}`,
	);
	return run;
}

const ANALYTICS = '/v2/analytics/events';
const windowsOf = (run) => run.outputs['Windows to load'] ?? [];

test('the first run backfills the year in 92-day windows, shuffled pages and events without an eventId included: every event once, every field equal', async () => {
	const now = Date.now();
	app.sandbox.addEvents([
		view(now - 150 * DAY_MS, { id: null, slide: 2 }),
		view(now - 3 * DAY_MS, { id: null, visitor: 'vis_warehouse0000002' }),
	]);
	const run = await runRecipe();
	const windows = windowsOf(run).map((item) => item.json);
	expectEqual(windows.length, 4, 'windows of the first run (365 days in 92-day windows)');
	for (const [index, window] of windows.entries()) {
		const span = Date.parse(window.to) - Date.parse(window.from);
		ensure(span < 92 * DAY_MS, `window ${index} spans ${span / DAY_MS} days`);
		if (index)
			expectEqual(
				Date.parse(window.from),
				Date.parse(windows[index - 1].to) + 1,
				`window ${index} follows the one before`,
			);
	}
	const analyticsReads = app.sandbox.log.filter((entry) => entry.path === ANALYTICS);
	ensure(
		analyticsReads.every(
			(entry) => Date.parse(entry.query.dateTo) - Date.parse(entry.query.dateFrom) < 92 * DAY_MS,
		),
		'every read within one window',
	);
	const rows = expectTableEqualsSandbox('after the backfill');
	// The note's price: 1 credit per 1,000 events read, at least 1 per 92-day window.
	const least = Math.max(windows.length, Math.ceil(rows / 1000));
	ensure(
		analyticsReads.length >= least &&
			analyticsReads.length <= windows.length + Math.ceil(rows / 1000),
		`the backfill's Storydoc requests as its note prices them: ${analyticsReads.length} for ${rows} events in ${windows.length} windows (${analyticsReads.map((entry) => `${entry.query.dateFrom.slice(0, 10)} page ${entry.query.page}`).join(', ')})`,
	);
	expectEqual(
		warehouse
			.events()
			.filter((row) => row.eventId === null)
			.map((row) => row.eventKey.slice(0, 7)),
		['digest:', 'digest:'],
		'the events without an eventId, keyed by their digest',
	);
	const sessions = await expectViewsEqualSummaries('after the backfill');
	console.log(
		`warehouse backfill: ${rows} events in ${windows.length} windows, ${sessions} sessions`,
	);
});

test('later runs: new events, late events inside the look-back and a session across two runs, each once', async () => {
	const now = Date.now();
	const session = 'wh-session-across-runs';
	app.sandbox.addEvents([
		view(now - 20 * MINUTE, { session, slide: 1 }),
		view(now - 19 * MINUTE, { session, slide: 2 }),
	]);
	await runRecipe();
	expectTableEqualsSandbox('after the first run');
	// After that run: the session goes on, a new visit without an eventId, and an event that reached
	// Storydoc late, timed an hour ago (inside the 120-minute look-back, before the first run ended).
	const later = Date.now();
	app.sandbox.addEvents([
		view(later, { session, slide: 3 }),
		view(later, { id: null, visitor: 'vis_warehouse0000003' }),
		view(now - 60 * MINUTE, { visitor: 'vis_warehouse0000004', slide: 4 }),
	]);
	const second = await runRecipe();
	expectEqual(windowsOf(second).length, 1, 'windows of a run after the backfill');
	const window = windowsOf(second)[0].json;
	ensure(
		Date.parse(window.from) <= now - 60 * MINUTE,
		`the look-back reaches the late event (from ${window.from})`,
	);
	expectTableEqualsSandbox('after the second run');
	const across = warehouse.sessions().filter((row) => row.sessionId === session);
	expectEqual(
		across.map((row) => [row.views, row.deepestSlide]),
		[[3, 3]],
		'the session across two runs: one row, grown',
	);
	app.sandbox.clearLog();
	const third = await runRecipe();
	expectEqual(windowsOf(third).length, 1, 'windows of a third run');
	expectEqual(
		app.sandbox.log.filter((entry) => entry.path === ANALYTICS).length,
		1,
		"Storydoc requests of a run whose look-back holds under 1,000 events (the note's at least 1)",
	);
	expectTableEqualsSandbox('after a third run with nothing new');
	await expectViewsEqualSummaries('after the later runs');
});

test('PostgreSQL refusing the write of one window fails the run with its message; the next run finishes the load', async () => {
	// A refusal of the writes of events 120 to 150 days old: the third window's (the second has events).
	warehouse.psql(`CREATE FUNCTION storydoc_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN RAISE EXCEPTION 'disk quota exceeded (refused by the test)'; END $$;
		CREATE TRIGGER storydoc_refuse BEFORE INSERT ON storydoc_events FOR EACH ROW
		WHEN (NEW."timestamp" < now() - interval '120 days' AND NEW."timestamp" > now() - interval '150 days')
		EXECUTE FUNCTION storydoc_refuse()`);
	const failed = await app.cli.execute(recipe.id);
	warehouse.psql(
		'DROP TRIGGER storydoc_refuse ON storydoc_events; DROP FUNCTION storydoc_refuse()',
	);
	ensure(failed.code !== 0, 'the run with the refused write failed');
	ensure(
		/disk quota exceeded \(refused by the test\)/.test(
			`${failed.errorMessage} ${failed.stdout} ${failed.stderr}`,
		),
		`the database's message reaches the user: ${failed.errorMessage}`,
	);
	const loaded = warehouse.events();
	ensure(
		loaded.length > 0 &&
			loaded.every((row) => Date.parse(row.timestamp) < Date.now() - 180 * DAY_MS),
		`the windows before the refused one loaded, nothing of it (${loaded.length} rows)`,
	);
	await runRecipe();
	expectTableEqualsSandbox('after the run that followed the refusal');
});

test('n8n killed (SIGKILL) while a window is being written: every event up to the newest row is in the table, and the next run finishes the load', async () => {
	// Every read held in the sandbox and let go one at a time until a window is in the table; then
	// the next window's read stays held while the test takes PostgreSQL's lock, so that window's
	// write waits in PostgreSQL when n8n is killed.
	app.sandbox.setFault({
		route: 'GET /v2/analytics/events',
		type: 'slow',
		delayMs: 0,
		held: true,
		times: Number.POSITIVE_INFINITY,
	});
	const execute = spawn(
		app.n8n.node,
		[app.n8n.n8nBin, 'execute', `--id=${recipe.id}`, '--rawOutput'],
		{ env: app.env, stdio: ['ignore', 'ignore', 'ignore'] },
	);
	const exited = new Promise((resolve) => execute.on('exit', (code, signal) => resolve(signal)));
	const held = () => app.sandbox.held >= 1;
	const answered = () =>
		app.sandbox.log.filter((entry) => entry.path === ANALYTICS && entry.status !== null).length;
	while (warehouse.count() === 0) {
		await waitFor(
			() => held() || warehouse.count() > 0,
			'a read held, or a window written',
			120_000,
		);
		if (warehouse.count() > 0) break;
		const before = answered();
		app.sandbox.releaseHeld();
		await waitFor(() => answered() > before, 'the read let go and answered', 30_000);
	}
	await waitFor(held, "the next window's read held", 120_000);
	const before = warehouse.count();
	const lock = warehouse.holdWrites();
	app.sandbox.clearFaults();
	app.sandbox.releaseHeld();
	await waitFor(
		() => lock.waiting() === 1,
		"the next window's write waiting in PostgreSQL",
		120_000,
	);
	execute.kill('SIGKILL');
	expectEqual(await exited, 'SIGKILL', 'how n8n ended');
	await lock.release();
	// PostgreSQL ends the dead client's statement on its own: committed whole, or not at all.
	await waitFor(() => lock.underWay() === 0, 'no write of the killed run under way', 60_000);
	const loaded = warehouse.events();
	ensure(before > 0, `a window was written before the kill (${before} rows)`);
	// What the next run's cursor relies on: every event up to the newest row is in the table.
	const newest = Math.max(...loaded.map((row) => Date.parse(row.timestamp)));
	const upToNewest = sandboxEvents().filter((event) => Date.parse(event.timestamp) <= newest);
	expectEqual(
		loaded.length,
		upToNewest.length,
		`after the kill, the events up to the newest row (${loaded.length} rows, ${before} before the killed write)`,
	);
	console.log(`warehouse kill: ${before} rows before the killed write, ${loaded.length} after it`);
	await runRecipe();
	expectTableEqualsSandbox('after the run that followed the kill');
});

test('a table missing a column, or a wrong credential, fails the run with the database’s words and loads nothing', async () => {
	// Renamed, as a table made before a column was added would lack it (the views follow a rename).
	warehouse.psql('ALTER TABLE storydoc_events RENAME COLUMN "locationCity" TO city');
	const missing = await app.cli.execute(recipe.id);
	ensure(missing.code !== 0, 'the run into a table missing a column failed');
	ensure(
		/locationCity/.test(missing.errorMessage ?? ''),
		`the message names the column: ${missing.errorMessage}`,
	);
	expectEqual(warehouse.events().length, 0, 'rows loaded into the table missing a column');
	warehouse.psql('ALTER TABLE storydoc_events RENAME COLUMN city TO "locationCity"');

	await app.cli.importCredentials([warehouse.credential({ user: 'nobody' })]);
	const refused = await app.cli.execute(recipe.id);
	await app.cli.importCredentials([warehouse.credential()]);
	ensure(refused.code !== 0, 'the run with a wrong credential failed');
	ensure(
		/nobody/.test(refused.errorMessage ?? ''),
		`the database's words: ${refused.errorMessage}`,
	);
	expectEqual(warehouse.events().length, 0, 'rows loaded with a wrong credential');
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
