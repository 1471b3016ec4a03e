'use strict';
/**
 * What each n8n process of the real-app files costs the CPU, for CI's budget (docs/development.md ›
 * CI's budget): with STORYDOC_E2E_CPU_LOG set to a file, each `n8n` command and `n8n start` appends
 * one JSON line when it exits: the scenario file, the command and its CPU seconds (user + system,
 * read from /proc every 200 ms; the last 200 ms before exit are not counted). Unset, nothing runs.
 * `node e2e/harness/cpuLog.js FILE` sums such a log per scenario file and per command. With
 * STORYDOC_E2E_CPU_PROF set to a folder, each `n8n` command (not `n8n start`) writes a V8 CPU profile
 * there (`--cpu-prof`; Node refuses it in NODE_OPTIONS), for Chrome's DevTools or a script.
 */
const fs = require('node:fs');
const path = require('node:path');

const TICKS_PER_SECOND = 100;

/** utime + stime of `pid` in seconds, or undefined once it has gone. */
function cpuSeconds(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after the command name (which may hold spaces), from field 3 on.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
	} catch {
		return undefined;
	}
}

/** Samples `child`'s CPU while it runs and logs it as `command` when it exits (if asked to). */
function trackCpu(child, command) {
	const log = process.env.STORYDOC_E2E_CPU_LOG;
	if (!log) return;
	const file = globalThis.expect?.getState?.().testPath ?? process.argv[1];
	let seconds = 0;
	const sampler = setInterval(() => (seconds = cpuSeconds(child.pid) ?? seconds), 200);
	child.once('exit', () => {
		clearInterval(sampler);
		const line = { file: path.basename(file), command, seconds };
		fs.appendFileSync(log, `${JSON.stringify(line)}\n`);
	});
}

/** Node's flags that make an n8n command write a CPU profile, when asked for. */
const profileFlags = () =>
	process.env.STORYDOC_E2E_CPU_PROF
		? ['--cpu-prof', `--cpu-prof-dir=${process.env.STORYDOC_E2E_CPU_PROF}`]
		: [];

/** The log summed: CPU seconds and count per file, then per command. */
function summarize(logFile) {
	const lines = fs
		.readFileSync(logFile, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line));
	const sum = (key) => {
		const totals = new Map();
		for (const line of lines) {
			const entry = totals.get(line[key]) ?? { seconds: 0, count: 0 };
			entry.seconds += line.seconds;
			entry.count += 1;
			totals.set(line[key], entry);
		}
		return [...totals].sort((a, b) => b[1].seconds - a[1].seconds);
	};
	for (const key of ['file', 'command']) {
		console.log(`per ${key}:`);
		for (const [name, { seconds, count }] of sum(key))
			console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${String(count).padStart(4)} ×  ${name}`);
	}
	const total = lines.reduce((all, line) => all + line.seconds, 0);
	console.log(`total: ${total.toFixed(1)} s of CPU in ${lines.length} n8n processes`);
}

if (require.main === module) summarize(process.argv[2]);

module.exports = { profileFlags, trackCpu };
