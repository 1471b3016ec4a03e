'use strict';
/**
 * npm run bench:analytics — Storydoc › Analytics › Get Events against what users build today:
 * n8n's HTTP Request node (4.2, built-in pagination) followed by a Split Out node.
 *
 * Both run in this one process through n8n-core's real engine (test/harness/n8n.ts), against the local
 * sandbox with 50,000 events and 50 ms latency per response, and must output the same 50,000 events.
 * The sandbox runs in a child process, as the API runs on another machine: its own work (building
 * and serializing pages) would otherwise be billed to whichever node is being measured.
 * HTTP Request and Split Out are n8n's own code: n8n-nodes-base 2.41.1 from the n8n app that
 * `e2e/install-n8n.sh` installs for the end-to-end tests (installed on first use, a few
 * minutes), loaded with this project's n8n-workflow so there is one copy of it in the process.
 *
 * Beside them, the floor (f): the same pages read with plain `fetch` and the node's concurrency, each
 * body parsed and each event wrapped as an item, outside the engine; (a)/(f) is what the node adds.
 *
 * Time: wall clock of each workflow run, and the CPU time this process spent on it (less sensitive to
 * other load on the machine than the wall clock). Memory: heap and RSS sampled every 5 ms during the run,
 * above a baseline taken after a full GC, so the figure is what the run itself needed (output included).
 *
 * Options (env): BENCH_EVENTS (50000), BENCH_LATENCY_MS (50), BENCH_RUNS (5, plus one warm-up each),
 * BENCH_CONCURRENCY (the node's default when unset). `--profile` then profiles three runs of (a).
 */
const { fork, spawnSync } = require('node:child_process');
const { once } = require('node:events');
const path = require('node:path');
const Module = require('node:module');

const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PROFILE = process.argv.includes('--profile');
const CONCURRENCY = process.env.BENCH_CONCURRENCY
	? Number(process.env.BENCH_CONCURRENCY)
	: undefined;
const { DAY_MS } = require('../sandbox/dates');
/** All events within one 92-day API range, so the HTTP Request node can fetch them in one paginated call. */
const SPAN_DAYS = 90;

/**
 * Loads n8n-nodes-base node classes from the installed n8n app, resolving their `n8n-workflow` to
 * this project's copy (the same version, 2.41.0): two copies in one process would break n8n's
 * `instanceof` checks on errors and make the comparison depend on which copy a node got.
 */
function loadBaseNodes(n8nDir) {
	const base = path.join(n8nDir, 'node_modules', 'n8n-nodes-base');
	const projectWorkflow = require.resolve('n8n-workflow');
	const appWorkflowVersion = require(
		path.join(n8nDir, 'node_modules', 'n8n-workflow', 'package.json'),
	).version;
	const projectWorkflowVersion = require('n8n-workflow/package.json').version;
	if (appWorkflowVersion !== projectWorkflowVersion) {
		throw new Error(
			`The n8n app has n8n-workflow ${appWorkflowVersion}, this project ${projectWorkflowVersion}: not comparable`,
		);
	}
	const resolve = Module._resolveFilename;
	Module._resolveFilename = function (request, parent, ...rest) {
		if (request === 'n8n-workflow' && parent?.filename?.startsWith(base)) return projectWorkflow;
		return resolve.call(this, request, parent, ...rest);
	};
	return {
		version: require(path.join(base, 'package.json')).version,
		HttpRequest: require(path.join(base, 'dist/nodes/HttpRequest/HttpRequest.node.js')).HttpRequest,
		SplitOut: require(path.join(base, 'dist/nodes/Transform/SplitOut/SplitOut.node.js')).SplitOut,
		HttpBearerAuth: require(path.join(base, 'dist/credentials/HttpBearerAuth.credentials.js'))
			.HttpBearerAuth,
	};
}

