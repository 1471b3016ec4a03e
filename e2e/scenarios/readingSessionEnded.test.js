'use strict';
/**
 * Storydoc Trigger › Reading Session Ended in `n8n start`: a reader's session whose events arrive
 * over three of n8n's scheduled polls (a minute apart) is emitted once, at the first poll more than
 * Session Ends After (2 minutes) after its last event, with its totals. The workflow looks the
 * session's version up only when the item holds what was read (its expression checks the totals),
 * so the sandbox's log shows both that it was emitted and that it was right. About 6 minutes.
 */
const { SEED } = require('../../sandbox/seed');
const { expectEqual, show } = require('../../scripts/lib/assertions');
const { TRIGGER_TYPE, NODE_TYPE } = require('../n8n-app');
const { credentialRef } = require('../harness/credentials');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { pause } = require('../harness/waiting');
const { clickWorkflowLog, lastSeq, pollQueries, waitFor } = require('../triggers/pollLog');

const app = useApp();
const VERSION = SEED.versions.accepted.id;
const GAP_MINUTES = 2;

/** Storydoc Trigger (every minute, Reading Session Ended) → Version › Get of a session as expected. */
const sessionWorkflow = () => ({
	id: 'sdE2eSessionEnded',
	name: 'Storydoc e2e: a reading session ended → its version',
	nodes: [
		{
			id: 'c0a1e5f2-0009-4b00-9000-000000000001',
			name: 'When a reader finishes',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				event: 'sessionEnded',
				sessionGapMinutes: GAP_MINUTES,
			},
			credentials: { storydocApi: credentialRef('account') },
		},
		{
			id: 'c0a1e5f2-0009-4b00-9000-000000000002',
			name: 'The version read',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [260, 0],
			parameters: {
				resource: 'version',
				operation: 'get',
				versionId: {
					__rl: true,
					mode: 'id',
					value:
						"={{ $json.views === 2 && $json.clicks === 1 && $json.slidesViewed.join() === '1,2' && $json.actionsClicked.join() === 'CTA click: Book a meeting' && !$json.mayBeOngoing ? $json.versionId : 'not the session read' }}",
				},
			},
			credentials: { storydocApi: credentialRef('account') },
		},
	],
	connections: {
		'When a reader finishes': { main: [[{ node: 'The version read', type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
});

const event = (fields) => ({
	versionId: VERSION,
	visitorId: 'vis_e2e_reader',
	sessionId: 'e2e-session',
	eventCategory: 'view',
	...fields,
});

test('a session read over three polls is emitted once, more than Session Ends After after its last event, with its totals', async () => {
	await app.importCredentials(['account']);
	await app.cli.importAndActivate([sessionWorkflow()]);
	app.sandbox.clearLog();
	await app.start();
	const { polls, lookedUp } = clickWorkflowLog(app.sandbox, 0);
	await waitFor(() => polls()[0], 'the activation poll');

	// One event after each poll, so that three polls read the session (each < 2 minutes apart).
	const steps = [
		{ eventName: 'view_slide_1' },
		{ eventName: 'view_slide_2' },
		{ eventCategory: 'click', eventName: 'CTA click: Book a meeting' },
	];
	let last;
	for (const fields of steps) {
		const mark = lastSeq(app.sandbox);
		[last] = app.sandbox.addEvents([event(fields)]);
		await waitFor(
			() => polls().find((entry) => entry.seq > mark && entry.query.dateTo >= last.timestamp),
			() => `a poll that reads ${fields.eventName} (polls: ${show(pollQueries(polls()))})`,
		);
		expectEqual(lookedUp(), [], 'versions looked up while the session goes on');
	}

	const endsAfter = Date.parse(last.timestamp) + GAP_MINUTES * 60_000;
	await waitFor(
		() => lookedUp().length > 0,
		() =>
			`the session's item with its totals (polls: ${show(pollQueries(polls()))}; a lookup is made only when the item holds what was read)`,
		GAP_MINUTES * 60_000 + 90_000,
	);
	const emittedBy = polls()
		.filter(
			(entry) => entry.seq < app.sandbox.log.find((e) => e.path.startsWith('/v2/versions/')).seq,
		)
		.pop();
	expectEqual(
		Date.parse(emittedBy.query.dateTo) > endsAfter,
		true,
		`the poll that emitted the session came more than ${GAP_MINUTES} minutes after its last event`,
	);
	const mark = lastSeq(app.sandbox);
	await waitFor(() => polls().find((entry) => entry.seq > mark), 'the poll after');
	await pause(2000);
	expectEqual(lookedUp(), [VERSION], 'the session emitted once');
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
