'use strict';
/**
 * npm run bench:warehouse — the PostgreSQL recipe (examples/recipes/postgres-event-sync.json) in the
 * real n8n app (2.41.1, `n8n execute`, published as its note says) against Debian's PostgreSQL and
 * the sandbox in a process of its own, answering each page after 50 ms:
 *
 * - Speed: a first run backfilling 200,000 events of a year (four 92-day windows), in events per
 *   second from n8n's start of the run to its end, against the floor (the same windows' pages read
 *   with plain `fetch` and the node's page concurrency, written with one `COPY` each:
 *   benchmarks/warehouse/floor.js). Goal: the recipe ≤ 2 × the floor's time.
 * - Memory: n8n's peak resident memory (the `n8n execute` process, sub-executions included) for a
 *   backfill of 50,000 events over a year and of 500,000 over ten years, the same events a day
 *   (the sandbox's `eventsEvenly`), so the same a window. Goal: ≤ 1.3 × (the cost bounded by the
 *   window, not the history).
 * - Requests: each run's Storydoc requests against its note (at least 1 per window, 1 per 1,000
 *   events) and the table holding every event once.
 *
 *   node benchmarks/warehouse.js [--quick] [--n8n VERSION]
 *
 * --quick (CI): 5,000 events; memory 2,000 over a year against 10,000 over five years; one run, the
 * same code paths and checks, no goal checked. Env: BENCH_LATENCY_MS (50). Ends with
 * `bench: N checks passed, N failed`.
 */
const { DAY_MS } = require('../sandbox/dates');
const { startSandboxProcess } = require('./analytics/sandboxProcess');
const { argValue, benchCrashed, createChecks } = require('./lib/checks');
const { openApp } = require('./lib/realApp');
const { copyAtTheFloor } = require('./warehouse/floor');
const { loadRecipes } = require('../e2e/crm/recipes');
const { storydocCredential } = require('../e2e/harness/credentials');
const { startWarehouse } = require('../e2e/warehouse/warehouse');

const QUICK = process.argv.includes('--quick');
const N8N_VERSION = argValue('--n8n');
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const SPEED = QUICK ? { events: 5_000, days: 365 } : { events: 200_000, days: 365 };
const MEMORY = QUICK
	? [
			{ events: 2_000, days: 365 },
			{ events: 10_000, days: 5 * 365 },
		]
	: [
			{ events: 50_000, days: 365 },
			{ events: 500_000, days: 10 * 365 },
		];
/** The node's default page concurrency (nodes/Storydoc/constants.ts), for the floor. */
const PAGE_CONCURRENCY = 5;
const WINDOW_DAYS = 92;

const { check, summarize } = createChecks();

/** The recipe's windows for a backfill of `days` before `now`: 92 days each, from a UTC midnight. */
function windowsOf(days, now) {
	const start = new Date(now - days * DAY_MS);
	start.setUTCHours(0, 0, 0, 0);
	const windows = [];
	for (let from = start.getTime(); from <= now; from += WINDOW_DAYS * DAY_MS)
		windows.push({
			from: new Date(from).toISOString(),
			to: new Date(Math.min(from + WINDOW_DAYS * DAY_MS - 1, now)).toISOString(),
		});
	return windows;
}

/** The recipe as its note has a user set it, reading back `days` on its first run. */
function recipeFor(days) {
	const recipe = structuredClone(loadRecipes().get('postgres-event-sync').workflow);
	const settings = recipe.nodes.find((node) => node.name === 'Sync settings');
	settings.parameters.assignments.assignments.find(
		(assignment) => assignment.name === 'backfillDays',
	).value = days;
	return recipe;
}

/**
 * One backfill of `events` over `days` through the recipe into an empty table: its seconds (n8n's
 * own start and end of the run), n8n's peak memory, the Storydoc requests; checked on the way.
 */
