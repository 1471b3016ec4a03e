'use strict';
/** A workflow's executions as n8n stored them, read through its REST API as the owner. */
const path = require('node:path');

/**
 * Each node's items over the workflow's finished executions, oldest first (`outputs` as the examples'
 * checks read them). n8n stores an execution's data in its own `flatted` form, read with n8n's copy.
 */
async function executionOutputs(session, n8n, workflowId) {
	const { parse } = require(path.join(n8n.dir, 'node_modules', 'flatted'));
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const { results } = await session.request('GET', `/rest/executions?filter=${filter}`);
	const finished = results
		.filter((execution) => execution.finished || execution.status === 'success')
		.sort((a, b) => Number(a.id) - Number(b.id));
	const outputs = {};
	for (const { id } of finished) {
		const execution = await session.request('GET', `/rest/executions/${id}`);
		const { runData } = parse(execution.data).resultData;
		for (const [node, runs] of Object.entries(runData)) {
			for (const run of runs) (outputs[node] ??= []).push(...(run.data?.main?.[0] ?? []));
		}
	}
	// What a failure message shows of them: each execution's status and start.
	const runs = results.map(({ id, status, startedAt }) => `${id} ${status} ${startedAt}`);
	return { count: finished.length, outputs, runs };
}

module.exports = { executionOutputs };
