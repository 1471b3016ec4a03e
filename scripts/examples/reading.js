'use strict';
/** What the examples' checks and reports read of a run and of a workflow. */
const { DAY_MS } = require('../../sandbox/dates');

const first = (items) => items?.[0]?.json;
const startOfUtcDay = (ms) => Math.floor(ms / DAY_MS) * DAY_MS;
const requestLines = (requests) => requests.map((r) => `${r.method} ${r.path} → ${r.status}`);

/** The values of an Edit Fields node of the workflow, as written (the sample CRM data). */
function assignmentsOf(workflow, nodeName) {
	const node = workflow.nodes.find((candidate) => candidate.name === nodeName);
	return Object.fromEntries(
		node.parameters.assignments.assignments.map(({ name, value }) => [name, value]),
	);
}

module.exports = { assignmentsOf, first, requestLines, startOfUtcDay };
