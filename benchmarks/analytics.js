'use strict';
/**
 * npm run bench:analytics — Storydoc › Analytics › Get Events against what users build today,
 * n8n's HTTP Request node (4.2, built-in pagination) followed by Split Out, in the real n8n app
 * (2.41.1, `n8n execute`, a new n8n process per run as users run it; benchmarks/lib/realApp.js),
 * against the sandbox with 50,000 events answering each page after 50 ms. A node's time is n8n's
 * own executionTime for it (for HTTP Request + Split Out, the two added up).
 *
 * One `n8n execute` runs Get Events twice, each a branch of the trigger: first in the fresh process
 * (a), then again once that process is warm (a'), then Summary per Version (s), Summary per
 * Reading Session (r), Summary per Story (y) and Summary for Each Item's Version of 500 deals (d; the sandbox has a version
 * per deal, a tenth never opened: benchmarks/analytics/perDeal.js); another runs HTTP
 * Request + Split Out (b). Beside them the floor (f): the same pages read with plain `fetch` and the
 * node's concurrency, parsed and wrapped as items, in a process of its own on the app's Node, first
 * cold (f) then warm (f'). Then the same reads on n8n-core's engine in this process, no app around
 * the node (benchmarks/analytics/engine.js), where memory is measured and the trigger's poll (t) runs.
 * Every side must output the sandbox's events, once each and in order.
 *
 * Summary per Story against Summary per Version, the target (y)/(s), comes from runs of their own,
 * interleaved, with each node's CPU time beside its wall time (benchmarks/analytics/storyPair.js).
 *
 *   node benchmarks/analytics.js [--quick] [--stories] [--profile] [--package DIR] [--n8n VERSION]
 *
 * --quick (CI): 5,000 events, one run of each: the same code paths and checks, in well under a minute.
 * --stories: only the interleaved (y)/(s) runs (and their target, unless --quick).
 * --profile: one more run of the Get Events workflow with benchmarks/analytics/appProbe.js loaded
 * into n8n: per node its CPU time, n8n's credential reads and SQL statements, and a CPU profile summed
 * up by package and function; and a CPU profile of the last (y)/(s) run. --package DIR: link DIR (a
 * patched, built checkout) into n8n instead. --n8n VERSION: the app's line, 2.41.1 (default) or
 * 1.123.81 (as STORYDOC_E2E_N8N); the engine part runs only where the app's n8n-workflow is this
 * project's (2.41.1).
 * Env: BENCH_EVENTS (50000), BENCH_LATENCY_MS (50), BENCH_RUNS (5), BENCH_CONCURRENCY (the node's
 * default when unset). Ends with `bench: N checks passed, N failed` (a benchmark's checks are not
 * tests: CI counts them in its exit status only); the full run also checks the targets.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const { DAY_MS } = require('../sandbox/dates');
const { measureOnEngine } = require('./analytics/engine');
const { floorReads } = require('./analytics/floor');
const {
	DEALS,
	DEAL_STORIES,
	dealVersionIds,
	perDealMismatch,
	unreadOf,
} = require('./analytics/perDeal');
const { profileInApp } = require('./analytics/profileInApp');
const { measureStoryPair, printStoryPair } = require('./analytics/storyPair');
const { SPAN_DAYS, startSandboxProcess } = require('./analytics/sandboxProcess');
const { NODES, getEventsWorkflow, httpRequestWorkflow } = require('./analytics/workflows');
const { argValue, benchCrashed, createChecks } = require('./lib/checks');
const { openApp } = require('./lib/realApp');
const { benchCredentials } = require('./lib/workflows');
const { median } = require('../scripts/lib/median');

const QUICK = process.argv.includes('--quick');
const PROFILE = process.argv.includes('--profile');
const STORIES_ONLY = process.argv.includes('--stories');
const PACKAGE_ROOT = argValue('--package');
const N8N_VERSION = argValue('--n8n');
const EVENTS = Number(process.env.BENCH_EVENTS ?? (QUICK ? 5_000 : 50_000));
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 1 : 5));
const CONCURRENCY = process.env.BENCH_CONCURRENCY
	? Number(process.env.BENCH_CONCURRENCY)
	: undefined;
const PAGE_SIZE = 1000;
const ENGINE_SIDES = { a: 'Get Events', b: 'HTTP Request + Split Out', t: "the trigger's poll" };
/** Reads of the period in the Get Events workflow: cold, warm, per version, per session, per story, compared, per deal. */
const GET_EVENTS_READS = 7;
/** Reads of the floor per process: the first cold, the rest warm. */
const FLOOR_READS = 3;

