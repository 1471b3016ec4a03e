'use strict';
/**
 * `npm run test:scale:full`, one n8n line per test file: a sales team's day in queue mode at full
 * size. A main and two workers (a third joins mid-window), PostgreSQL and Redis, against the sandbox
 * at the real limit (150 version requests a minute) answering every request after 800 ms: 1,000
 * deals (./salesBatch.js), then the Storydoc Trigger with its main restarted while readers read
 * (./readersRestart.js). The figures are printed, then checked. Everything started is stopped at the
 * end, also on failure.
 */
const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { LATENCY_MS, startLineCluster } = require('../scale/batchFaults');
const { clusterRun } = require('../scale/clusterRun');
const { NO_RERUN } = require('../scale/workerLost');
const { LIMIT, createWorkflow } = require('../scale/workflows');
const { MAIN_DOWN_MS, readersWithMainRestart } = require('./readersRestart');
const {
	CALLS,
	DEALS,
	DEALS_PER_CALL,
	GOAL_RATIO,
	SCHEDULED_DEALS,
	runSalesBatch,
} = require('./salesBatch');
const {
	firstViewWorkflow,
	scheduleWorkflow,
	seededVersionIds,
	sessionsWorkflow,
} = require('./salesWorkflows');
const { describeCycles } = require('./workerCycles');

/** From the import to the schedule's run: n8n's start, with both lines' starting side by side. */
const SCHEDULE_LEAD_MS = 150_000;

/** Starts the cluster of n8n `version` and runs the day; resolves with its figures. */
async function salesTeamDay(version, cleanups) {
	let scheduledAt;
	const { n8n, sandbox, cluster } = await startLineCluster(version, cleanups, {
		// Set when imported: PostgreSQL's and Redis's start before it took 100 s on a busy machine.
		workflows: () => {
			scheduledAt = new Date(Date.now() + SCHEDULE_LEAD_MS);
			return [
				createWorkflow(),
				scheduleWorkflow(scheduledAt, SCHEDULED_DEALS),
				firstViewWorkflow(),
				sessionsWorkflow(),
			];
		},
		// What docs/reliability.md tells a team to set on 1.x (2.x forces it): a lost job is not run again.
		env: version.startsWith('1.') ? NO_RERUN : {},
	});
	if (Date.now() >= scheduledAt.getTime())
		throw new Error(
			`n8n was ready ${Math.round((Date.now() - scheduledAt.getTime()) / 1000)} s after the schedule's time (${SCHEDULE_LEAD_MS / 1000} s after the import): the schedule cannot run`,
		);
	const batch = await runSalesBatch({ sandbox, cluster, scheduledAt });
	const seeded = seededVersionIds();
	const versionIds = sandbox.state.versions
		.filter((version) => !seeded.has(version.id))
		.slice(0, 4)
		.map((version) => version.id);
	const reading = await readersWithMainRestart({ n8n, sandbox, cluster, versionIds });
	return { n8nVersion: n8n.n8nVersion, batch, reading, versionIds };
}

/** The figures as the run prints them. */
function report({ n8nVersion, batch, reading }) {
	const perWorker = (number) => batch.executions.filter((run) => run.ranOn.includes(number)).length;
	return [
		`scale (full): n8n ${n8nVersion} in queue mode, each answer after ${LATENCY_MS} ms`,
		`deals:            ${SCHEDULED_DEALS} by schedule (one execution) + ${CALLS} webhook calls of ${DEALS_PER_CALL} (answers ${[...new Set(batch.answers)].join(', ')})`,
		`versions:         ${batch.versions} for ${batch.deals} of ${DEALS} deals, ${batch.dealsTwice} deals twice; requests failed other than 429: ${batch.otherFailures.length}`,
		`executions:       ${batch.executions.length} (${countBy(batch.executions.map((run) => run.status))}); per worker ${[1, 2, 3].map(perWorker).join(' + ')}`,
		`third worker:     started at the server's counter ${batch.third.counterAtStart} of ${LIMIT.max}, ${batch.third.waiting} executions waiting in Redis`,
		`429 answers:      ${batch.refusedPerWindow.join(', ')} in the server's ${batch.refusedPerWindow.length} windows; the first window's at ${batch.refusedInFirstWindow.map((refused) => `${refused.after.toFixed(1)} s (${refused.schedule ? 'schedule' : 'webhook'})`).join(', ') || 'none'}`,
		`creates:          ${batch.createdPerWindow.join(', ')} per window, the windows from ${batch.windowsBeganAt.map((at) => at.toFixed(1)).join(', ')} s`,
		`                  the schedule's ${batch.scheduleCreatedPerWindow.join(', ')}; each window's last ${batch.lastCreateInWindowAfter.map((at) => at.toFixed(1)).join(', ')} s after its first`,
		...describeCycles(batch.cycles).map((line) => `                  ${line}`),
		`time:             ${batch.seconds.toFixed(1)} s from the first create to the last; the limit's floor ${batch.floorSeconds.toFixed(1)} s; ${(batch.seconds / batch.floorSeconds).toFixed(3)} × (goal ≤ ${GOAL_RATIO})`,
		`main restarted:   down ${MAIN_DOWN_MS / 1000} s, serving again ${reading.backAfterSeconds} s after its stop; cursor lines in its log since: ${reading.cursorLogAfterRestart.length}`,
		`first views:      ${reading.firstViews.length} emitted for ${reading.readers.length} versions opened`,
		`sessions:         ${reading.sessions.map((session) => `${session.visitorId} ${session.views} views${session.mayBeOngoing ? ' (may be ongoing)' : ''}`).join('; ')}; readers read ${reading.readers.map((reader) => reader.slides).join(', ')} slides`,
	].join('\n');
}

