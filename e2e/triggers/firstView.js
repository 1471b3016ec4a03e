'use strict';
const { SEED } = require('../../sandbox/seed');
const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { pause } = require('../harness/waiting');
const { waitFor } = require('./pollLog');

/**
 * The First View workflow after activation (its key is the sandbox's `admin`): a version is created
 * (POST /v2/versions) and viewed twice, and a version viewed before activation is viewed again; the
 * next poll checks both and the workflow looks up the new one only. Another view, and the next poll
 * of this workflow fails (a 500 for its key only); one more view, and the poll after reads from where
 * the failed one did and emits nothing.
 */
async function firstViewScenario({ sandbox, url }, { activatedFrom }) {
	const log = firstViewLog(sandbox);
	const viewedBefore = SEED.versions.live.id;
	ensure(
		sandbox.state.events.some(
			(event) =>
				event.versionId === viewedBefore &&
				event.eventCategory === 'view' &&
				Date.parse(event.timestamp) < activatedFrom,
		),
		'the sandbox has no view of the seeded version before activation',
	);

	const activation = await waitFor(() => log.polls()[0], 'First View: the activation poll');
	const fresh = await createVersion(sandbox, url);
	await pause(5);
	const first = log.view(fresh);
	log.view(viewedBefore);
	await pause(5);
	const lastView = log.view(fresh);
	// n8n schedules each workflow's polls at its own second of the minute: the first poll that read past the views.
	const poll1 = await waitFor(
		() =>
			log
				.polls()
				.find(
					(entry) =>
						entry.seq > activation.seq &&
						log.answered(entry) &&
						entry.query.dateTo >= lastView.timestamp,
				),
		'First View: the poll that reads the views',
	);
	expectEqual(poll1.status, 200, 'the status of the First View poll');
	await waitFor(() => log.lookedUp().length >= 1, 'the workflow run for the first view', 30_000);
	await pause(2000);
	const settledAt = sandbox.log[sandbox.log.length - 1].seq;
	expectEqual(
		log.lookedUp(),
		[fresh],
		'the versions looked up after the first poll (the new one, once)',
	);
	// The click workflow's events (a view of another seeded version among them) are First View candidates too.
	const checked = log.checks().map((entry) => entry.query.versionId);
	ensure(
		checked.includes(fresh) && checked.includes(viewedBefore),
		`the versions checked for an earlier view: ${show(checked)}`,
	);
	expectEqual(checked.length, new Set(checked).size, 'checks per version (one each)');
	ensure(first.timestamp >= activation.query.dateFrom, 'the first view is after activation');
	await failedPollBetweenViews(sandbox, log, { fresh, viewedBefore, settledAt });
}

/** This workflow's requests in the sandbox log (its key is `admin`), and a view added to the sandbox. */
function firstViewLog(sandbox) {
	const mine = () => sandbox.log.filter((entry) => entry.token === 'admin');
	const reads = () => mine().filter((entry) => entry.path === '/v2/analytics/events');
	return {
		polls: () => reads().filter((entry) => !entry.query.versionId),
		checks: () => reads().filter((entry) => entry.query.versionId),
		lookedUp: () =>
			mine()
				.filter((entry) => entry.path.startsWith('/v2/versions/'))
				.map((entry) => entry.path.split('/').pop()),
		answered: (entry) => entry.status !== null,
		view: (versionId) => sandbox.addEvents([{ versionId, eventCategory: 'view' }])[0],
	};
}

/** A version created after activation, as a user's workflow would (POST /v2/versions on the main key). */
async function createVersion(sandbox, url) {
	const created = await fetch(`${url}/v2/versions`, {
		method: 'POST',
		headers: { authorization: `Bearer ${sandbox.tokens.team}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			storyId: SEED.stories.proposal.id,
			senderEmail: SEED.users.sam.email,
			data: {
				title: 'Proposal for Vandelay Industries',
				first_name: 'Art',
				company: 'Vandelay Industries',
			},
		}),
	});
	const { versionId: fresh } = await created.json();
	ensure(created.ok && fresh, `POST /v2/versions answered ${created.status}`);
	return fresh;
}

/** A view, a failed poll, another view: the poll after reads from where the failed one did, and emits nothing. */
async function failedPollBetweenViews(sandbox, log, { fresh, viewedBefore, settledAt }) {
	log.view(fresh);
	sandbox.setFault({
		route: 'GET /v2/analytics/events',
		type: 'status500',
		token: 'admin',
		times: 1,
	});
	const failed = await waitFor(
		() => log.polls().find((entry) => entry.seq > settledAt && log.answered(entry)),
		'First View: the poll that fails',
	);
	expectEqual(failed.status, 500, 'the status of the failing poll');
	await pause(5);
	log.view(fresh);
	const poll3 = await waitFor(
		() => log.polls().find((entry) => entry.seq > failed.seq && log.answered(entry)),
		'First View: the poll after the failed one',
	);
	expectEqual(poll3.status, 200, 'the status of the poll after the failed one');
	expectEqual(
		poll3.query.dateFrom,
		failed.query.dateFrom,
		'where the poll after the failed one read from (the cursor did not move)',
	);
	await pause(3000);
	expectEqual(
		log.lookedUp(),
		[fresh],
		'the versions looked up after four views, a failed poll and two more polls (still the new one, once)',
	);
	expectEqual(
		log
			.checks()
			.filter(
				(entry) => entry.seq > settledAt && [fresh, viewedBefore].includes(entry.query.versionId),
			),
		[],
		'checks of the two versions after the poll that settled them',
	);
}

module.exports = { firstViewScenario };
