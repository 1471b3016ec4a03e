'use strict';
/**
 * `bench:analytics --profile`: the Get Events workflow once more with appProbe.js loaded into n8n,
 * and what it saw printed: per node its time, the main thread's and the process's CPU time, n8n's
 * credential reads and SQL statements, and each Get Events node's CPU profile summed up.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { summarizeProfile } = require('./cpuProfile');
const { NODES } = require('./workflows');

const fmt = (value) => (value === undefined ? '–' : value.toFixed(0)).padStart(8);

/** `--profile`: the Get Events workflow once more with the probe in n8n; what it saw, printed. */
async function profileInApp(app, workflows) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-bench-profile-'));
	const result = await app.execute(workflows.getEvents, {
		imported: true,
		env: {
			NODE_OPTIONS: `--require ${path.join(__dirname, 'appProbe.js')}`,
			STORYDOC_PROBE_PROFILE: [NODES.cold, NODES.warm, NODES.perDeal].join(','),
			STORYDOC_PROBE_DIR: dir,
		},
	});
	const line = result.stderr.split('\n').find((text) => text.startsWith('STORYDOC_PROBE '));
	if (!line) throw new Error(`The probe printed nothing\n${result.stderr.slice(-2000)}`);
	const { nodes } = JSON.parse(line.slice('STORYDOC_PROBE '.length));
	console.log(
		`\n--profile: the Get Events workflow once more, benchmarks/analytics/appProbe.js loaded into n8n (profiles in ${dir})`,
	);
	console.log(
		'node                   time ms  main-thread CPU ms  process CPU ms  credential reads (mean ms each)  SQL statements',
	);
	for (const name of [NODES.cold, NODES.warm, NODES.summary, NODES.perDeal]) {
		const node = nodes[name];
		if (!node) continue;
		const reads = node.credentialReads;
		const sql = Object.entries(node.sql)
			.map(([table, count]) => `${table} ${count}`)
			.join(', ');
		console.log(
			`${name.padEnd(22)}${fmt(node.ms)}  ${fmt(node.mainThreadCpuMs).padStart(18)}  ${fmt(node.processCpuMs).padStart(14)}  ${`${reads}${reads ? ` (${(node.credentialReadMs / reads).toFixed(1)})` : ''}`.padStart(31)}  ${sql || '–'}`,
		);
	}
	for (const name of [NODES.cold, NODES.warm, NODES.perDeal]) {
		if (!nodes[name]?.profile) continue;
		const summary = summarizeProfile(nodes[name].profile);
		const list = (rows) =>
			rows.map((row) => `${row.ms.toFixed(0).padStart(6)}  ${row.name}`).join('\n');
		console.log(
			`\nCPU profile of ${name}: ${summary.totalMs.toFixed(0)} ms sampled, ${summary.idleMs.toFixed(0)} ms idle; self time by package:`,
		);
		console.log(list(summary.byPackage));
		console.log('by function:');
		console.log(list(summary.byFunction));
	}
}

module.exports = { profileInApp };