const countBy = (values) =>
	Object.entries(
		values.reduce((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {}),
	)
		.map(([value, count]) => `${count} ${value}`)
		.join(', ');

/** The tests of one line's day. */
function salesTeamTests(version) {
	const ran = clusterRun((cleanups) => salesTeamDay(version, cleanups), report, 40 * 60_000);

	test(`every deal has exactly one version: ${DEALS} from a schedule run and ${CALLS} webhook calls`, () => {
		const { answers, versions, deals, dealsTwice } = ran().batch;
		ensure(
			answers.every((status) => status === 200),
			`webhook answers: ${show(answers)}`,
		);
		ensure(
			versions === DEALS && deals === DEALS && dealsTwice === 0,
			`${versions} versions for ${deals} deals, ${dealsTwice} twice`,
		);
	});

	test('every execution succeeded, each on one worker, and no request failed other than a 429 waited out', () => {
		const { executions, otherFailures } = ran().batch;
		ensure(
			executions.length === CALLS + 1 &&
				executions.every((run) => run.status === 'success' && run.ranOn.length === 1),
			`executions: ${show(executions)}`,
		);
		ensure(otherFailures.length === 0, `failed requests: ${show(otherFailures)}`);
	});

	test('a worker started in the middle of a full window took executions that were waiting', () => {
		const { third, executions } = ran().batch;
		ensure(third.waiting > 0, `executions waiting when it started: ${third.waiting}`);
		ensure(
			executions.some((run) => run.ranOn.includes(third.number)),
			`executions per worker: ${show(executions.map((run) => [run.id, run.ranOn]))}`,
		);
	});

	// The first window's 429s are printed, not bounded: the schedule's worker sends alone at full
	// speed until the webhook's worker joins, and how many of its requests the joiner's take is timing.
	test('after the first window, at most one answer 429 per window: the third worker joins a full window without a storm', () => {
		const later = ran().batch.refusedPerWindow.slice(1);
		ensure(
			later.every((count) => count <= 1),
			`429s per window: ${ran().batch.refusedPerWindow.join(', ')}`,
		);
	});

	test('main restarted while readers read: each first view emitted once', () => {
		const emitted = ran()
			.reading.firstViews.map((item) => item.versionId)
			.sort();
		expectEqual(emitted, [...ran().versionIds].sort(), 'the versions whose first view was emitted');
	});

	test('main restarted while readers read: each reading session emitted once, whole', () => {
		const { readers, sessions } = ran().reading;
		const got = sessions.map((session) => ({
			visitorId: session.visitorId,
			versionId: session.versionId,
			views: session.views,
			mayBeOngoing: session.mayBeOngoing,
		}));
		const expected = readers.map((reader) => ({
			visitorId: reader.visitorId,
			versionId: reader.versionId,
			views: reader.slides,
			mayBeOngoing: false,
		}));
		const byVisitor = (a, b) => a.visitorId.localeCompare(b.visitorId);
		expectEqual(got.sort(byVisitor), expected.sort(byVisitor), 'the sessions emitted');
	});
}

module.exports = { salesTeamTests };
