'use strict';
/** What the examples' checks and reports read of a run and of a workflow. */
const { DAY_MS } = require('../../sandbox/dates');

const first = (items) => items?.[0]?.json;
const startOfUtcDay = (ms) => Math.floor(ms / DAY_MS) * DAY_MS;
const requestLines = (requests) => requests.map((r) => `${r.method} ${r.path} → ${r.status}`);

/**
 * A run that only read analytics events: checks that, and returns the sandbox's events from
 * `fromOf(requestedAt)` to `requestedAt` (the time of its first request), what it could have read.
 */
async function eventsRead(sandbox, expectEqual, fromOf) {
	const requests = await sandbox.requests();
	expectEqual(
		[...new Set(requestLines(requests))],
		['GET /v2/analytics/events → 200'],
		'the requests the sandbox received (distinct)',
	);
	const requestedAt = Date.parse(requests[0].time);
	const fromMs = fromOf(requestedAt);
	return (await sandbox.state('events')).filter((event) => {
		const instant = Date.parse(event.timestamp);
		return instant >= fromMs && instant <= requestedAt;
	});
}

/** The values of an Edit Fields node of the workflow, as written (the sample CRM data). */
function assignmentsOf(workflow, nodeName) {
	const node = workflow.nodes.find((candidate) => candidate.name === nodeName);
	return Object.fromEntries(
		node.parameters.assignments.assignments.map(({ name, value }) => [name, value]),
	);
}

module.exports = { assignmentsOf, eventsRead, first, requestLines, startOfUtcDay };
