'use strict';
/**
 * A workflow run as the editor's Execute workflow button runs it, through n8n's REST API as the
 * owner: what a recipe whose nodes need a running n8n takes (the Data Table node: `n8n execute` loads
 * no modules, and the node answers "the module is disabled" there). n8n 2.x runs the stored workflow
 * from the trigger named; 1.x takes the workflow in the request.
 */
const path = require('node:path');

const { nodeOutputs } = require('../n8n-app');
const { waitFor } = require('./waiting');

const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

/**
 * Runs `workflow` (as imported) from its trigger `trigger` in the n8n `session` is signed in to;
 * resolves, once the execution has ended, with { status, outputs: { [node]: items }, errorMessage
 * (with the node it came from), errorStack }.
 */
async function runManually(session, n8n, workflow, trigger) {
	const body =
		n8n.major >= 2
			? { triggerToStartFrom: { name: trigger } }
			: { workflowData: workflow, triggerToStartFrom: { name: trigger } };
	const { executionId } = await session.request('POST', `/rest/workflows/${workflow.id}/run`, body);
	let execution;
	await waitFor(
		async () => {
			execution = await session.request('GET', `/rest/executions/${executionId}`);
			return FINISHED.has(execution.status) && execution.data;
		},
		`execution ${executionId} of ${workflow.id} to end`,
		300_000,
		500,
	);
	const { parse } = require(path.join(n8n.dir, 'node_modules', 'flatted'));
	const data = parse(execution.data);
	const error = data.resultData.error;
	return {
		status: execution.status,
		outputs: nodeOutputs({ data }),
		errorMessage:
			error && `${error.message} (in ${error.node?.name ?? data.resultData.lastNodeExecuted})`,
		errorStack: error?.stack,
	};
}

module.exports = { runManually };
