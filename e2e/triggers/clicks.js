'use strict';
const { SEED } = require('../../sandbox/seed');
const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { pause } = require('../harness/waiting');
const { clickWorkflowLog, lastSeq, pollQueries, waitFor } = require('./pollLog');

/**
 * The click workflow after activation: two clicks and a view arrive; the next poll reads from the
 * activation time and the workflow looks up each clicked version once (the view is not emitted); the
 * poll after reads from the newest event and emits nothing again.
 */
async function clickScenario({ sandbox }, { activatedFrom }) {
	const { polls, lookedUp: versionReads } = clickWorkflowLog(sandbox, 0);

	const activation = await waitFor(() => polls()[0], 'the activation poll');
	const cursorAtActivation = Date.parse(activation.query.dateFrom);
	ensure(
		cursorAtActivation >= activatedFrom && cursorAtActivation <= Date.now(),
		`the activation poll read from ${activation.query.dateFrom}, not from now`,
	);

	const added = sandbox.addEvents([
		{
			versionId: SEED.versions.live.id,
			eventCategory: 'click',
			eventName: 'CTA click: Book a meeting',
		},
		{
			versionId: SEED.versions.accepted.id,
			eventCategory: 'view',
			eventName: 'Slide view: Pricing',
		},
		{
			versionId: SEED.versions.intro.id,
			eventCategory: 'click',
			eventName: 'Link click: Case study',
		},
	]);
	// The first poll that reads them is one that arrived after they were added: a scheduled poll can
	// fall between the activation poll being seen and the events being added, and reads nothing.
	const addedAt = lastSeq(sandbox);
	const next = await waitFor(
		() => polls().find((entry) => entry.seq > addedAt),
		'the next scheduled poll',
	);
	ensure(
		polls().every(
			(entry) => entry.seq > next.seq || entry.query.dateFrom === activation.query.dateFrom,
		),
		`a poll before the clicks were read did not read from the activation time: ${show(pollQueries(polls()))}`,
	);
	await waitFor(
		() => versionReads().length >= 2,
		() =>
			`the workflow run for the two clicks (polls seen: ${show(pollQueries(polls()))}; versions looked up: ${show(versionReads())})`,
		45_000,
	);
	expectEqual(
		versionReads().sort(),
		[SEED.versions.live.id, SEED.versions.intro.id].sort(),
		'the versions looked up (one per click; the view not emitted)',
	);
	await pollAfter(sandbox, { polls, versionReads, next, added });
}

/** The poll after the one that read the clicks reads on from the newest event it read, and emits nothing. */
async function pollAfter(sandbox, { polls, versionReads, next, added }) {
	const after = await waitFor(
		() => polls().find((entry) => entry.seq > next.seq),
		'the poll after',
	);
	// The newest event the next poll read: the clicks and view above, or a First View event added since.
	const newest = sandbox.state.events
		.map((event) => event.timestamp)
		.filter((timestamp) => timestamp >= next.query.dateFrom && timestamp <= next.query.dateTo)
		.sort()
		.pop();
	ensure(
		added.every((event) => event.timestamp <= newest),
		'the next poll read the clicks and the view',
	);
	expectEqual(
		after.query.dateFrom,
		newest,
		'where the poll after read from (the newest event read)',
	);
	await pause(2000);
	expectEqual(
		versionReads().length,
		2,
		'versions looked up after the poll after (nothing emitted twice)',
	);
}

module.exports = { clickScenario };
