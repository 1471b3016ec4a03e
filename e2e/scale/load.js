'use strict';
/**
 * Queue mode under load: the trigger's activation poll and two clicks, then the 10 webhook calls at
 * once; waits for the versions, the executions and the trigger's polls, and returns the figures the
 * checks read (./queueMode.test.js).
 */
const fs = require('node:fs');

const { SEED } = require('../../sandbox/seed');
const { pause, waitFor: waitUntil } = require('../harness/waiting');
const {
	CALLS,
	CREATE_WORKFLOW_ID,
	LIMIT,
	VERSIONS,
	WEBHOOK_PATH,
	WORKERS,
	dealsOf,
} = require('./workflows');

const waitFor = (find, what, timeoutMs) => waitUntil(find, what, timeoutMs, 500);

async function runLoad({ sandbox, cluster }) {
	// The trigger: its activation poll, then two clicks on versions of two stories.
	const triggerRequests = () => sandbox.log.filter((entry) => entry.token === 'admin');
	const triggerPolls = () =>
		triggerRequests().filter((entry) => entry.path === '/v2/analytics/events');
	const storyReads = () =>
		triggerRequests()
			.filter((entry) => entry.path.startsWith('/v2/stories/'))
			.map((entry) => entry.path.split('/').pop());
	await waitFor(() => triggerPolls().length > 0, 'the trigger activation poll', 60_000);
	const clicks = sandbox.addEvents([
		{
			versionId: SEED.versions.live.id,
			eventCategory: 'click',
			eventName: 'CTA click: Book a meeting',
		},
		{
			versionId: SEED.versions.intro.id,
			eventCategory: 'click',
			eventName: 'Link click: Case study',
		},
	]);
	const creates = await createsAtOnce({ sandbox, cluster });
	const executions = await finishedExecutions(cluster);

	// Two scheduled trigger polls after activation, and the trigger's executions.
	await waitFor(() => triggerPolls().length >= 3, 'two scheduled trigger polls', 150_000).catch(
		() => undefined,
	);
	await waitFor(
		() => storyReads().length >= 2,
		'the trigger executions for the two clicks',
		30_000,
	).catch(() => undefined);
	await pause(3000);
	return {
		...creates,
		...whoRanWhat(cluster, executions()),
		...limitFigures(sandbox, creates),
		clicks,
		triggerPolls,
		storyReads,
		pollGaps: gaps(triggerPolls().map((entry) => Date.parse(entry.time))),
	};
}

/** The creates: 10 webhook calls at once, and the time from the calls to the last version. */
async function createsAtOnce({ sandbox, cluster }) {
	const createStarted = Date.now();
	const answers = await Promise.all(
		Array.from({ length: CALLS }, (_, call) =>
			fetch(`${cluster.main.url}/webhook/${WEBHOOK_PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ deals: dealsOf(call) }),
			}).then((response) => response.status),
		),
	);
	const createPosts = () =>
		sandbox.log.filter(
			(entry) => entry.token === 'team' && entry.method === 'POST' && entry.path === '/v2/versions',
		);
	const seeded = new Set(Object.values(SEED.versions).map((version) => version.id));
	const created = () => sandbox.state.versions.filter((version) => !seeded.has(version.id));
	await waitFor(
		() => created().length >= VERSIONS,
		`${VERSIONS} versions created`,
		6 * 60_000,
	).catch((error) => console.log(`scale: ${error.message}`));
	const lastCreate = createPosts()
		.filter((entry) => entry.status === 200)
		.pop();
	const seconds = lastCreate ? (Date.parse(lastCreate.time) - createStarted) / 1000 : Number.NaN;
	const idealSeconds = (Math.floor((VERSIONS - 1) / LIMIT.max) * LIMIT.windowMs) / 1000;
	return { answers, createPosts, created, seconds, idealSeconds };
}

/** Executions as Postgres records them, once every create execution has finished (or a minute). */
async function finishedExecutions(cluster) {
	const executions = () =>
		cluster
			.psql(`SELECT id, "workflowId", status FROM execution_entity ORDER BY id`)
			.trim()
			.split('\n')
			.filter(Boolean)
			.map((line) => {
				const [id, workflowId, status] = line.split('\t');
				return { id, workflowId, status };
			});
	await waitFor(
		() =>
			executions().filter(
				(execution) =>
					execution.workflowId === CREATE_WORKFLOW_ID &&
					!['new', 'running', 'waiting'].includes(execution.status),
			).length >= CALLS,
		'the create executions finished',
		60_000,
	).catch(() => undefined);
	return executions;
}

/** Who ran what: each worker logs "Worker started execution <id>". */
function whoRanWhat(cluster, executions) {
	const ranBy = new Map();
	for (const [index, log] of cluster.workerLogs.entries()) {
		for (const match of fs.readFileSync(log, 'utf8').matchAll(/Worker started execution (\d+)/g)) {
			ranBy.set(match[1], [...(ranBy.get(match[1]) ?? []), index + 1]);
		}
	}
	const createExecutions = executions.filter(
		(execution) => execution.workflowId === CREATE_WORKFLOW_ID,
	);
	const perWorker = Array.from(
		{ length: WORKERS },
		(_, index) =>
			createExecutions.filter((execution) => ranBy.get(execution.id)?.includes(index + 1)).length,
	);
	return { ranBy, createExecutions, perWorker };
}

/** The server's version requests, window by window: a window begins where its reported counter drops. */
function windowsOf(sandbox) {
	const windows = [];
	let lastCounter = Infinity;
	for (const entry of sandbox.log.filter((candidate) =>
		candidate.path.startsWith('/v2/versions'),
	)) {
		if (entry.rateLimitCounter <= lastCounter) windows.push([]);
		lastCounter = entry.rateLimitCounter;
		windows.at(-1).push(entry);
	}
	return windows;
}

/** Version requests `counted` per window of the server's limit. */
const perWindowOf = (sandbox, counted) =>
	windowsOf(sandbox).map((entries) => entries.filter(counted).length);

/** 429s per window of the server's version limit. */
const refusedPerWindowOf = (sandbox) => perWindowOf(sandbox, (entry) => entry.status === 429);

/** 429s per window of the server, duplicates by title, and requests that failed otherwise. */
function limitFigures(sandbox, { created, createPosts }) {
	const refusedPerWindow = refusedPerWindowOf(sandbox);
	const titles = new Map();
	for (const version of created())
		titles.set(version.data.title, (titles.get(version.data.title) ?? 0) + 1);
	const duplicates = [...titles.values()].reduce((sum, count) => sum + count - 1, 0);
	const otherFailures = createPosts().filter(
		(entry) => entry.status !== 200 && entry.status !== 429,
	);
	return { refusedPerWindow, titles, duplicates, otherFailures };
}

/** Seconds between one time and the next. */
const gaps = (times) =>
	times.slice(1).map((time, index) => Math.round((time - times[index]) / 1000));

module.exports = { perWindowOf, refusedPerWindowOf, runLoad, windowsOf };
