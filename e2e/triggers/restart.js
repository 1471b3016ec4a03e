'use strict';
const { SEED } = require('../../sandbox/seed');
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { pause } = require('../harness/waiting');
const { CLICK_WORKFLOW_ID } = require('../harness/workflows');
const { committedCursorTime } = require('./durableScheduler');
const { click, clickWorkflowLog, lastSeq, waitFor } = require('./pollLog');

/**
 * Under the durable scheduler, n8n stopped after a poll: a click arrives while it is down, n8n starts
 * again. The first poll after the restart reads from the cursor n8n committed (not from the
 * restart), the click is emitted once, and the poll after emits nothing again.
 */
async function restartScenario(app) {
	const { sandbox } = app;
	const cursor = committedCursorTime(app.n8n, app.userFolder, CLICK_WORKFLOW_ID);
	const mark = lastSeq(sandbox);
	const [whileDown] = sandbox.addEvents([
		click(SEED.versions.accepted.id, 'CTA click: while n8n was stopped'),
	]);
	const running = await app.start();
	try {
		const { polls, lookedUp } = clickWorkflowLog(sandbox, mark);
		const first = await waitFor(() => polls()[0], 'the first poll after the restart');
		expectEqual(
			first.query.dateFrom,
			cursor,
			'where the first poll after the restart read from (the cursor committed before the stop)',
		);
		ensure(whileDown.timestamp >= cursor, 'the click while stopped is after the committed cursor');
		await waitFor(
			() => lookedUp().length >= 1,
			'the workflow run for the click while stopped',
			30_000,
		);
		await waitFor(() => polls()[1], 'the poll after');
		await pause(2000);
		expectEqual(
			lookedUp(),
			[SEED.versions.accepted.id],
			'the versions looked up after the restart (the click while stopped, once)',
		);
	} finally {
		await running.stop();
	}
}

module.exports = { restartScenario };