/** The HTTP Request setup users build for this API (the page number raised until `pagination.hasMore` is false), then Split Out on `data`. */
function httpRequestWorkflow(url, dateFrom, dateTo) {
	return {
		name: 'HTTP Request + Split Out',
		nodes: [
			{
				id: 'm',
				name: 'Manual',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'h',
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [200, 0],
				credentials: { httpBearerAuth: { id: '2', name: 'Storydoc bearer' } },
				parameters: {
					url: `${url}/v2/analytics/events`,
					authentication: 'genericCredentialType',
					genericAuthType: 'httpBearerAuth',
					sendQuery: true,
					queryParameters: {
						parameters: [
							{ name: 'dateFrom', value: dateFrom },
							{ name: 'dateTo', value: dateTo },
						],
					},
					options: {
						pagination: {
							pagination: {
								paginationMode: 'updateAParameterInEachRequest',
								parameters: {
									parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
								},
								paginationCompleteWhen: 'other',
								completeExpression: '={{ $response.body.pagination.hasMore === false }}',
							},
						},
					},
				},
			},
			{
				id: 's',
				name: 'Split Out',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [400, 0],
				parameters: { fieldToSplitOut: 'data', include: 'noOtherFields', options: {} },
			},
		],
		connections: {
			Manual: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] },
			'HTTP Request': { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] },
		},
	};
}

/**
 * The child process: a sandbox whose events all fall in the last SPAN_DAYS days. Tells the parent its
 * URL, the team token and the event ids in the API's order (to check both outputs against), then
 * clears its log and answers `pages` (how many analytics requests since) on request.
 */
async function runSandboxChild() {
	const { createSandbox } = require('../sandbox/server');
	const now = Number(process.argv[3]);
	const sandbox = createSandbox({
		events: EVENTS,
		eventSpanDays: SPAN_DAYS,
		latencyMs: LATENCY_MS,
		now: () => now,
	});
	const url = await sandbox.start(0, '127.0.0.1');
	process.on('message', (message) => {
		if (message === 'pages') {
			process.send({
				pages: sandbox.log.filter((entry) => entry.path === '/v2/analytics/events').length,
			});
			sandbox.clearLog();
		}
	});
	process.on('disconnect', () => sandbox.close().then(() => process.exit(0)));
	process.send({
		url,
		token: sandbox.tokens.team,
		eventIds: sandbox.state.events.map((event) => event.eventId),
		eventJsonBytes: Buffer.byteLength(JSON.stringify(sandbox.state.events)),
	});
}

async function startSandboxChild(now) {
	const child = fork(__filename, ['--sandbox', String(now)], { stdio: 'inherit' });
	const [ready] = await once(child, 'message');
	return {
		...ready,
		async pagesSinceLastAsk() {
			child.send('pages');
			const [{ pages }] = await once(child, 'message');
			return pages;
		},
		close: () => child.disconnect(),
	};
}

/**
 * The floor any client must spend, measured beside the node in the same process: page 1, then the
 * other pages with the node's concurrency (a pool of that many requests), each body parsed and each
 * event wrapped as an n8n item, in order. Plain `fetch`, no engine, no checks, every page kept.
 */
