import type { IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { readCredentialAfresh } from '../transport';
import { trackQueuedItems } from '../transport/batchQueue';
import { BatchStoppedError, resumeBatch, stopBatch } from '../transport/batchStop';
import { timeoutFor } from '../transport/timeout';
import * as account from './account';
import * as analytics from './analytics';
import { batchReport } from './batchReport';
import { itemsInParallel } from './itemsInParallel';
import type { ItemRequest, OperationModule, StorydocType } from './node.type';
import type { ItemOutcome } from '../helpers/parallelItems';
import { runInParallel } from '../helpers/parallelItems';
import * as story from './story';
import type { NodeError } from './toolErrors';
import { calledInsideTool, errorJson, runsAsTool, toolRefusal } from './toolErrors';
import * as version from './version';
import { WriteReplay } from './writeReplay';

export const resources: Record<StorydocType['resource'], Record<string, OperationModule>> = {
	account: account.operations,
	analytics: analytics.operations,
	story: story.operations,
	version: version.operations,
};

function asNodeError(node: INode, caught: unknown, itemIndex: number): NodeError {
	const error =
		caught instanceof NodeApiError || caught instanceof NodeOperationError
			? caught
			: new NodeOperationError(node, caught as Error, { itemIndex });
	error.context.itemIndex = itemIndex;
	return error;
}

type Outcomes = Map<number, ItemOutcome<INodeExecutionData[]>>;

/** Checks every item before any request; earlier tries' outcomes are read for every item all the same. */
function prepareItems(
	context: IExecuteFunctions,
	operationModule: OperationModule,
	replay: WriteReplay | undefined,
	continueOnFail: boolean,
) {
	const outcomes: Outcomes = new Map();
	const requests = new Map<number, ItemRequest>();
	const itemCount = context.getInputData().length;
	let stopped = false;
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			const earlier = replay?.earlierOutput(itemIndex);
			if (earlier) {
				outcomes.set(itemIndex, { output: earlier });
				continue;
			}
			if (stopped) continue;
			timeoutFor(context, itemIndex);
			requests.set(itemIndex, operationModule.prepare.call(context, itemIndex));
		} catch (caught) {
			outcomes.set(itemIndex, { error: asNodeError(context.getNode(), caught, itemIndex) });
			if (!continueOnFail) stopped = true;
		}
	}
	return { outcomes, requests: stopped ? new Map<number, ItemRequest>() : requests };
}

async function sendItems(
	context: IExecuteFunctions,
	requests: Map<number, ItemRequest>,
	outcomes: Outcomes,
	{
		inParallel,
		continueOnFail,
		replay,
	}: { inParallel: number; continueOnFail: boolean; replay?: WriteReplay },
) {
	const queue = { waiting: 0 };
	trackQueuedItems(context, queue);
	const sent = await runInParallel(
		[...requests.keys()],
		(itemIndex) => requests.get(itemIndex)!(),
		{
			inParallel,
			stopOnFailure: !continueOnFail,
			onStop: () => stopBatch(context),
			isStopped: (error) => error instanceof BatchStoppedError,
			queue,
		},
	);
	for (const [itemIndex, outcome] of sent) {
		if ('error' in outcome) {
			const error = asNodeError(context.getNode(), outcome.error, itemIndex);
			replay?.rememberFailure(itemIndex, error);
			outcomes.set(itemIndex, { error });
			continue;
		}
		if ('output' in outcome) replay?.remember(itemIndex, outcome.output);
		outcomes.set(itemIndex, outcome);
	}
}

/** Owns the items and the error policy: docs/development.md › Design notes › Items in parallel. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	readCredentialAfresh(this);
	const resource = this.getNodeParameter('resource', 0) as StorydocType['resource'];
	const operation = this.getNodeParameter('operation', 0) as string;
	const operationModule = resources[resource]?.[operation];
	if (!operationModule) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of the resource "${resource}" is not supported`,
		);
	}
	const node = this.getNode();
	const itemCount = this.getInputData().length;
	const asTool = runsAsTool(node);
	const insideTool = asTool && calledInsideTool(this);
	const continueOnFail = this.continueOnFail() || (asTool && !insideTool);
	const replay = operationModule.isWrite ? WriteReplay.of(this) : undefined;
	const inParallel = itemsInParallel(this, operationModule.defaultItemsInParallel);
	resumeBatch(this);

	const { outcomes, requests } = prepareItems(this, operationModule, replay, continueOnFail);
	await sendItems(this, requests, outcomes, { inParallel, continueOnFail, replay });
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++)
		if (!outcomes.has(itemIndex)) outcomes.set(itemIndex, { stopped: true });

	let returnData: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		const outcome = outcomes.get(itemIndex)!;
		// One item's output kept, not copied; others by a loop: push(...100,000 events) overflows the stack.
		if ('output' in outcome && itemCount === 1) returnData = outcome.output;
		else if ('output' in outcome) for (const item of outcome.output) returnData.push(item);
		if (!('error' in outcome)) continue;
		const error = outcome.error as NodeError;
		if (!continueOnFail && insideTool) throw toolRefusal(node, error, itemIndex);
		if (!continueOnFail) {
			// Others may have been written meanwhile: the error says which, so a re-run can leave them out.
			const written = [...outcomes.values()].some((other) => 'output' in other);
			const sentAny = requests.size > 0 || written || replay?.sentBefore();
			if (operationModule.isWrite && itemCount > 1 && sentAny)
				error.description = [
					error.description,
					batchReport(replay?.withEarlierFailures(outcomes) ?? outcomes, itemIndex),
				]
					.filter(Boolean)
					.join(' ');
			throw error;
		}
		const errorItem: INodeExecutionData = {
			json: errorJson(error, asTool),
			pairedItem: { item: itemIndex },
		};
		// n8n routes an item to the error output only when it carries the error.
		if (node.onError === 'continueErrorOutput') errorItem.error = error;
		returnData.push(errorItem);
	}
	operationModule.afterItems?.call(this);
	return [returnData];
}
