'use strict';
/**
 * A sales team's day at full size (./salesTeam.js): the Schedule Trigger's 500 deals in one execution,
 * and, once its creates have begun, 20 webhook calls of 25 deals at once: 21 executions for two
 * workers with 5 slots each, so 10 or 11 wait in Redis. A third worker starts in the middle of a full window
 * (the server's counter at 140 of 150 or more, after the first window) and takes the waiting ones.
 * Returns the figures ./salesTeam.js checks.
 */
const fs = require('node:fs');

const { ensure } = require('../../scripts/lib/assertions');
const { pause, waitFor: waitUntil } = require('../harness/waiting');
const { postDeals, ranBy, versionsPerDeal } = require('../scale/batchFaults');
const { refusedPerWindowOf, windowsOf } = require('../scale/load');
const { CREATE_WORKFLOW_ID, LIMIT } = require('../scale/workflows');
const { SCHEDULE_WORKFLOW_ID, seededVersionIds } = require('./salesWorkflows');
const { workerCycles } = require('./workerCycles');

const SCHEDULED_DEALS = 500;
const CALLS = 20;
const DEALS_PER_CALL = 25;
const DEALS = SCHEDULED_DEALS + CALLS * DEALS_PER_CALL;
/** A window counts as full for the third worker's start from here (the workers leave a few slots). */
const FULL_FROM = 140;
const GOAL_RATIO = 1.05;

const waitFor = (find, what, timeoutMs) => waitUntil(find, what, timeoutMs, 250);

/** The creates the sandbox answered, oldest first, and the versions made from deals. */
function sandboxViews(sandbox) {
	const seeded = seededVersionIds();
	return {
		versionRequests: () => sandbox.log.filter((entry) => entry.path.startsWith('/v2/versions')),
		createPosts: () =>
			sandbox.log.filter(
				(entry) =>
					entry.token === 'team' && entry.method === 'POST' && entry.path === '/v2/versions',
			),
		created: () => sandbox.state.versions.filter((version) => !seeded.has(version.id)),
	};
}

/** The run: the schedule's execution, the calls, the third worker; resolves once every execution ended. */
async function runSalesBatch({ sandbox, cluster, scheduledAt }) {
	const views = sandboxViews(sandbox);
	const firstCreate = await waitFor(
		() => views.createPosts()[0],
		`the schedule's first create (it was due at ${scheduledAt.toISOString()})`,
		Math.max(0, scheduledAt.getTime() - Date.now()) + 120_000,
	).catch((error) => {
		throw new Error(`${error.message}; ${scheduleSeen(cluster)}`);
	});
	const answers = await Promise.all(
		Array.from({ length: CALLS }, (_, call) =>
			postDeals(cluster, `W${call}`, DEALS_PER_CALL).then((response) => response.status),
		),
	);
	const third = await thirdWorkerInAFullWindow({ sandbox, cluster, views, firstCreate });
	const allEnded = () => {
		const all = runsOf(cluster);
		return all.length === CALLS + 1 && all.every((run) => run.ended) && all;
	};
	const executions = await waitFor(allEnded, 'every execution ended', 15 * 60_000).catch(() =>
		runsOf(cluster),
	);
	await pause(2000);
	return {
		answers,
		third,
		executions,
		cycles: workerCycles(sandbox, cluster, executions),
		...figures(sandbox, views, firstCreate),
	};
}

/** What n8n did with the schedule: its executions, and the main's log lines that name the workflow. */
function scheduleSeen(cluster) {
	const executions = cluster
		.psql(
			`SELECT id, status, "startedAt" FROM execution_entity WHERE "workflowId" = '${SCHEDULE_WORKFLOW_ID}'`,
		)
		.trim();
	const lines = fs
		.readFileSync(cluster.mainLog, 'utf8')
		.split('\n')
		.filter((line) => /schedule|activat|cron|error/i.test(line))
		.slice(-15);
	return `its executions: ${executions || 'none'}; the main's log lines on it:\n${lines.join('\n')}`;
}

/**
 * Once a window after the first has 140 or more counted, a third worker starts; returns what it
 * found: the counter it started at, and the executions waiting in Redis then.
 */