const { check, summarize } = createChecks();

/** Why `items` are not the sandbox's events once each and in order; undefined when they are. */
function eventsMismatch(items, eventIds) {
	if (items.length !== eventIds.length) return `${items.length} items, expected ${eventIds.length}`;
	const index = eventIds.findIndex((id, at) => items[at]?.json?.eventId !== id);
	if (index !== -1)
		return `item ${index} is event ${items[index]?.json?.eventId}, expected ${eventIds[index]}`;
	return undefined;
}
/** A summary (per version, per reading session): its rows' views and clicks add up to every event. */
function summaryMismatch(items, eventCount) {
	const counted = items.reduce((sum, item) => sum + item.json.views + item.json.clicks, 0);
	return counted === eventCount ? undefined : `counted ${counted} events, expected ${eventCount}`;
}

/** Why Summary per Story of two halves compared is not the whole's stories split in two; undefined when it is. */
function comparedMismatch(compared, stories) {
	const ids = (list) => list.map(({ json }) => json.storyId).sort();
	if (JSON.stringify(ids(compared)) !== JSON.stringify(ids(stories)))
		return `stories ${ids(compared)}, expected ${ids(stories)}`;
	if (compared.some(({ json }) => !json.previous || !json.change))
		return 'an item without previous';
	const sessions = (list, of) => list.reduce((sum, { json }) => sum + of(json).readingSessions, 0);
	const halves = sessions(compared, (json) => json) + sessions(compared, (json) => json.previous);
	const whole = sessions(stories, (json) => json);
	// A session across the middle is one in the whole and one in each half.
	return halves >= whole ? undefined : `${halves} sessions in the halves, ${whole} in the whole`;
}

/** Summary per Story's sessions, per story, against Summary per Reading Session's (same run). */
function storyMismatch(stories, sessions) {
	const count = new Map();
	for (const { json } of sessions) count.set(json.storyId, (count.get(json.storyId) ?? 0) + 1);
	const wrong = stories.find(({ json }) => json.readingSessions !== count.get(json.storyId));
	if (stories.length !== count.size) return `${stories.length} stories, expected ${count.size}`;
	return wrong ? `story ${wrong.json.storyId}: ${wrong.json.readingSessions} sessions` : undefined;
}

/** Collects, per check, the failures seen over all runs; one line each at the end. */
function outputChecks() {
	const failures = new Map();
	return {
		record(name, mismatch) {
			if (!failures.has(name)) failures.set(name, []);
			if (mismatch) failures.get(name).push(mismatch);
		},
		report() {
			for (const [name, found] of failures) check(name, found.length === 0, found[0] ?? '');
		},
	};
}
const sameEvents = (side) =>
	`${side}: the ${EVENTS.toLocaleString('en-US')} events, once each, in order, in every run`;
const everyEvent = (side) => `${side}: its versions' views and clicks count every event`;

/** When the pages of a node's run were answered, from its start: the first and the last. */
function timeline(answeredAt, startedAt, ms) {
	const within = answeredAt.filter((at) => at >= startedAt && at <= startedAt + ms);
	if (within.length === 0) return undefined;
	const last = within[within.length - 1] - startedAt;
	// The tail: from the last page's answer to the node's end, per run (a median of differences).
	return { first: within[0] - startedAt, last, tail: ms - last };
}

