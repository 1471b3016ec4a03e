#!/usr/bin/env node
'use strict';
/**
 * `npm run bench:create`: Version › Create and Story › Generate in the real n8n app (2.41.1, `n8n
 * execute`), against the sandbox answering each request after a real account's time, at Storydoc's
 * limit (150 version requests per 60 s per IP). For 20, 300 and 600 creates it prints the node's time
 * (n8n's executionTime), the floor the limit allows ((⌈N / 150⌉ − 1) windows + one answer), the ratio,
 * the answers 429, duplicates and whether the output kept the input's order, beside n8n's HTTP Request
 * node sending the same requests; then 10 generations taking 20 s each and 20 taking 60 s (the sandbox
 * holds each generation that long). Last, the CPU cost of building one item's `data`.
 *
 *   node benchmarks/create.js [--latency MS] [--quick] [--sizes 20,300,600] [--generations 10x20,20x60]
 *
 * --quick (CI): 100 ms answers, 20 and 150 creates, 4 generations of 5 s; checks exactly-once and order,
 * prints the times. The full run (about 12 minutes) also checks the targets: 20 creates within 3 s,
 * 300 within 1.03 × the floor, 600 within 1.02 ×; 10 generations of 20 s within 25 s, 20 of 60 s within
 * 130 s. Ends with `bench: N checks passed, N failed` and exits 1 when a check failed.
 */
const { startSandbox } = require('../scripts/lib/sandbox');
const { SEED } = require('../sandbox/seed');
const { argValue, benchCrashed, createChecks } = require('./lib/checks');
const { openApp } = require('./lib/realApp');
const { benchCredentials, httpRequestNode, recordsThen, storydocNode } = require('./lib/workflows');
const { mappingMicrosPerItem } = require('./mapping');

const QUICK = process.argv.includes('--quick');
const LATENCY_MS = Number(argValue('--latency') ?? (QUICK ? 100 : 800));
const CREATES = (argValue('--sizes') ?? (QUICK ? '20,150' : '20,300,600'))
	.split(',')
	.filter(Boolean)
	.map(Number);
/** `items x seconds` each: how many generations, and how long the sandbox takes for each. */
const GENERATIONS = (argValue('--generations') ?? (QUICK ? '4x5' : '10x20,20x60'))
	.split(',')
	.filter(Boolean)
	.map((spec) => {
		const [items, eachSeconds] = spec.split('x').map(Number);
		return { items, eachMs: eachSeconds * 1000 };
	});
/** The targets for the full run: generations (items, each seconds) → most seconds. */
const GENERATION_TARGETS = { '10x20': 25, '20x60': 130 };
const CREATE_TARGETS = { 300: 1.03, 600: 1.02 };
const LIMIT = { max: 150, windowMs: 60_000 };
const STORY = SEED.stories.intro.id;
const SENDER = SEED.users.sam.email;

const { check, summarize } = createChecks();

const floorMs = (items) => (Math.ceil(items / LIMIT.max) - 1) * LIMIT.windowMs + LATENCY_MS;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const deals = (count) =>
	`={{ Array.from({ length: ${count} }, (_, index) => ({ company: 'Deal ' + index })) }}`;

/** What the sandbox saw of one run's creates: 429s, versions per title, and the output's order. */
function createdBy(sandbox, count, output) {
	const refused = sandbox.log.filter((entry) => entry.status === 429).length;
	const perTitle = new Map();
	for (const version of sandbox.state.versions) {
		const title = version.data?.title;
		if (typeof title === 'string' && title.startsWith('Deal '))
			perTitle.set(title, [...(perTitle.get(title) ?? []), version.id]);
	}
	const duplicates = [...perTitle.values()].reduce((sum, ids) => sum + ids.length - 1, 0);
	const inOrder =
		output.length === count &&
		output.every((item, index) => perTitle.get(`Deal ${index}`)?.[0] === item.json.versionId);
	const failed = output.filter((item) => item.json.error !== undefined).length;
	return { refused, created: perTitle.size, duplicates, inOrder, failed };
}

/**
 * Where a run's time went, from the sandbox's log: per rate-limit window, when its first request
 * arrived after the previous window's first plus 60 s (the time lost at the boundary), and how long
 * its requests took to arrive.
 */
function windowsOf(sandbox) {
	const arrivals = sandbox.log
		.filter((entry) => entry.path === '/v2/versions')
		.map((entry) => ({ at: Date.parse(entry.time), counter: entry.rateLimitCounter }));
	const starts = arrivals.filter((entry) => entry.counter === 1).map((entry) => entry.at);
	return starts.map((start, index) => {
		const next = starts[index + 1] ?? Number.POSITIVE_INFINITY;
		const inWindow = arrivals.filter((entry) => entry.at >= start && entry.at < next);
		const lost = index === 0 ? 0 : start - starts[index - 1] - LIMIT.windowMs;
		const spread = Math.max(...inWindow.map((entry) => entry.at)) - start;
		return `${inWindow.length} (+${lost} ms, over ${spread} ms)`;
	});
}

