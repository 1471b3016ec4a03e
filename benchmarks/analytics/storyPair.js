'use strict';
/**
 * Summary per Story (y) against Summary per Version (s), interleaved: each run is one `n8n execute`
 * that first runs both once to warm the process up, then s y y s in even runs and y s s y in odd
 * ones, each side's figure of a run the mean of its two. A node run second pays for much of the
 * garbage the one before left (its parsed pages), so a fixed order, as in the Get Events workflow,
 * favours whichever runs first; A B B A gives each side an early and a late slot. appProbe.js is
 * loaded into n8n for each node's CPU time beside n8n's executionTime: with other work on the
 * machine the CPU time moves less than the wall time, and both are printed.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { summarizeProfile } = require('./cpuProfile');
const { storydocNode, manualWorkflow } = require('../lib/workflows');
const { median } = require('../../scripts/lib/median');

const OUTPUTS = { summary: 'versionSummary', stories: 'storySummary' };
const LABELS = { summary: 'Summary per Version', stories: 'Summary per Story' };
const other = (side) => (side === 'summary' ? 'stories' : 'summary');
/** A run's order after the two warm-ups: A B B A, A being `first`. */
const measuredOrder = (first) => [first, other(first), other(first), first];
const nodeName = (side, slot) => `${LABELS[side]} ${slot === undefined ? '(warm-up)' : `#${slot}`}`;

/** The pair's workflow: both warmed up, then `first` and the other measured as A B B A. */
function pairWorkflow({ dateFrom, dateTo, concurrency }, first) {
	const order = [
		['summary', undefined],
		['stories', undefined],
		...measuredOrder(first).map((side, slot) => [side, slot + 1]),
	];
	const nodes = order.map(([side, slot], index) => ({
		...storydocNode({
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom,
			dateTo,
			output: OUTPUTS[side],
			options: concurrency ? { concurrency } : {},
		}),
		id: `pair-${index}`,
		name: nodeName(side, slot),
		// n8n (execution order v1) runs a node's branches top first.
		position: [300, index * 200],
	}));
	const link = (node) => ({ node: node.name, type: 'main', index: 0 });
	return manualWorkflow(`benchStoryPair-${first}`, nodes, {
		Manual: { main: [nodes.map(link)] },
	});
}

/**
 * `runs` interleaved runs of the pair in `app`; `record(side, items)` checks each side's output.
 * With `profileDir`, the last run's measured pair is CPU-profiled there too. Returns the rows.
 */
async function measureStoryPair({ app, query, runs, record, profileDir }) {
	const workflows = {
		summary: pairWorkflow(query, 'summary'),
		stories: pairWorkflow(query, 'stories'),
	};
	const dir = profileDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-bench-pair-'));
	const rows = [];
	for (let run = 0; run < runs; run++) {
		const first = run % 2 === 0 ? 'summary' : 'stories';
		const profiled = profileDir && run === runs - 1;
		const order = measuredOrder(first);
		// The last run profiles each side's first measured node.
		const profiledNodes = ['summary', 'stories'].map((side) =>
			nodeName(side, order.indexOf(side) + 1),
		);
		const result = await app.execute(workflows[first], {
			imported: run > 1,
			env: {
				NODE_OPTIONS: `--require ${path.join(__dirname, 'appProbe.js')}`,
				STORYDOC_PROBE_PROFILE: profiled ? profiledNodes.join(',') : '',
				STORYDOC_PROBE_DIR: dir,
			},
		});
		if (result.error) throw new Error(`The pair failed in the app: ${result.error.message}`);
		const line = result.stderr.split('\n').find((text) => text.startsWith('STORYDOC_PROBE '));
		if (!line) throw new Error(`The probe printed nothing\n${result.stderr.slice(-2000)}`);
		const { nodes, mainThread } = JSON.parse(line.slice('STORYDOC_PROBE '.length));
		const row = { first, mainThread, storyCount: 0 };
		for (const side of ['summary', 'stories']) {
			const names = order
				.map((measured, slot) => (measured === side ? nodeName(side, slot + 1) : undefined))
				.filter(Boolean);
			for (const name of names) record(side, result.outputs[name] ?? []);
			// Per run, each side's mean over its two slots (one early, one late).
			const mean = (of) => names.reduce((sum, name) => sum + of(name), 0) / names.length;
			row[side] = {
				ms: mean((name) => result.nodeMs(name)),
				cpuMs: mean((name) => nodes[name]?.mainThreadCpuMs ?? Number.NaN),
				profile: nodes[names[0]]?.profile,
			};
		}
		row.storyCount = (
			result.outputs[nodeName('stories', order.indexOf('stories') + 1)] ?? []
		).length;
		rows.push(row);
	}
	if (!profileDir) fs.rmSync(dir, { recursive: true, force: true });
	return rows;
}

/** The pair's medians and ratios (of the medians), and each run's ratios. */
function pairFigures(rows) {
	const of = (side, key) => median(rows.map((row) => row[side][key]));
	const figures = {
		summaryMs: of('summary', 'ms'),
		storiesMs: of('stories', 'ms'),
		summaryCpuMs: of('summary', 'cpuMs'),
		storiesCpuMs: of('stories', 'cpuMs'),
		runs: rows.map((row) => ({
			first: row.first,
			wall: row.stories.ms / row.summary.ms,
			cpu: row.stories.cpuMs / row.summary.cpuMs,
		})),
	};
	figures.wall = figures.storiesMs / figures.summaryMs;
	figures.cpu = figures.storiesCpuMs / figures.summaryCpuMs;
	return figures;
}

function printStoryPair(rows, { storyCount }) {
	const figures = pairFigures(rows);
	const r = (x) => `${x.toFixed(2)}×`;
	console.log('');
	console.log(
		`Summary per Story (y, ${storyCount} stories) against Summary per Version (s), each run one \`n8n execute\` (both warmed up, then s y y s or y s s y in turn, each side's two the run's figure), median of ${rows.length}:`,
	);
	console.log(
		`  CPU time: ${rows[0].mainThread ? "the main thread's" : "the whole process's (this Node has no threadCpuUsage)"}`,
	);
	console.log(
		`  (s) ${figures.summaryMs.toFixed(0)} ms, CPU ${figures.summaryCpuMs.toFixed(0)} ms; (y) ${figures.storiesMs.toFixed(0)} ms, CPU ${figures.storiesCpuMs.toFixed(0)} ms`,
	);
	console.log(
		`  (y)/(s) wall ${r(figures.wall)}, CPU ${r(figures.cpu)}; each run (first, wall, CPU): ${figures.runs
			.map((run) => `${run.first === 'summary' ? 'syys' : 'yssy'} ${r(run.wall)} ${r(run.cpu)}`)
			.join(', ')}`,
	);
	for (const name of ['summary', 'stories']) {
		const profile = rows[rows.length - 1][name].profile;
		if (!profile) continue;
		const summary = summarizeProfile(profile);
		const list = (list) =>
			list.map((row) => `${row.ms.toFixed(0).padStart(6)}  ${row.name}`).join('\n');
		console.log(
			`\nCPU profile of ${LABELS[name]} (last run, its first node): ${summary.totalMs.toFixed(0)} ms sampled, ${summary.idleMs.toFixed(0)} ms idle; by package:`,
		);
		console.log(list(summary.byPackage));
		console.log('by function:');
		console.log(list(summary.byFunction));
	}
	return figures;
}

module.exports = { measureStoryPair, pairFigures, printStoryPair };
