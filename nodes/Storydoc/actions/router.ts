import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import * as account from './account';
import * as analytics from './analytics';
import type { StorydocType } from './node.type';
import * as story from './story';
import * as version from './version';
import { WriteReplay } from './writeReplay';

type OperationModule = {
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
	/** Creates or changes something in Storydoc, so must never run twice for an item. */
	isWrite?: boolean;
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

	const replay = operationModule.isWrite ? WriteReplay.of(this) : undefined;
	const returnData: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const output =
				replay?.earlierOutput(itemIndex) ?? (await operationModule.execute.call(this, itemIndex));
			replay?.remember(itemIndex, output);
			// A loop, not push(...items): spreading 100,000 analytics events overflows the call stack.
			for (const item of output) returnData.push(item);
		} catch (caught) {
			const error = asNodeError(this.getNode(), caught, itemIndex);
			replay?.rememberFailure(itemIndex, error);
			if (this.continueOnFail()) {
				const errorItem: INodeExecutionData = {
					json: errorJson(error),
					pairedItem: { item: itemIndex },
				};
				// n8n routes an item to the error output only when it carries the error.
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
