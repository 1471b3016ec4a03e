'use strict';
/**
 * Slide Reached and Version Went Quiet in `n8n start`: one workflow watches version A for readers
 * reaching slide 3 (main key), two watch versions B and C for going quiet after a day (Quiet For 1;
 * second key). B and C were read a day ago, 3 and 6.5 minutes after the quiet workflows' activation
 * (the sandbox holds the activation's look-back while the scenario adds those reads), so that they go
 * quiet minutes into it. Each workflow looks up a version only when its item holds what was read, so
 * the sandbox's log shows what was emitted, how often, and that it was right; each item's last read
 * is checked in n8n's stored executions. n8n is stopped once Sara's slide and B have been emitted;
 * while it is down Sara reads on and Tom reaches slide 5; after the restart Tom and C come, once
 * each, and nothing else. About 8 minutes.
 */
const { SEED } = require('../../sandbox/seed');
const { expectEqual, show } = require('../../scripts/lib/assertions');
const { credentialRef } = require('../harness/credentials');
const { pause } = require('../harness/waiting');
const { executionOutputs } = require('./executions');
const { pollingWorkflow, versionOf } = require('../harness/workflows');
const { clickWorkflowLog, lastSeq, pollQueries, waitFor } = require('./pollLog');

const A = SEED.versions.live.id;
// Versions without seeded events, so that only the scenario's reads make them quiet.
const B = SEED.versions.hidden.id;
const C = SEED.versions.archived.id;
/** What each right item looks up (any version that exists), and what a wrong one does (a 404). */
const SARA = SEED.versions.live.id;
const TOM = SEED.versions.accepted.id;
const QUIET_B = SEED.versions.edited.id;
const QUIET_C = SEED.versions.intro.id;
const WRONG = '65e000000000000000000bad';
const DAY_MS = 86_400_000;
const MINUTE = 60_000;

const onVersion = (versionId) => ({
	filters: { versionId: { __rl: true, mode: 'id', value: versionId } },
});

function quietWorkflow(id, versionId, { lookUp, views }, idPrefix) {
	return pollingWorkflow({
		id,
		name: `Storydoc e2e: a version went quiet → ${lookUp}`,
		idPrefix,
		event: 'versionQuiet',
		triggerParameters: { ...onVersion(versionId), quietDays: 1 },
		triggerName: 'When a proposal goes quiet',
		then: {
			name: 'The version gone quiet',
			parameters: versionOf(
				`={{ $json.versionId === '${versionId}' && $json.views === ${views} && $json.quietForDays === 1 ? '${lookUp}' : '${WRONG}' }}`,
			),
		},
		credential: credentialRef('secondKey'),
	});
}

// Workflow IDs of at most 16 characters: n8n 1.x saves a trigger's static data only for such IDs.
const workflows = () => [
	pollingWorkflow({
		id: 'sdE2eSlide',
		name: 'Storydoc e2e: a reader reaches slide 3 → a version',
		idPrefix: 'c0a1e5f2-0012-4b00-9000',
		event: 'slideReached',
		triggerParameters: { ...onVersion(A), slide: 3 },
		triggerName: 'When a reader reaches slide 3',
		then: {
			name: 'The reader',
			parameters: versionOf(
				`={{ $json.visitorId === 'vis_e2e_sara' && $json.slideReached === 3 && $json.views === 3 && $json.slidesViewed.join() === '1,2,3' ? '${SARA}' : $json.visitorId === 'vis_e2e_tom' && $json.slideReached === 5 && $json.views === 1 ? '${TOM}' : '${WRONG}' }}`,
			),
		},
		credential: credentialRef('account'),
	}),
	quietWorkflow('sdE2eQuietB', B, { lookUp: QUIET_B, views: 2 }, 'c0a1e5f2-0013-4b00-9000'),
	quietWorkflow('sdE2eQuietC', C, { lookUp: QUIET_C, views: 1 }, 'c0a1e5f2-0014-4b00-9000'),
];

const view = (versionId, visitorId, slide, fields = {}) => ({
	versionId,
	visitorId,
	sessionId: `${visitorId}-1`,
	eventCategory: 'view',
	eventName: `view_slide_${slide}`,
	...fields,
});

/**
 * The workflows imported and active, and the quiet workflows' activation look-backs held (their
 * key's first two reads of events): B and C are read a day ago relative to that look-back, not to
 * now, since n8n may take minutes to start on a busy machine. Run just before n8n starts (`start`'s
 * `beforeStart`).
 */
async function setUp(app) {
	await app.cli.importAndActivate(workflows());
	app.sandbox.clearLog();
	app.sandbox.setFault({
		route: 'GET /v2/analytics/events',
		type: 'slow',
		token: 'admin',
		held: true,
		times: 2,
	});
}

/**
 * Once n8n holds a quiet workflow's activation look-back: B and C read a day ago (quiet 3 and 6.5
 * minutes later), the look-backs let go, and those reads' timestamps.
 */