async function benchCreates(app, sandbox, count) {
	const parameters = {
		resource: 'version',
		operation: 'create',
		storyId: { __rl: true, mode: 'id', value: STORY },
		senderEmail: SENDER,
		title: '={{ $json.company }}',
	};
	sandbox.reset();
	const node = await app.execute(
		recordsThen(`benchCreate${count}`, deals(count), storydocNode(parameters)),
	);
	const nodeResult = {
		ms: node.nodeMs('Measured'),
		windows: windowsOf(sandbox),
		...createdBy(sandbox, count, node.outputs.Measured ?? []),
	};

	sandbox.reset();
	const body = `={{ JSON.stringify({ storyId: '${STORY}', senderEmail: '${SENDER}', data: { title: $json.company } }) }}`;
	const http = await app.execute(
		recordsThen(
			`benchHttp${count}`,
			deals(count),
			httpRequestNode(`${sandbox.url}/v2/versions`, body),
		),
	);
	const httpResult = {
		ms: http.nodeMs('Measured'),
		...createdBy(sandbox, count, http.outputs.Measured ?? []),
	};
	return { node: nodeResult, http: httpResult, error: node.error };
}

function reportCreates(count, { node, http, error }) {
	const floor = floorMs(count);
	const ratio = node.ms / floor;
	console.log(
		`${String(count).padStart(4)} creates  node ${seconds(node.ms).padStart(7)}  floor ${seconds(floor).padStart(7)}  ` +
			`÷ floor ${ratio.toFixed(3)}  429s ${node.refused}  duplicates ${node.duplicates}  created ${node.created}/${count}  ` +
			`in order ${node.inOrder ? 'yes' : 'NO'}   |  HTTP Request ${seconds(http.ms)}, 429s ${http.refused}, items lost ${http.failed}`,
	);
	console.log(
		`      windows: requests (the first's arrival after the last window's first + 60 s, over how long they arrived): ${node.windows.join(', ')}`,
	);
	check(
		`${count} creates: each created once, none failed, output in input order`,
		!error && node.created === count && node.duplicates === 0 && node.inOrder && node.failed === 0,
		error ? error.message : '',
	);
	check(`${count} creates: no answer 429`, node.refused === 0, `${node.refused}`);
	if (QUICK) return;
	if (count === 20) check('20 creates within 3 s', node.ms <= 3000, seconds(node.ms));
	const target = CREATE_TARGETS[count];
	if (target)
		check(`${count} creates within ${target} × the floor`, ratio <= target, ratio.toFixed(3));
}

async function benchGenerations(app, sandbox, { items, eachMs }) {
	sandbox.reset();
	// Each generation held for its time (beside the latency every answer has).
	sandbox.setFault({
		route: 'POST /v2/stories/generate',
		type: 'slow',
		delayMs: Math.max(0, eachMs - LATENCY_MS),
		times: Infinity,
	});
	const storiesBefore = sandbox.state.stories.length;
	const records = `={{ Array.from({ length: ${items} }, (_, index) => ({ prompt: 'A one-pager for lead ' + index })) }}`;
	const run = await app.execute(
		recordsThen(
			`benchGenerate${items}x${eachMs}`,
			records,
			storydocNode({
				resource: 'story',
				operation: 'generate',
				prompt: '={{ $json.prompt }}',
				senderEmail: SENDER,
			}),
		),
		{ timeoutMs: 20 * 60_000 },
	);
	const ms = run.nodeMs('Measured');
	const made = sandbox.state.stories.length - storiesBefore;
	const prompts = sandbox.log
		.filter((entry) => entry.path === '/v2/stories/generate')
		.map((entry) => entry.body?.prompt);
	const output = run.outputs.Measured ?? [];
	const pages = new Map(sandbox.state.stories.map((story) => [story.id, story]));
	const inOrder = output.every((item, index) =>
		String(pages.get(item.json.pageId)?.title ?? '').endsWith(`lead ${index}`),
	);
	console.log(
		`${items} generations of ${seconds(eachMs)} each: node ${seconds(ms)}, stories made ${made}, requests ${prompts.length}, 429s ${sandbox.log.filter((e) => e.status === 429).length}, in order ${inOrder ? 'yes' : 'NO'}`,
	);
	check(
		`${items} generations: each story made once, output in input order`,
		!run.error && made === items && output.length === items && prompts.length === items && inOrder,
		run.error?.message ?? '',
	);
	const target = GENERATION_TARGETS[`${items}x${eachMs / 1000}`];
	if (!QUICK && target)
		check(
			`${items} generations of ${seconds(eachMs)} within ${target} s`,
			ms <= target * 1000,
			seconds(ms),
		);
}

async function main() {
	const { sandbox, url } = await startSandbox({
		latencyMs: LATENCY_MS,
		rateLimit: LIMIT,
	});
	let app;
	try {
		app = await openApp({ credentials: benchCredentials(url, sandbox.tokens.team) });
		console.log(
			`n8n ${app.n8nVersion} (n8n execute), each answer after ${LATENCY_MS} ms, limit ${LIMIT.max} per ${LIMIT.windowMs / 1000} s${QUICK ? ' (quick)' : ' (about 12 minutes)'}`,
		);
		for (const count of CREATES) reportCreates(count, await benchCreates(app, sandbox, count));
		for (const generations of GENERATIONS) await benchGenerations(app, sandbox, generations);
		const mapping = mappingMicrosPerItem();
		console.log(`mapping: ${mapping.toFixed(1)} µs CPU per item to build a version's data`);
		check('building data costs under 1 ms per item', mapping < 1000, `${mapping.toFixed(1)} µs`);
	} finally {
		app?.close();
		await sandbox.close();
	}
	summarize();
}

main().catch(benchCrashed);
