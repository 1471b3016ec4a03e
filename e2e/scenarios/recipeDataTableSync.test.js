'use strict';
/**
 * examples/recipes/data-table-event-sync.json in the real app (`n8n start`, run from Run now as the editor
 * runs it: the Data Table node needs a running n8n)
 * into n8n's own Data Tables, made through n8n's REST API as the editor makes them, the sandbox
 * listing each query's events in a shuffled order: a first run backfills the year; later runs load
 * new events and events that arrived late (inside the look-back); events without an `eventId`; a run
 * stopped half way by the Data Table's size limit, then the next run. After each, the events table
 * holds exactly the sandbox's events (none missing, none twice, every field equal), and the state
 * row says how far the last whole run read.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { loadRecipes } = require('../crm/recipes');
const { fillUserChoices } = require('../crm/recipeSettings');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const {
	EVENT_COLUMNS,
	createDataTables,
	dataTableRows,
	emptyDataTables,
} = require('../warehouse/dataTables');
const { runManually } = require('../harness/manualRun');
const { requestedVersion } = require('../n8n-app');

const RECIPE = 'data-table-event-sync';
const DAY_MS = 86_400_000;
const MINUTE = 60_000;
const ANALYTICS = '/v2/analytics/events';
// 600 events over the sandbox's 200 days: every 92-day window of the year's backfill but the oldest
// holds some, and a Data Table write costs n8n a few milliseconds of CPU each (CI's budget).
// On 1.x, n8n as the note sets it up: SQLite with 2.x's pool of 3 (DB_SQLITE_POOL_SIZE, as n8n's start
// asks). Its default single connection let the owner's first production run, marked in a transaction
// of n8n's own, break a Data Table write of the same moment (CI's 1.x run; docs/development.md).
const SQLITE_POOL =
	Number(requestedVersion().split('.')[0]) < 2 ? { DB_SQLITE_POOL_SIZE: '3' } : {};
const app = useApp({ sandbox: { events: 600 }, extraEnv: SQLITE_POOL });
let tables;
let recipe;

let running;
let owner;

/** n8n started on the file's user folder (`extraEnv` for this start), the owner signed in to it. */
async function startN8n(extraEnv = {}) {
	running = await app.start({ env: extraEnv });
	owner = await app.ownerSession(running.url);
}

beforeAll(async () => {
	await app.importCredentials(['account']);
	await startN8n();
	tables = await createDataTables(owner);
	await running.stop();
	// The note's settings, with the tables just made chosen in its Data Table nodes. Not published:
	// its hourly trigger would run the sync beside the tests' own runs at the top of an hour (CI's
	// 1.x run met one: the state it wrote made the next run read an hour). Run now runs the draft.
	recipe = fillUserChoices(structuredClone(loadRecipes().get(RECIPE).asFiled), {
		dataTables: tables,
	});
	await app.cli.importWorkflows([recipe]);
	await startN8n();
});

beforeEach(() => {
	app.sandbox.reset();
	emptyDataTables(app, Object.values(tables));
	// Each query's events in an order of their own: a page holds events from anywhere in its window.
	app.sandbox.setEventOrder(66);
});

const iso = (ms) => new Date(ms).toISOString();
/** A reader's view of a slide at `at` (a partial event for the sandbox); `eventId` null where asked. */
const view = (at, { slide = 1, visitor = 'vis_datatable000001', id } = {}) => ({
	...(id === null ? { eventId: null } : {}),
	visitorId: visitor,
	eventCategory: 'view',
	eventName: `view_slide_${slide}`,
	timestamp: iso(at),
});

/** A date column as the API writes dates (SQLite keeps n8n's text, or epoch milliseconds). */
const asApiDate = (value) => (value === null ? null : new Date(value).toISOString());
const DATES = new Set(EVENT_COLUMNS.filter(([, type]) => type === 'date').map(([name]) => name));

/** The events table against the sandbox: each event once, every field equal. */
function expectTableEqualsSandbox(what) {
	const rows = dataTableRows(app, tables.storydoc_events);
	const keys = rows.map((row) => row.eventKey);
	expectEqual(new Set(keys).size, rows.length, `${what}: distinct event keys`);
	const fields = (event) =>
		JSON.stringify(
			EVENT_COLUMNS.filter(([name]) => name !== 'eventKey').map(([name]) => [
				name,
				DATES.has(name) ? asApiDate(event[name] ?? null) : (event[name] ?? null),
			]),
		);
	expectEqual(
		rows.map(fields).sort(),
		app.sandbox.state.events.map(fields).sort(),
		`${what}: the table's events`,
	);
	return rows;
}