async function readAtTheFloor({ url, token, dateFrom, dateTo, concurrency }) {
	const headers = { authorization: `Bearer ${token}` };
	const query = `dateFrom=${encodeURIComponent(dateFrom)}&dateTo=${encodeURIComponent(dateTo)}`;
	const page = async (number) => {
		const response = await fetch(`${url}/v2/analytics/events?${query}&page=${number}`, { headers });
		if (!response.ok) throw new Error(`page ${number} answered ${response.status}`);
		return JSON.parse(await response.text());
	};
	const first = await page(1);
	const pages = [first.data];
	let next = 2;
	const worker = async () => {
		while (next <= first.pagination.totalPages) {
			const number = next++;
			pages[number - 1] = (await page(number)).data;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	const items = [];
	for (const data of pages)
		for (const event of data) items.push({ json: event, pairedItem: { item: 0 } });
	return items;
}

/** Runs one read after a full GC and returns its time, memory peaks above baseline and output items. */
async function measure(read) {
	global.gc();
	global.gc();
	const baseline = process.memoryUsage();
	let peakHeap = baseline.heapUsed;
	let peakRss = baseline.rss;
	const sampler = setInterval(() => {
		const usage = process.memoryUsage();
		peakHeap = Math.max(peakHeap, usage.heapUsed);
		peakRss = Math.max(peakRss, usage.rss);
	}, 5);
	const started = process.hrtime.bigint();
	const cpuBefore = process.cpuUsage();
	const items = await read();
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	const cpu = process.cpuUsage(cpuBefore);
	clearInterval(sampler);
	const usage = process.memoryUsage();
	peakHeap = Math.max(peakHeap, usage.heapUsed);
	peakRss = Math.max(peakRss, usage.rss);
	return {
		ms,
		cpuMs: (cpu.user + cpu.system) / 1000,
		heapMb: (peakHeap - baseline.heapUsed) / 2 ** 20,
		rssMb: (peakRss - baseline.rss) / 2 ** 20,
		items,
	};
}

/**
 * `--profile`: a CPU profile of `read` run `times` times (V8's sampling profiler through
 * node:inspector), saved as a .cpuprofile (open it in Chrome's DevTools) and summed up by self time.
 */
async function profile(read, times) {
	const inspector = require('node:inspector');
	const fs = require('node:fs');
	const session = new inspector.Session();
	session.connect();
	const post = (method, params) =>
		new Promise((resolve, reject) =>
			session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
		);
	await post('Profiler.enable');
	await post('Profiler.setSamplingInterval', { interval: 100 });
	await post('Profiler.start');
	for (let run = 0; run < times; run++) await read();
	const { profile: cpuProfile } = await post('Profiler.stop');
	session.disconnect();
	const file = path.join(require('node:os').tmpdir(), 'bench-analytics-get-events.cpuprofile');
	fs.writeFileSync(file, JSON.stringify(cpuProfile));

	const root = path.join(__dirname, '..');
	const interval = (cpuProfile.endTime - cpuProfile.startTime) / cpuProfile.samples.length / 1000;
	const counts = new Map();
	for (const id of cpuProfile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
	const selfMs = new Map();
	for (const node of cpuProfile.nodes) {
		const { functionName, url, lineNumber } = node.callFrame;
		const where = url
			? `${url.replace(`file://${root}/`, '').replace(/^.*node_modules\//, '')}:${lineNumber + 1}`
			: '';
		const key = `${functionName || '(anonymous)'} ${where}`.trim();
		selfMs.set(key, (selfMs.get(key) ?? 0) + (counts.get(node.id) ?? 0) * interval);
	}
	const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
	console.log(`\nCPU profile of (a), ${times} runs, ${total.toFixed(0)} ms sampled: ${file}`);
	console.log('self ms   share  function');
	for (const [key, ms] of [...selfMs].sort((x, y) => y[1] - x[1]).slice(0, 25)) {
		console.log(
			`${ms.toFixed(0).padStart(7)}  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`,
		);
	}
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (value, digits = 0) => value.toFixed(digits).padStart(8);

async function main() {
	const { installN8n } = require('../e2e/n8n-app');
	const { loadEngine } = require('../scripts/engine');
	const { loadPackage, runPoll, runWorkflow, storydocWorkflow, CREDENTIAL_TYPE, NODE_TYPE } =
		loadEngine();
	const { DEFAULT_PAGE_CONCURRENCY } = require('../dist/nodes/Storydoc/constants');

	console.log('Installing or reusing the n8n app for n8n-nodes-base (e2e/install-n8n.sh) …');
	const app = installN8n();
	const base = loadBaseNodes(app.dir);
	const { types, credentialTypes } = await loadPackage();
	types.set('n8n-nodes-base.httpRequest', new base.HttpRequest());
	types.set('n8n-nodes-base.splitOut', new base.SplitOut());
	credentialTypes.set('httpBearerAuth', new base.HttpBearerAuth());

	const now = Date.now();
	const sandbox = await startSandboxChild(now);
	const credentials = {
		[CREDENTIAL_TYPE]: { accessToken: sandbox.token, baseUrl: sandbox.url },
		httpBearerAuth: { token: sandbox.token },
	};
	const dateFrom = new Date(now - (SPAN_DAYS + 1) * DAY_MS).toISOString();
	const dateTo = new Date(now).toISOString();

	const storydoc = storydocWorkflow({
		resource: 'analytics',
		operation: 'getEvents',
		dateFrom,
		dateTo,
		returnAll: true,
		options: CONCURRENCY ? { concurrency: CONCURRENCY } : {},
	});
	storydoc.name = 'Storydoc › Get Events';
	const perVersion = storydocWorkflow({
		resource: 'analytics',
		operation: 'getEvents',
		dateFrom,
		dateTo,
		output: 'versionSummary',
		options: CONCURRENCY ? { concurrency: CONCURRENCY } : {},
	});
	perVersion.name = 'Storydoc › Get Events › Summary per Version';
	const httpRequest = httpRequestWorkflow(sandbox.url, dateFrom, dateTo);

	const viaEngine = (workflow, outputNode) => async () => {
		const { outputs, error } = await runWorkflow(workflow, { credentials });
		if (error) throw new Error(`${workflow.name} failed: ${error.message}`);
		return outputs[outputNode];
	};
	const reads = {
		a: viaEngine(storydoc, 'Storydoc'),
		s: viaEngine(perVersion, 'Storydoc'),
		// A poll whose cursor stands where the period starts: it reads and emits every event.
		t: async () => {
			const node = {
				name: 'Storydoc Trigger',
				type: `${NODE_TYPE}Trigger`,
				parameters: { event: 'any' },
				credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'Storydoc' } },
			};
			const staticData = { 'node:Storydoc Trigger': { cursor: { timestamp: dateFrom, seen: [] } } };
			return (await runPoll(node, { credentials, staticData })).items;
		},
		b: viaEngine(httpRequest, 'Split Out'),
		f: () =>
			readAtTheFloor({
				url: sandbox.url,
				token: sandbox.token,
				dateFrom,
				dateTo,
				concurrency: CONCURRENCY ?? DEFAULT_PAGE_CONCURRENCY,
			}),
	};
	const results = { a: [], b: [], f: [], s: [], t: [] };
	try {
		await sandbox.pagesSinceLastAsk();
		for (let run = 0; run <= RUNS; run++) {
			// Rotate which goes first, so none always runs on a warmer (or more fragmented) heap.
			const sides = ['a', 'b', 'f', 's', 't'];
			const order = [...sides.slice(run % sides.length), ...sides.slice(0, run % sides.length)];
			for (const side of order) {
				const result = await measure(reads[side]);
				checkOutput(side, result.items, sandbox.eventIds);
				result.items = undefined;
				result.pages = await sandbox.pagesSinceLastAsk();
				if (run > 0) results[side].push(result); // run 0 warms up both
			}
		}
		if (PROFILE) await profile(reads.a, 3);
	} finally {
		sandbox.close();
	}

	const summary = (side) => ({
		ms: median(results[side].map((r) => r.ms)),
		cpuMs: median(results[side].map((r) => r.cpuMs)),
		heapMb: Math.max(...results[side].map((r) => r.heapMb)),
		rssMb: Math.max(...results[side].map((r) => r.rssMb)),
		pages: results[side][0].pages,
	});
	const a = summary('a');
	const b = summary('b');
	const f = summary('f');
	const perVersionSummary = summary('s');
	const poll = summary('t');
	console.log('');
	console.log(
		`${EVENTS.toLocaleString('en-US')} events (${(sandbox.eventJsonBytes / 2 ** 20).toFixed(1)} MB of JSON), ` +
			`${LATENCY_MS} ms latency per response, n8n-core ${require('n8n-core/package.json').version}, ` +
			`n8n-nodes-base ${base.version}, Node ${process.version}, median of ${RUNS} runs (peak memory: highest of the runs)`,
	);
	console.log(
		'                                         time ms    CPU ms  requests  peak heap MB  peak RSS MB',
	);
	const row = (label, s) =>
		console.log(
			`${label.padEnd(40)}${fmt(s.ms)}  ${fmt(s.cpuMs)}  ${String(s.pages).padStart(8)}  ${fmt(s.heapMb, 1)}      ${fmt(s.rssMb, 1)}`,
		);
	row(`(a) Storydoc › Get Events${CONCURRENCY ? ` (${CONCURRENCY} parallel)` : ''}`, a);
	row('(b) HTTP Request 4.2 + Split Out', b);
	row('(f) floor: fetch, parse, wrap (no engine)', f);
	row('(s) Get Events › Summary per Version', perVersionSummary);
	row('(t) Storydoc Trigger: one poll', poll);
	const ratio = b.ms / a.ms;
	const overFloor = a.ms / f.ms;
	console.log(
		`Summary per Version over the floor (s)/(f): ${(perVersionSummary.ms / f.ms).toFixed(2)}× (same reading path; it keeps one row per version, not the events)`,
	);
	console.log(
		`the trigger's poll over the floor (t)/(f): ${(poll.ms / f.ms).toFixed(2)}× (same reading path; its cursor checked per event)`,
	);
	console.log('');
	console.log(
		`speed-up (b)/(a): ${ratio.toFixed(1)}×   target ≥ 4×: ${ratio >= 4 ? 'met' : 'NOT met'}`,
	);
	console.log(
		`node over the floor (a)/(f): ${overFloor.toFixed(2)}×   target ≤ 1.25×: ${overFloor <= 1.25 ? 'met' : 'NOT met'}`,
	);
	console.log(
		`peak heap (a)/(b): ${(a.heapMb / b.heapMb).toFixed(2)}   memory no worse: ${a.heapMb <= b.heapMb ? 'met' : 'NOT met'}`,
	);
	const jsonMb = sandbox.eventJsonBytes / 2 ** 20;
	console.log(
		`peak heap per MB of event JSON: (a) ${(a.heapMb / jsonMb).toFixed(2)}, (b) ${(b.heapMb / jsonMb).toFixed(2)}`,
	);
	if (ratio < 4 || overFloor > 1.25 || a.heapMb > b.heapMb) process.exitCode = 1;
}

/** Both sides must output exactly the sandbox's events, once each and in order, or the times mean nothing. */
function checkOutput(side, items, eventIds) {
	if (side === 's') {
		// One row per version; its views and clicks add up to every event read.
		const counted = items.reduce((sum, item) => sum + item.json.views + item.json.clicks, 0);
		if (counted !== eventIds.length)
			throw new Error(`Summary per Version counted ${counted} events, expected ${eventIds.length}`);
		return;
	}
	const label = {
		a: 'Storydoc',
		b: 'HTTP Request + Split Out',
		f: 'the floor',
		t: 'the trigger',
	}[side];
	if (items.length !== eventIds.length)
		throw new Error(`${label} output ${items.length} items, expected ${eventIds.length}`);
	for (let index = 0; index < eventIds.length; index++) {
		if (items[index].json.eventId !== eventIds[index]) {
			throw new Error(
				`${label} item ${index} is event ${items[index].json.eventId}, expected ${eventIds[index]}`,
			);
		}
	}
}

if (process.argv[2] === '--sandbox') {
	runSandboxChild();
} else if (typeof global.gc !== 'function') {
	// A full GC before each run is what makes memory figures comparable.
	const child = spawnSync(process.execPath, ['--expose-gc', __filename, ...process.argv.slice(2)], {
		stdio: 'inherit',
	});
	process.exit(child.status ?? 1);
} else {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