const medianOf = (rows, key) => median(rows.map((row) => row[key]).filter((v) => v !== undefined));

/** Runs each side once per run in the real app, the order rotating; returns their rows. */
async function measureInApp({ app, sandbox, workflows, floorQuery, outputs }) {
	const rows = {
		cold: [],
		warm: [],
		summary: [],
		sessions: [],
		stories: [],
		storiesCompared: [],
		perDeal: [],
		httpRequest: [],
		floorCold: [],
		floorWarm: [],
	};
	const pagesPerRead = Math.ceil(EVENTS / PAGE_SIZE);
	const pageCounts = [];
	const inFlight = [];
	/** One `n8n execute` of `workflow` (imported by the first run), and the pages it read. */
	const executeInApp = async (workflow, run, pagesExpected) => {
		const result = await app.execute(workflow, { imported: run > 0 });
		if (result.error)
			throw new Error(`${workflow.name} failed in the app: ${result.error.message}`);
		const requests = await sandbox.requestsSinceLastAsk();
		pageCounts.push([requests.pages, pagesExpected]);
		return { result, requests };
	};
	const sides = {
		async getEvents(run) {
			const { result, requests } = await executeInApp(
				workflows.getEvents,
				run,
				GET_EVENTS_READS * pagesPerRead,
			);
			inFlight.push(requests.mostInFlight);
			const items = (name) => result.outputs[name] ?? [];
			outputs.record(
				sameEvents('Get Events in the app (fresh)'),
				eventsMismatch(items(NODES.cold), sandbox.eventIds),
			);
			outputs.record(
				sameEvents('Get Events in the app (warm)'),
				eventsMismatch(items(NODES.warm), sandbox.eventIds),
			);
			outputs.record(
				everyEvent('Summary per Version in the app'),
				summaryMismatch(items(NODES.summary), EVENTS),
			);
			outputs.record(
				everyEvent('Summary per Reading Session in the app'),
				summaryMismatch(items(NODES.sessions), EVENTS),
			);
			outputs.record(
				"Summary per Story in the app: its stories' reading sessions are Summary per Reading Session's",
				storyMismatch(items(NODES.stories), items(NODES.sessions)),
			);
			outputs.record(
				"Summary per Story compared in the app: the same stories, each with previous and change, both halves' sessions at least the whole's",
				comparedMismatch(items(NODES.storiesCompared), items(NODES.stories)),
			);
			outputs.record(
				`Summary for Each Item's Version in the app: one item per deal (${DEALS}), in order, with Summary per Version's figures or opened false and zeros`,
				perDealMismatch(items(NODES.perDeal), items(NODES.summary)),
			);
			rows.unread = unreadOf(items(NODES.perDeal));
			rows.storyCount = items(NODES.stories).length;
			rows.storyItems = items(NODES.stories);
			for (const [key, name] of Object.entries({
				cold: NODES.cold,
				warm: NODES.warm,
				summary: NODES.summary,
				sessions: NODES.sessions,
				stories: NODES.stories,
				storiesCompared: NODES.storiesCompared,
				perDeal: NODES.perDeal,
			})) {
				const ms = result.nodeMs(name);
				rows[key].push({ ms, ...timeline(requests.answeredAt, result.nodeStartedAt(name), ms) });
			}
		},
		async httpRequest(run) {
			const { result, requests } = await executeInApp(workflows.httpRequest, run, pagesPerRead);
			outputs.record(
				sameEvents('HTTP Request + Split Out in the app'),
				eventsMismatch(result.outputs[NODES.splitOut] ?? [], sandbox.eventIds),
			);
			const ms = result.nodeMs(NODES.httpRequest) + result.nodeMs(NODES.splitOut);
			rows.httpRequest.push({
				ms,
				...timeline(requests.answeredAt, result.nodeStartedAt(NODES.httpRequest), ms),
			});
		},
		async floor() {
			const reads = await floorReads(app.node, floorQuery, FLOOR_READS);
			const requests = await sandbox.requestsSinceLastAsk();
			pageCounts.push([requests.pages, FLOOR_READS * pagesPerRead]);
			reads.forEach((read, index) => {
				const items = read.eventIds.map((eventId) => ({ json: { eventId } }));
				outputs.record(sameEvents('the floor'), eventsMismatch(items, sandbox.eventIds));
				const row = {
					ms: read.ms,
					cpuMs: read.cpuMs,
					...timeline(requests.answeredAt, read.startedAt, read.ms),
				};
				(index === 0 ? rows.floorCold : rows.floorWarm).push(row);
			});
		},
	};
	await sandbox.requestsSinceLastAsk();
	const names = Object.keys(sides);
	for (let run = 0; run < RUNS; run++) {
		const order = [...names.slice(run % names.length), ...names.slice(0, run % names.length)];
		for (const side of order) await sides[side](run);
	}
	const expectedInFlight = Math.min(floorQuery.concurrency, pagesPerRead - 1);
	check(
		'every side read each page once (the sandbox counted the pages of each run)',
		pageCounts.every(([pages, expected]) => pages === expected),
		pageCounts.map(([pages, expected]) => `${pages}/${expected}`).join(' '),
	);
	check(
		`Get Events read ${expectedInFlight} pages at once, never more (the sandbox's count of requests in flight)`,
		inFlight.every((most) => most === expectedInFlight),
		inFlight.join(', '),
	);
	return rows;
}