async function backfill({ app, cli, warehouse, events, days, floor = false }) {
	const now = Date.now();
	// Evenly over the span: the seeded versions' lives end within a year, and a ten-year history held
	// in them would put its events in its last months, not the same number a window.
	const sandbox = await startSandboxProcess({
		events,
		latencyMs: LATENCY_MS,
		now,
		spanDays: days,
		evenly: true,
	});
	try {
		const credential = storydocCredential('account', {
			url: sandbox.url,
			tokens: { account: sandbox.token },
		});
		await cli.importCredentials([credential]);
		const recipe = recipeFor(days + 1);
		// Its period only changes the calling run: the windows' sub-runs stay the version published first.
		await cli.importWorkflows([recipe]);
		warehouse.truncate();
		await sandbox.requestsSinceLastAsk();
		const run = await app.execute(recipe, {
			imported: true,
			peakMemory: true,
			timeoutMs: 3_600_000,
		});
		const { pages } = await sandbox.requestsSinceLastAsk();
		const seconds = (Date.parse(run.run.stoppedAt) - Date.parse(run.run.startedAt)) / 1000;
		const windows = (run.outputs['Windows to load'] ?? []).length;
		const rows = warehouse.count();
		const what = `${events.toLocaleString('en')} events over ${days} days`;
		check(`${what}: the run succeeded`, !run.error, run.error?.message ?? '');
		check(`${what}: every event once in the table`, rows === events, `${rows} rows`);
		const least = Math.max(windows, Math.ceil(events / 1000));
		check(
			`${what}: Storydoc requests as the note prices them (≥ ${least}, ≤ ${windows + Math.ceil(events / 1000)})`,
			pages >= least && pages <= windows + Math.ceil(events / 1000),
			`${pages} in ${windows} windows`,
		);
		const result = { events, days, seconds, peakMb: run.peakKb / 1024, pages, windows };
		if (floor) {
			const copied = await copyAtTheFloor({
				warehouse,
				url: sandbox.url,
				token: sandbox.token,
				concurrency: PAGE_CONCURRENCY,
				windows: windowsOf(days + 1, now),
			});
			check(`${what}: the floor copied every event`, copied.events === events, `${copied.events}`);
			result.floorSeconds = copied.ms / 1000;
		}
		return result;
	} finally {
		sandbox.close();
	}
}

async function main() {
	const warehouse = await startWarehouse();
	let app;
	try {
		warehouse.applySchema();
		let cli;
		app = await openApp({
			credentials: [warehouse.credential()],
			version: N8N_VERSION,
			startedOnce: true,
			// n8n 2.x writes a published sub-workflow where its calls read it once n8n has started.
			prepare: async (appCli) => {
				cli = appCli;
				await cli.importAndActivate([recipeFor(365)]);
			},
		});
		console.log(
			`bench:warehouse — n8n ${app.n8nVersion} (\`n8n execute\`), Debian's PostgreSQL, the sandbox answering each page after ${LATENCY_MS} ms${QUICK ? ' (quick)' : ''}`,
		);
		const speed = await backfill({ app, cli, warehouse, ...SPEED, floor: true });
		const rate = (seconds) => Math.round(speed.events / seconds).toLocaleString('en');
		console.log(
			`speed: ${speed.events.toLocaleString('en')} events in ${speed.windows} windows: the recipe ${speed.seconds.toFixed(1)} s (${rate(speed.seconds)} events/s), the floor (fetch + COPY) ${speed.floorSeconds.toFixed(1)} s (${rate(speed.floorSeconds)} events/s): ${(speed.seconds / speed.floorSeconds).toFixed(2)} × the floor; ${speed.pages} Storydoc requests`,
		);
		const memory = [];
		for (const history of MEMORY) memory.push(await backfill({ app, cli, warehouse, ...history }));
		for (const run of memory)
			console.log(
				`memory: ${run.events.toLocaleString('en')} events over ${run.days} days (${run.windows} windows): n8n's peak ${run.peakMb.toFixed(0)} MB, ${run.seconds.toFixed(1)} s, ${run.pages} Storydoc requests`,
			);
		const ratio = memory[1].peakMb / memory[0].peakMb;
		console.log(`memory: ${ratio.toFixed(2)} × from the smaller history to the larger`);
		if (!QUICK) {
			check('goal: the recipe ≤ 2 × the floor', speed.seconds <= 2 * speed.floorSeconds);
			check('goal: peak memory of the larger history ≤ 1.3 × the smaller', ratio <= 1.3);
		}
	} finally {
		app?.close();
		await warehouse.stop();
	}
	summarize();
}

main().catch(benchCrashed);
