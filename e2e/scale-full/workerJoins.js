'use strict';
/**
 * A worker that joins another's long batch (Design notes › Rate-limit pacing › Keeping room), on one
 * n8n line: a main and two workers that run one execution each, against the sandbox at the real
 * limit answering every request after 800 ms. One webhook call brings `LONG` deals (four windows);
 * once that batch has sent its second window's burst, a second call brings `JOINING` deals, which
 * the other worker runs. Before room was kept, the second got nothing through until the first ended
 * (its requests came at the same full point of every window).
 */
const { ensure, show } = require('../../scripts/lib/assertions');
const {
	LATENCY_MS,
	executionEnded,
	ranBy,
	sendBatch,
	startLineCluster,
	versionsOf,
	versionsPerDeal,
	waitFor,
} = require('../scale/batchFaults');
const { clusterRun } = require('../scale/clusterRun');
const { perWindowOf } = require('../scale/load');
const { NO_RERUN } = require('../scale/workerLost');
const { createWorkflow } = require('../scale/workflows');

const LONG = 600;
const JOINING = 25;
/** The long batch's first window (150) and most of its second's burst: early in its second window. */
const JOIN_AFTER = 290;

/** Whether a sandbox log entry is a create of one of `label`'s deals that went through. */
const createdFor = (label) => (entry) =>
	entry.path === '/v2/versions' &&
	entry.status === 200 &&
	JSON.stringify(entry.body).includes(`(${label}-`);

/** When the last create of `label` was answered, as the sandbox logged it. */
const lastCreated = (sandbox, label) =>
	Math.max(...sandbox.log.filter(createdFor(label)).map((entry) => Date.parse(entry.time)));

async function workerJoins(version, cleanups) {
	const { sandbox, cluster } = await startLineCluster(version, cleanups, {
		workflows: [createWorkflow()],
		env: version.startsWith('1.') ? NO_RERUN : {},
		workerConcurrency: 1,
	});
	const long = await sendBatch(cluster, 'long', LONG);
	await waitFor(
		() => versionsOf(sandbox, 'long').length >= JOIN_AFTER,
		'the second burst',
		240_000,
	);
	const joining = await sendBatch(cluster, 'join', JOINING);
	const ended = [
		await executionEnded(cluster, long.id, 10 * 60_000),
		await executionEnded(cluster, joining.id, 10 * 60_000),
	];
	const duplicates = (label) =>
		[...versionsPerDeal(versionsOf(sandbox, label)).values()].filter((count) => count > 1).length;
	return {
		n8nVersion: version,
		statuses: ended.map((execution) => execution.status),
		workers: [long, joining].map((execution) => ranBy(cluster, execution.id)[0]?.number),
		versions: {
			long: versionsOf(sandbox, 'long').length,
			join: versionsOf(sandbox, 'join').length,
		},
		duplicates: duplicates('long') + duplicates('join'),
		perWindow: {
			long: perWindowOf(sandbox, createdFor('long')),
			join: perWindowOf(sandbox, createdFor('join')),
		},
		refused: sandbox.log.filter((entry) => entry.status === 429).length,
		joinEndedBeforeLong: lastCreated(sandbox, 'join') < lastCreated(sandbox, 'long'),
		secondsBetweenEnds: (lastCreated(sandbox, 'long') - lastCreated(sandbox, 'join')) / 1000,
	};
}

function report(f) {
	return [
		`worker joins: n8n ${f.n8nVersion}, each answer after ${LATENCY_MS} ms; ${LONG} deals, then ${JOINING} after ${JOIN_AFTER} versions`,
		`executions:  ${f.statuses.join(', ')} on workers ${f.workers.join(' and ')}`,
		`versions:    ${f.versions.long} + ${f.versions.join}, ${f.duplicates} deals twice; 429s ${f.refused}`,
		`per window:  long ${f.perWindow.long.join(', ')}; joining ${f.perWindow.join.join(', ')}`,
		`ends:        the joining batch's last ${f.secondsBetweenEnds.toFixed(1)} s before the long batch's`,
	].join('\n    ');
}

function workerJoinsTests(version) {
	const figures = clusterRun((cleanups) => workerJoins(version, cleanups), report, 20 * 60_000);

	test('both batches succeed on two workers, every deal with one version', () => {
		const f = figures();
		ensure(
			f.statuses.every((status) => status === 'success') &&
				f.workers[0] !== f.workers[1] &&
				f.versions.long === LONG &&
				f.versions.join === JOINING &&
				f.duplicates === 0,
			show(f),
		);
	});

	test('the joining worker gets through while the long batch runs: done before it, never two windows with nothing', () => {
		const f = figures();
		const joined = f.perWindow.join.findIndex((count) => count > 0);
		const windowsWithNone = f.perWindow.join
			.slice(joined)
			.filter((count, index, all) => count === 0 && all.slice(index).some((later) => later > 0));
		ensure(f.joinEndedBeforeLong && joined >= 0 && windowsWithNone.length === 0, show(f));
	});
}

module.exports = { workerJoinsTests };
