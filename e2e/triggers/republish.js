'use strict';
const { SEED } = require('../../sandbox/seed');
const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { ownerSession } = require('../harness/ownerSession');
const { pause } = require('../harness/waiting');
const { CLICK_WORKFLOW_ID } = require('../harness/workflows');
const { click, clickWorkflowLog, lastSeq, waitFor } = require('./pollLog');

/**
 * Under the durable scheduler, with n8n running, the trigger's schedule is edited (every minute,
 * written the other way) and the workflow published again through the editor's REST API, with a
 * click just before and one just after: n8n re-registers the changed trigger (an activation poll on
 * the kept poller state) and each click is emitted once.
 */
async function republishScenario(app) {
	const { sandbox } = app;
	const running = await app.start();
	try {
		const session = await ownerSession(running.url);
		const mark = lastSeq(sandbox);
		const { polls, lookedUp } = clickWorkflowLog(sandbox, mark);
		const [before] = sandbox.addEvents([
			click(SEED.versions.live.id, 'CTA click: before the republish'),
		]);
		await editAndRepublish(session);
		const republishedAt = lastSeq(sandbox);
		const [after] = sandbox.addEvents([
			click(SEED.versions.intro.id, 'CTA click: after the republish'),
		]);
		const reading = await waitFor(
			() =>
				polls().find((entry) => entry.seq > republishedAt && entry.query.dateTo >= after.timestamp),
			'a poll after the republish that reads the second click',
		);
		ensure(
			polls().every(
				(entry) => entry.query.dateFrom <= before.timestamp || entry.seq >= reading.seq,
			),
			`a poll read from later than the click before the republish: ${show(polls().map((p) => p.query))}`,
		);
		await waitFor(() => lookedUp().length >= 2, 'the workflow runs for the two clicks', 30_000);
		await waitFor(() => polls().find((entry) => entry.seq > reading.seq), 'the poll after');
		await pause(2000);
		expectEqual(
			lookedUp().sort(),
			[SEED.versions.live.id, SEED.versions.intro.id].sort(),
			'the versions looked up around the republish (each click once)',
		);
	} finally {
		await running.stop();
	}
}

/** The click workflow's trigger set to "every 1 minutes" (a new workflow version), then published. */
async function editAndRepublish(session) {
	const workflow = await session.request('GET', `/rest/workflows/${CLICK_WORKFLOW_ID}`);
	const nodes = workflow.nodes.map((node) =>
		node.type.endsWith('.storydocTrigger')
			? {
					...node,
					parameters: {
						...node.parameters,
						pollTimes: { item: [{ mode: 'everyX', value: 1, unit: 'minutes' }] },
					},
				}
			: node,
	);
	const updated = await session.request('PATCH', `/rest/workflows/${CLICK_WORKFLOW_ID}`, {
		nodes,
		connections: workflow.connections,
		versionId: workflow.versionId,
	});
	ensure(updated.versionId !== workflow.versionId, 'the edit made no new workflow version');
	const published = await session.request('POST', `/rest/workflows/${CLICK_WORKFLOW_ID}/activate`, {
		versionId: updated.versionId,
	});
	expectEqual(published.activeVersionId, updated.versionId, 'the published version');
}

module.exports = { republishScenario };