const fmt = (value, digits = 0) => (value === undefined ? '–' : value.toFixed(digits)).padStart(8);
const ratio = (x, y) => `${(x / y).toFixed(2)}×`;

function printApp(rows, { eventJsonBytes, n8nVersion, node, concurrency }) {
	console.log('');
	console.log(
		`${EVENTS.toLocaleString('en-US')} events (${(eventJsonBytes / 2 ** 20).toFixed(1)} MB of JSON), ${LATENCY_MS} ms per page, ` +
			`${concurrency} pages in parallel; the real app: n8n ${n8nVersion} (\`n8n execute\`, Node ${node}), median of ${RUNS} run${RUNS > 1 ? 's' : ''}`,
	);
	console.log(
		"In the real app, n8n's executionTime                   time ms   first page answered  last page answered  tail after it",
	);
	const row = (label, list) =>
		console.log(
			`${label.padEnd(54)}${fmt(medianOf(list, 'ms'))}   ${fmt(medianOf(list, 'first')).padStart(13)} ms  ${fmt(medianOf(list, 'last')).padStart(13)} ms  ${fmt(medianOf(list, 'tail')).padStart(10)} ms`,
		);
	row('(a)  Get Events, first in a fresh n8n process', rows.cold);
	row("(a') Get Events, again in the same process (warm)", rows.warm);
	row('(s)  Summary per Version (warm)', rows.summary);
	row('(r)  Summary per Reading Session (warm)', rows.sessions);
	row(`(y)  Summary per Story (warm), ${rows.storyCount} stories`, rows.stories);
	row('(yc) Summary per Story, 2nd half compared with 1st', rows.storiesCompared);
	row(`(d)  Summary for Each Item's Version, ${DEALS} deals (warm)`, rows.perDeal);
	row('(b)  HTTP Request 4.2 + Split Out, fresh process', rows.httpRequest);
	row('(f)  floor: fetch, parse, wrap; first in a new process', rows.floorCold);
	row("(f') floor: the same, warm process", rows.floorWarm);
	console.log(
		`floor CPU time: first ${fmt(medianOf(rows.floorCold, 'cpuMs')).trim()} ms, warm ${fmt(medianOf(rows.floorWarm, 'cpuMs')).trim()} ms`,
	);
}