/** The state row: one, named `events`, at the `to` of the run's period. */
function expectStateAt(run, what) {
	const period = run.outputs['Period to load'][0].json;
	const state = dataTableRows(app, tables.storydoc_sync_state);
	expectEqual(
		state.map((row) => [row.name, asApiDate(row.loadedTo)]),
		[['events', asApiDate(period.to)]],
		`${what}: the sync state`,
	);
	return period;
}

/** The recipe run from its Run now trigger, as its button in the editor runs it. */
const runOnce = () => runManually(owner, app.n8n, recipe, 'Run now');

async function runRecipe() {
	const run = await runOnce();
	ensure(
		run.status === 'success',
		`the run ended ${run.status}: ${run.errorMessage}\n${run.errorStack}`,
	);
	return run;
}

const analyticsReads = () => app.sandbox.log.filter((entry) => entry.path === ANALYTICS);

test('the first run backfills the year, events without an eventId included, and later runs load new and late events: every event once, every field equal', async () => {
	const now = Date.now();
	app.sandbox.addEvents([
		view(now - 150 * DAY_MS, { id: null, slide: 2 }),
		view(now - 3 * DAY_MS, { id: null, visitor: 'vis_datatable000002' }),
	]);
	const first = await runRecipe();
	const rows = expectTableEqualsSandbox('after the backfill');
	const backfill = expectStateAt(first, 'after the backfill');
	ensure(
		Date.parse(backfill.from) <= now - 365 * DAY_MS && /T00:00:00\.000Z$/.test(backfill.from),
		`the backfill reads a year from a UTC midnight (${backfill.from})`,
	);
	// The note's price: 1 credit per 1,000 events read, at least 1 per 92 days.
	const least = Math.max(4, Math.ceil(rows.length / 1000));
	ensure(
		analyticsReads().length >= least &&
			analyticsReads().length <= 4 + Math.ceil(rows.length / 1000),
		`the backfill's Storydoc requests as its note prices them: ${analyticsReads().length} for ${rows.length} events`,
	);
	expectEqual(
		rows.filter((row) => row.eventId === null).map((row) => row.eventKey.slice(0, 7)),
		['digest:', 'digest:'],
		'the events without an eventId, keyed by their digest',
	);

	// After it: a new visit without an eventId, and an event that reached Storydoc late, timed an
	// hour ago (inside the 120-minute look-back, before the first run ended).
	app.sandbox.addEvents([
		view(Date.now(), { id: null, visitor: 'vis_datatable000003' }),
		view(now - 60 * MINUTE, { visitor: 'vis_datatable000004', slide: 4 }),
	]);
	app.sandbox.clearLog();
	const second = await runRecipe();
	const period = expectStateAt(second, 'after the second run');
	expectEqual(
		Date.parse(period.from),
		Date.parse(backfill.to) - 120 * MINUTE,
		'the second run reads from where the first read to, less the look-back',
	);
	expectEqual(
		analyticsReads().length,
		1,
		"the second run's Storydoc requests (the note's at least 1)",
	);
	expectTableEqualsSandbox('after the second run');
	console.log(
		`data table backfill: ${rows.length} events, then a run of ${analyticsReads().length} request`,
	);
});

test("a run stopped half way by the Data Table's size limit fails with n8n's words and leaves the state; the next run finishes the load, each event once", async () => {
	// A limit the year's events pass half way (about 500 bytes an event), checked at every write
	// (n8n caches the size a minute).
	const limits = {
		N8N_DATA_TABLES_MAX_SIZE_BYTES: String(150 * 1024),
		N8N_DATA_TABLES_SIZE_CHECK_CACHE_DURATION_MS: '0',
	};
	const stateBefore = dataTableRows(app, tables.storydoc_sync_state);
	await running.stop();
	await startN8n(limits);
	const failed = await runOnce();
	await running.stop();
	await startN8n();
	const written = dataTableRows(app, tables.storydoc_events).length;
	ensure(
		failed.status === 'error',
		`the run past the size limit ended ${failed.status}, having read ${JSON.stringify(
			failed.outputs['Period to load']?.[0]?.json,
		)} and written ${written} of ${app.sandbox.state.events.length} events`,
	);
	ensure(
		/size limit exceeded/i.test(`${failed.errorMessage}`),
		`n8n's words reach the user: ${failed.errorMessage}`,
	);
	ensure(
		written > 0 && written < app.sandbox.state.events.length,
		`the failed run stopped half way: ${written} of ${app.sandbox.state.events.length} events written`,
	);
	expectEqual(
		dataTableRows(app, tables.storydoc_sync_state),
		stateBefore,
		'the sync state after the failed run (where the last whole run left it)',
	);
	await runRecipe();
	const rows = expectTableEqualsSandbox('after the run that followed the failed one');
	console.log(`data table limit: the failed run stopped at ${written} of ${rows.length} events`);
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