async function readADayAgo(sandbox) {
	// After every tenant's imports and n8n's start, which took over 3 minutes on a busy machine.
	await waitFor(() => sandbox.held > 0, "a quiet workflow's activation look-back", 15 * MINUTE);
	const dayAgo = (ms) => new Date(Date.now() - DAY_MS + ms).toISOString();
	const [, lastOfB, lastOfC] = sandbox.addEvents([
		view(B, 'vis_e2e_bea', 1, { timestamp: dayAgo(3 * MINUTE - 10_000) }),
		view(B, 'vis_e2e_bea', 2, { timestamp: dayAgo(3 * MINUTE) }),
		view(C, 'vis_e2e_cal', 1, { timestamp: dayAgo(6.5 * MINUTE) }),
	]);
	// Faults first: a look-back arriving between the two is then not held.
	sandbox.clearFaults();
	sandbox.releaseHeld();
	return { [QUIET_B]: lastOfB.timestamp, [QUIET_C]: lastOfC.timestamp };
}

/** Until a poll of the slide workflow has read `added`. */
async function readBy(sandbox, slides, added, what) {
	const mark = lastSeq(sandbox);
	await waitFor(
		() => slides.polls().find((entry) => entry.seq > mark && entry.query.dateTo >= added.timestamp),
		() => `a poll that reads ${what} (polls: ${show(pollQueries(slides.polls()))})`,
	);
}

/** @param {ReturnType<import('../harness/useApp').useApp>} app */
async function slideQuietScenario(app) {
	const { sandbox } = app;
	await app.importCredentials(['account', 'secondKey']);
	const lastReads = readADayAgo(sandbox);
	// Awaited at the end; when the scenario fails before, that failure is the one to report.
	lastReads.catch(() => undefined);
	let running = await app.start({ beforeStart: () => setUp(app) });
	const slides = clickWorkflowLog(sandbox, 0, 'team');
	const quiet = clickWorkflowLog(sandbox, 0, 'admin');
	try {
		await waitFor(() => slides.polls()[0] && quiet.polls().length >= 2, 'the activation polls');
		const [, two] = sandbox.addEvents([view(A, 'vis_e2e_sara', 1), view(A, 'vis_e2e_sara', 2)]);
		await readBy(sandbox, slides, two, "Sara's slides 1 and 2");
		const [three] = sandbox.addEvents([view(A, 'vis_e2e_sara', 3)]);
		await readBy(sandbox, slides, three, "Sara's slide 3");
		await waitFor(() => slides.lookedUp().length >= 1, "Sara's slide 3 emitted");
		await waitFor(
			() => quiet.lookedUp().includes(QUIET_B),
			() => `B gone quiet (polls: ${show(pollQueries(quiet.polls()))})`,
			10 * MINUTE,
		);
		// Once the runs have ended: with the default scheduler n8n saves a trigger's state with a run.
		await pause(3000);
		let tom;
		running = await app.restart(running, () => {
			[, tom] = sandbox.addEvents([
				view(A, 'vis_e2e_sara', 4),
				view(A, 'vis_e2e_tom', 5, { sessionId: 'vis_e2e_tom-1' }),
			]);
		});
		await readBy(sandbox, slides, tom, "Tom's slide 5, read while n8n was stopped");
		await waitFor(() => slides.lookedUp().length >= 2, "Tom's slide 5 emitted");
		await waitFor(
			() => quiet.lookedUp().includes(QUIET_C),
			() => `C gone quiet (polls: ${show(pollQueries(quiet.polls()))})`,
			10 * MINUTE,
		);
		const mark = lastSeq(sandbox);
		await waitFor(
			() => quiet.polls().filter((entry) => entry.seq > mark).length >= 2,
			'the next polls of both quiet workflows',
		);
		await pause(2000);
		expectEqual(
			[...slides.lookedUp()].sort(),
			[SARA, TOM].sort(),
			'the readers who reached slide 3 (Sara before the restart, Tom after it), each once',
		);
		expectEqual(
			[...quiet.lookedUp()].sort(),
			[QUIET_B, QUIET_C].sort(),
			'the versions gone quiet (B before the restart, C after it), each once',
		);
		await expectLastReads(app, running, await lastReads);
	} finally {
		await running.stop();
	}
}

/** Each quiet item's `lastEventAt` as n8n stored it: the version's last read. */
async function expectLastReads(app, running, lastReads) {
	const owner = await app.ownerSession(running.url);
	for (const [id, lookUp] of [
		['sdE2eQuietB', QUIET_B],
		['sdE2eQuietC', QUIET_C],
	]) {
		const { outputs } = await executionOutputs(owner, app.n8n, id);
		expectEqual(
			(outputs['When a proposal goes quiet'] ?? []).map((item) => item.json.lastEventAt),
			[lastReads[lookUp]],
			`${id}'s item: the version's last read`,
		);
	}
}

module.exports = { slideQuietScenario };