function printEngine({ baseVersion, results }, floorWarmMs, eventJsonBytes) {
	const summary = (side) => ({
		ms: medianOf(results[side], 'ms'),
		cpuMs: medianOf(results[side], 'cpuMs'),
		heapMb: Math.max(...results[side].map((r) => r.heapMb)),
		rssMb: Math.max(...results[side].map((r) => r.rssMb)),
		pages: results[side][0].pages,
	});
	const [a, b, s, t] = ['a', 'b', 's', 't'].map(summary);
	console.log('');
	console.log(
		`On n8n-core ${require('n8n-core/package.json').version}'s engine in this process (no app; n8n-nodes-base ${baseVersion}, Node ${process.version}), median of ${RUNS} run${RUNS > 1 ? 's' : ''}, peak memory the highest`,
	);
	console.log(
		'                                         time ms    CPU ms  requests  peak heap MB  peak RSS MB',
	);
	const row = (label, x) =>
		console.log(
			`${label.padEnd(40)}${fmt(x.ms)}  ${fmt(x.cpuMs)}  ${String(x.pages).padStart(8)}  ${fmt(x.heapMb, 1)}      ${fmt(x.rssMb, 1)}`,
		);
	row('(a) Get Events', a);
	row('(b) HTTP Request 4.2 + Split Out', b);
	row('(s) Summary per Version', s);
	row('(t) Storydoc Trigger: one poll', t);
	const jsonMb = eventJsonBytes / 2 ** 20;
	console.log(
		`over the warm floor (f'): (a) ${ratio(a.ms, floorWarmMs)}, (s) ${ratio(s.ms, floorWarmMs)}, (t) ${ratio(t.ms, floorWarmMs)}; (b)/(a) ${ratio(b.ms, a.ms)}; ` +
			`peak heap (a) ${a.heapMb.toFixed(0)} MB = ${(a.heapMb / jsonMb).toFixed(2)} × the events' JSON, (b) ${(b.heapMb / jsonMb).toFixed(2)} ×`,
	);
	return { a, b, s };
}

/** The issue's targets, on like-for-like pairs: fresh against fresh, warm against warm. */
function checkTargets(rows, engine) {
	const a = medianOf(rows.cold, 'ms');
	const aWarm = medianOf(rows.warm, 'ms');
	const b = medianOf(rows.httpRequest, 'ms');
	const f = medianOf(rows.floorCold, 'ms');
	const fWarm = medianOf(rows.floorWarm, 'ms');
	console.log('');
	console.log(
		`Get Events over the floor, in the app: fresh (a)/(f) ${ratio(a, f)}, warm (a')/(f') ${ratio(aWarm, fWarm)}; fresh over the warm floor (a)/(f') ${ratio(a, fWarm)}`,
	);
	console.log(`HTTP Request + Split Out over Get Events, in the app (b)/(a): ${ratio(b, a)}`);
	const tails = (rows) => rows.map((row) => row.tail).filter((tail) => tail !== undefined);
	console.log(
		`Get Events' tail after the last page's answer, each run: fresh (a) ${tails(rows.cold).join(', ')} ms; warm (a') ${tails(rows.warm).join(', ')} ms`,
	);
	const sessions = medianOf(rows.sessions, 'ms');
	console.log(
		`Summary per Reading Session over each event, warm, same run of the app (r)/(a'): ${ratio(sessions, aWarm)}`,
	);
	const perDeal = medianOf(rows.perDeal, 'ms');
	const summary = medianOf(rows.summary, 'ms');
	const stories = medianOf(rows.stories, 'ms');
	console.log(
		`Summary per Story over Summary per Version in this workflow, (y) after (s) (the target is on the interleaved runs below): ${ratio(stories, summary)}`,
	);
	const compared = medianOf(rows.storiesCompared, 'ms');
	console.log(
		`Compare With's cost: Summary per Story of the second half compared with the first over Summary per Story of both, same run (yc)/(y): ${ratio(compared, stories)}`,
	);
	console.log(
		`Engagement per deal (${DEALS} deals, ${rows.unread} never opened) over Summary per Version, same run of the app (d)/(s): ${ratio(perDeal, summary)}`,
	);
	if (QUICK) return;
	check(
		"target: Summary for Each Item's Version of 500 deals ≤ 1.1 × Summary per Version in the same run (d)/(s)",
		perDeal / summary <= 1.1,
		ratio(perDeal, summary),
	);
	check(
		'target: Compare With ≤ 1.1 × the same summary without it over the same two periods (yc)/(y)',
		compared / stories <= 1.1,
		ratio(compared, stories),
	);
	check(
		"target: Summary per Reading Session ≤ 1.1 × Get Events' each event in the same run (r)/(a')",
		sessions / aWarm <= 1.1,
		ratio(sessions, aWarm),
	);
	for (const [label, list] of [
		['fresh (a)', rows.cold],
		["warm (a')", rows.warm],
	]) {
		const tail = medianOf(list, 'tail');
		check(
			`target: Get Events' tail after the last page's answer ≤ 50 ms median, ${label}`,
			tail <= 50,
			`${tail} ms`,
		);
	}
	check(
		'target: Get Events ≤ 1.25 × the floor in the app, fresh (a)/(f)',
		a / f <= 1.25,
		ratio(a, f),
	);
	check(
		"target: Get Events ≤ 1.25 × the floor in the app, warm (a')/(f')",
		aWarm / fWarm <= 1.25,
		ratio(aWarm, fWarm),
	);
	check(
		'target: HTTP Request + Split Out ≥ 4 × Get Events in the app (b)/(a)',
		b / a >= 4,
		ratio(b, a),
	);
	if (!engine) return;
	check(
		`Summary per Version ≤ 1.25 × Get Events on the engine (Node ${process.version}) (s)/(a)`,
		engine.s.ms / engine.a.ms <= 1.25,
		ratio(engine.s.ms, engine.a.ms),
	);
	check(
		'peak heap: Get Events no more than HTTP Request + Split Out (engine)',
		engine.a.heapMb <= engine.b.heapMb,
		`${engine.a.heapMb.toFixed(0)} vs ${engine.b.heapMb.toFixed(0)} MB`,
	);
}

