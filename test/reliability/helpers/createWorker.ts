/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a worker process of the tests, not node code */
/**
 * One n8n worker of its own (a separate Node process, so a pacer of its own, as in n8n queue mode):
 * runs Manual → Records → Storydoc › Create Version for the items given and prints the result as JSON
 * on its last stdout line. Used by the rate-limit tests, usually with a faster clock (timeScale.ts).
 *
 * argv[2]: a WorkerJob as JSON: { baseUrl, token, storyId, items: [{ company }], nodeSettings?,
 * timeoutSeconds? }, or with `batches: [[{ company }], …]` instead of `items`: that many executions at
 * once in this process (they share its pacer), each result in `runs`.
 */
import type { INodeParameters } from 'n8n-workflow';

import { credentialsFor, runWorkflow, storydocWorkflow } from '../../harness/n8n';
import type { WorkerJob, WorkerResult, WorkerRun } from './runWorker';

async function runOnce({
	baseUrl,
	token,
	storyId,
	items,
	nodeSettings,
	timeoutSeconds,
	...job
}: WorkerJob): Promise<WorkerRun> {
	const parameters: INodeParameters = job.parameters ?? {
		resource: 'version',
		operation: 'create',
		storyId: { __rl: true, mode: 'id', value: storyId },
		senderEmail: 'sam@acme.test',
		title: '={{ $json.company }}',
	};
	// A faster clock shortens the request timeout too: give it room.
	if (timeoutSeconds) parameters.requestOptions = { timeout: timeoutSeconds };
	const started = Date.now();
	const { outputs, error } = await runWorkflow(
		storydocWorkflow(parameters, { items, nodeSettings }),
		{
			credentials: credentialsFor({ baseUrl, token }),
		},
	);
	return {
		seconds: (Date.now() - started) / 1000,
		error: error
			? {
					message: error.message,
					description: error.description,
					httpCode: error.httpCode,
					itemIndex: error.context?.itemIndex,
				}
			: undefined,
		outputs: (outputs.Storydoc ?? []).map((item) => ({
			json: item.json,
			pairedItem: item.pairedItem,
		})),
	};
}

async function main() {
	const job = JSON.parse(process.argv[2]) as WorkerJob;
	const started = Date.now();
	const result: WorkerResult = job.batches
		? { runs: await Promise.all(job.batches.map((items) => runOnce({ ...job, items }))) }
		: await runOnce(job);
	result.seconds ??= (Date.now() - started) / 1000;
	process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

main().then(
	() => process.exit(0),
	(error: Error) => {
		process.stderr.write(`${error.stack}\n`);
		process.exit(1);
	},
);