async function thirdWorkerInAFullWindow({ sandbox, cluster, views, firstCreate }) {
	const secondWindowFrom = Date.parse(firstCreate.time) + LIMIT.windowMs;
	const full = await waitFor(
		() =>
			views
				.versionRequests()
				.find(
					(entry) =>
						Date.parse(entry.time) >= secondWindowFrom && entry.rateLimitCounter >= FULL_FROM,
				),
		'a full window after the first',
		4 * 60_000,
	);
	const waiting = runsOf(cluster).filter((run) => run.status === 'new').length;
	const worker = await cluster.startWorker();
	return { number: worker.number, counterAtStart: full.rateLimitCounter, waiting };
}

/** The create and schedule executions as n8n records them, with the workers whose logs started them. */
function runsOf(cluster) {
	const rows = cluster
		.psql(
			`SELECT id, "workflowId", status FROM execution_entity WHERE "workflowId" IN ('${CREATE_WORKFLOW_ID}', '${SCHEDULE_WORKFLOW_ID}') ORDER BY id`,
		)
		.trim()
		.split('\n')
		.filter(Boolean);
	return rows.map((line) => {
		const [id, workflowId, status] = line.split('\t');
		return {
			id,
			workflowId,
			status,
			ended: !['new', 'running', 'waiting'].includes(status),
			ranOn: ranBy(cluster, id).map((worker) => worker.number),
		};
	});
}

/** Versions per deal, 429s per server window, failures other than 429, and the time against the floor. */
function figures(sandbox, views, firstCreate) {
	const perDeal = versionsPerDeal(views.created());
	const refusedPerWindow = refusedPerWindowOf(sandbox);
	const answered = views.createPosts().filter((entry) => entry.status === 200);
	ensure(answered.length > 0, 'no create was answered 200');
	const seconds = (Date.parse(answered.at(-1).time) - Date.parse(firstCreate.time)) / 1000;
	const floorSeconds = (Math.floor((DEALS - 1) / LIMIT.max) * LIMIT.windowMs) / 1000;
	return {
		versions: views.created().length,
		deals: perDeal.size,
		dealsTwice: [...perDeal.values()].filter((count) => count > 1).length,
		otherFailures: views
			.createPosts()
			.filter((entry) => entry.status !== 200 && entry.status !== 429)
			.map((entry) => `${entry.status} ${entry.fault ?? ''}`),
		refusedPerWindow,
		...whereTheTimeWent(sandbox, firstCreate),
		seconds,
		floorSeconds,
	};
}

/**
 * Where the time went, window by window of the server's limit: the creates (and the schedule's
 * share of them), when each window's first request came, how long into it its last create came, and
 * the first window's 429s (where the webhooks' workers join the schedule's).
 */
function whereTheTimeWent(sandbox, firstCreate) {
	const windows = windowsOf(sandbox);
	const isCreated = (entry) =>
		entry.method === 'POST' && entry.path === '/v2/versions' && entry.status === 200;
	// The schedule's deals are S-0…S-499.
	const isSchedules = (entry) => JSON.stringify(entry.body).includes('(S-');
	const secondsBetween = (from, to) => (Date.parse(to.time) - Date.parse(from.time)) / 1000;
	return {
		createdPerWindow: windows.map((entries) => entries.filter(isCreated).length),
		scheduleCreatedPerWindow: windows.map(
			(entries) => entries.filter((entry) => isCreated(entry) && isSchedules(entry)).length,
		),
		windowsBeganAt: windows.map(([first]) => secondsBetween(firstCreate, first)),
		lastCreateInWindowAfter: windows.map((entries) => {
			const created = entries.filter(isCreated);
			return created.length ? secondsBetween(entries[0], created.at(-1)) : 0;
		}),
		refusedInFirstWindow: (windows[0] ?? [])
			.filter((entry) => entry.status === 429)
			.map((entry) => ({
				after: secondsBetween(windows[0][0], entry),
				schedule: isSchedules(entry),
			})),
	};
}

module.exports = { CALLS, DEALS, DEALS_PER_CALL, GOAL_RATIO, SCHEDULED_DEALS, runSalesBatch };