/** The interleaved (y)/(s) runs: their outputs checked, their figures printed, their target checked. */
async function storyPairInApp(app, { dateFrom, dateTo, stories, outputs }) {
	const firstStories = { json: undefined };
	const rows = await measureStoryPair({
		app,
		query: { dateFrom, dateTo, concurrency: CONCURRENCY },
		runs: RUNS,
		profileDir: PROFILE
			? require('node:fs').mkdtempSync(
					path.join(require('node:os').tmpdir(), 'storydoc-bench-pair-'),
				)
			: undefined,
		record(side, items) {
			if (side === 'summary') {
				outputs.record(
					everyEvent('Summary per Version, (y)/(s) runs'),
					summaryMismatch(items, EVENTS),
				);
				return;
			}
			// The same stories in every run, and (in the full run) those of the Get Events workflow.
			const json = JSON.stringify(items.map((item) => item.json));
			firstStories.json ??= stories ? JSON.stringify(stories.map((item) => item.json)) : json;
			outputs.record(
				`Summary per Story, (y)/(s) runs: the same stories as ${stories ? 'in the Get Events workflow' : 'in the first run'}, every run`,
				items.length > 0 && json === firstStories.json
					? undefined
					: `${items.length} stories, differing`,
			);
		},
	});
	return rows;
}

function checkStoryPair(figures) {
	if (QUICK) return;
	check(
		'target: Summary per Story ≤ 1.1 × Summary per Version, interleaved runs (y)/(s)',
		figures.wall <= 1.1,
		`wall ${ratio(figures.wall, 1)}, CPU ${ratio(figures.cpu, 1)}`,
	);
}

