import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isUnknownOutcome } from '../transport';

import * as account from './account';
import * as analytics from './analytics';
import type { StorydocType } from './node.type';
import * as story from './story';
import * as version from './version';

type OperationModule = {
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
	/** Called once after the last item, for what concerns the run as a whole (execution hints). */
	afterItems?(this: IExecuteFunctions): void;
};

const resources: Record<StorydocType['resource'], Record<string, OperationModule>> = {
	account: account.operations,
	analytics: analytics.operations,
	story: story.operations,
	version: version.operations,
};

/** Every failure leaves the node as an n8n error that names the item it belongs to. */
function asNodeError(node: INode, caught: unknown, itemIndex: number) {
	const error =
		caught instanceof NodeApiError || caught instanceof NodeOperationError
			? caught
			: new NodeOperationError(node, caught as Error, { itemIndex });
	error.context.itemIndex = itemIndex;
	return error;
}

/** What a Continue On Fail error item shows: the message and the useful details, never request options. */
function errorJson(error: NodeApiError | NodeOperationError): IDataObject {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return json;
}

/** The operations that create or change something in Storydoc, and so must never run twice. */
const WRITES = new Set(['version:create', 'version:update', 'story:generate']);

/** What a write did for one item: its output items, or the error of an outcome that is unknown. */
type WriteOutcome =
	| { output: INodeExecutionData[] }
	| { unknown: { message: string; description?: string; httpCode?: string } };

/**
 * n8n's node setting Retry On Fail runs the whole node again, from its first item, when it failed
 * (or, with Continue On Fail, when its first output item is an error): every version already
 * created would be created again, and a write whose outcome is unknown resent. So with that setting
 * on, the writes remember per item, in the execution's context for this node and run, what was
 * done; a retry gives the same output (or the same unknown-outcome error) without a request and
 * sends only the items that never reached Storydoc or were refused.
 */
function writeOutcomes(context: IExecuteFunctions, resource: string, operation: string) {
	const node = context.getNode();
	if (node.retryOnFail !== true || !WRITES.has(`${resource}:${operation}`)) return undefined;
	const runIndex = context.getWorkflowDataProxy(0).$runIndex as number;
	const key = `storydocWrites:${context.getExecutionId()}:${runIndex}`;
	const nodeContext = context.getContext('node');
	nodeContext[key] ??= {};
	return nodeContext[key] as Record<number, WriteOutcome>;
}

function replayedError(
	node: INode,
	outcome: Extract<WriteOutcome, { unknown: unknown }>['unknown'],
	itemIndex: number,
) {
	const error = new NodeApiError(
		node,
		{ outcome: 'unknown' },
		{
			message: outcome.message,
			description: outcome.description,
			httpCode: outcome.httpCode,
			itemIndex,
		},
	);
	error.message = outcome.message;
	error.context.outcome = 'unknown';
	return error;
}

/** Owns the item loop and the error policy; operations handle exactly one item. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as StorydocType['resource'];
	const operation = this.getNodeParameter('operation', 0) as string;
	const operationModule = resources[resource]?.[operation];
	if (!operationModule) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of the resource "${resource}" is not supported`,
		);
	}

	const outcomes = writeOutcomes(this, resource, operation);
	const returnData: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const done = outcomes?.[itemIndex];
			if (done && 'unknown' in done) throw replayedError(this.getNode(), done.unknown, itemIndex);
			const output = done ? done.output : await operationModule.execute.call(this, itemIndex);
			if (outcomes) outcomes[itemIndex] = { output };
			// A loop, not push(...items): spreading 100,000 analytics events overflows the call stack.
			for (const item of output) returnData.push(item);
		} catch (caught) {
			const error = asNodeError(this.getNode(), caught, itemIndex);
			if (outcomes && isUnknownOutcome(error)) {
				outcomes[itemIndex] = {
					unknown: {
						message: error.message,
						description: error.description ?? undefined,
						httpCode: error.httpCode ?? undefined,
					},
				};
			}
			if (this.continueOnFail()) {
				const errorItem: INodeExecutionData = {
					json: errorJson(error),
					pairedItem: { item: itemIndex },
				};
				// Under "Continue (using error output)" n8n sends an item to the error output only when it
				// carries the error (or json holding nothing but error/message/details); otherwise failed
				// items went out on the success branch. n8n then shows the item's json as { error }.
				if (this.getNode().onError === 'continueErrorOutput') errorItem.error = error;
				returnData.push(errorItem);
				continue;
			}
			throw error;
		}
	}
	operationModule.afterItems?.call(this);
	return [returnData];
}
