'use strict';
/**
 * Where a worker's time goes in a sales day (./salesBatch.js), window by window of the server's
 * limit: how many creates each worker sent, how many it had in flight on average, and how long after
 * one of its answers its next request came (n8n's own time per item and the pacer's waits together:
 * docs/development/queue-mode.md says how to read it). Each create is the worker's whose execution
 * holds its deal: the schedule's deals are S-0…S-499, call N's WN-0…WN-24.
 */
const { median } = require('../../scripts/lib/median');
const { windowsOf } = require('../scale/load');

const seconds = (entry, field = 'time') => Date.parse(entry[field]) / 1000;
const labelOf = (entry) => /\((S|W\d+)-\d+\)/.exec(JSON.stringify(entry.body))?.[1];

/** The label of the deals each execution holds (its stored data names them), mapped to its worker. */
function workerOfLabel(cluster, executions) {
	const workers = new Map();
	for (const run of executions) {
		const label = cluster
			.psql(
				`SELECT substring(data from '"(S|W[0-9]+)-[0-9]+"') FROM execution_data WHERE "executionId" = ${Number(run.id)}`,
			)
			.trim();
		if (label && run.ranOn.length === 1) workers.set(label, run.ranOn[0]);
	}
	return workers;
}

/** One worker's requests in one window: count, mean in flight over the window, median answer → next. */
function cycleOf(mine, allMine, span) {
	const busy = mine.reduce((sum, entry) => sum + seconds(entry, 'answeredAt') - seconds(entry), 0);
	const gaps = mine.flatMap((entry) => {
		const answered = seconds(entry, 'answeredAt');
		const next = allMine.find((other) => seconds(other) >= answered);
		return next ? [seconds(next) - answered] : [];
	});
	return { requests: mine.length, inFlight: busy / span, nextAfter: median(gaps) };
}

/** Per worker (by number), per server window: `{ requests, inFlight, nextAfter }`. */
function workerCycles(sandbox, cluster, executions) {
	const workers = workerOfLabel(cluster, executions);
	const windows = windowsOf(sandbox).map((entries) =>
		entries.filter((entry) => entry.method === 'POST' && entry.answeredAt && labelOf(entry)),
	);
	const starts = windows.map((entries) => (entries[0] ? seconds(entries[0]) : undefined));
	const byWorker = new Map();
	for (const number of new Set(workers.values())) {
		const isMine = (entry) => workers.get(labelOf(entry)) === number;
		const allMine = windows.flat().filter(isMine);
		byWorker.set(
			number,
			windows.map((entries, index) => {
				const end =
					starts[index + 1] ??
					Math.max(...entries.map((entry) => seconds(entry, 'answeredAt')), starts[index]);
				return cycleOf(entries.filter(isMine), allMine, Math.max(1, end - starts[index]));
			}),
		);
	}
	return byWorker;
}

/** `worker N: 75 (1.8 in flight, next 0.02 s), …` per worker, for the run's report. */
function describeCycles(byWorker) {
	return [...byWorker.entries()]
		.sort(([a], [b]) => a - b)
		.map(
			([number, windows]) =>
				`worker ${number}: ` +
				windows
					.map((cycle) =>
						cycle.requests === 0
							? '0'
							: `${cycle.requests} (${cycle.inFlight.toFixed(1)} in flight, next ${cycle.nextAfter?.toFixed(2) ?? '-'} s)`,
					)
					.join(', '),
		);
}

module.exports = { describeCycles, workerCycles };