async function main() {
	const now = Date.now();
	const started = performance.now();
	const sandbox = await startSandboxProcess({
		events: EVENTS,
		latencyMs: LATENCY_MS,
		now,
		dealVersions: DEALS,
		dealStories: DEAL_STORIES,
	});
	const dateFrom = new Date(now - (SPAN_DAYS + 1) * DAY_MS).toISOString();
	const dateTo = new Date(now).toISOString();
	const workflows = {
		getEvents: getEventsWorkflow({ dateFrom, dateTo, concurrency: CONCURRENCY, dealVersionIds }),
		httpRequest: httpRequestWorkflow({ url: sandbox.url, dateFrom, dateTo }),
	};
	const { DEFAULT_PAGE_CONCURRENCY } = require(
		path.join(PACKAGE_ROOT ?? path.join(__dirname, '..'), 'dist/nodes/Storydoc/constants'),
	);
	const floorQuery = {
		url: sandbox.url,
		token: sandbox.token,
		dateFrom,
		dateTo,
		concurrency: CONCURRENCY ?? DEFAULT_PAGE_CONCURRENCY,
	};
	console.log(
		`The real n8n app (installed on first use), a user folder started once${PACKAGE_ROOT ? `, ${PACKAGE_ROOT} linked` : ''} …`,
	);
	const app = await openApp({
		credentials: benchCredentials(sandbox.url, sandbox.token),
		version: N8N_VERSION,
		packageRoot: PACKAGE_ROOT,
		startedOnce: true,
	});
	const outputs = outputChecks();
	let rows;
	let engine;
	let pairRows;
	try {
		if (!STORIES_ONLY) {
			rows = await measureInApp({ app, sandbox, workflows, floorQuery, outputs });
			if (sameWorkflowPackage(app.dir))
				engine = await measureOnEngine({
					n8nDir: app.dir,
					sandbox,
					workflows,
					dateFrom,
					runs: RUNS,
					check: (side, items) =>
						side === 's'
							? outputs.record(
									everyEvent('Summary per Version on the engine'),
									summaryMismatch(items, EVENTS),
								)
							: outputs.record(
									sameEvents(`${ENGINE_SIDES[side]} on the engine`),
									eventsMismatch(items, sandbox.eventIds),
								),
				});
		}
		pairRows = await storyPairInApp(app, { dateFrom, dateTo, stories: rows?.storyItems, outputs });
		if (PROFILE && !STORIES_ONLY) await profileInApp(app, workflows);
	} finally {
		app.close();
		sandbox.close();
	}
	outputs.report();
	const appNode = spawnSync(app.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
	const storyCount = pairRows[0].storyCount;
	if (!STORIES_ONLY) {
		printApp(rows, {
			eventJsonBytes: sandbox.eventJsonBytes,
			n8nVersion: app.n8nVersion,
			node: appNode,
			concurrency: floorQuery.concurrency,
		});
		const engineSummary = engine
			? printEngine(engine, medianOf(rows.floorWarm, 'ms'), sandbox.eventJsonBytes)
			: undefined;
		if (!engine)
			console.log(
				`\nNo engine part: n8n ${app.n8nVersion}'s n8n-workflow is not this project's (the engine tests run that line: STORYDOC_N8N_LINE=1.x)`,
			);
		checkTargets(rows, engineSummary);
	} else {
		console.log(
			`\n${EVENTS.toLocaleString('en-US')} events, ${LATENCY_MS} ms per page; the real app: n8n ${app.n8nVersion} (\`n8n execute\`, Node ${appNode})`,
		);
	}
	checkStoryPair(printStoryPair(pairRows, { storyCount }));
	console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
	summarize();
}

/** Whether the app's n8n-workflow is this project's, as the engine part needs (benchmarks/analytics/engine.js). */
function sameWorkflowPackage(n8nDir) {
	const version = (dir) => require(path.join(dir, 'n8n-workflow', 'package.json')).version;
	return (
		version(path.join(n8nDir, 'node_modules')) ===
		version(path.join(__dirname, '..', 'node_modules'))
	);
}

if (typeof global.gc !== 'function') {
	// A full GC before each engine run is what makes its memory figures comparable.
	const child = spawnSync(process.execPath, ['--expose-gc', __filename, ...process.argv.slice(2)], {
		stdio: 'inherit',
	});
	process.exit(child.status ?? 1);
} else {
	main().catch(benchCrashed);
}
