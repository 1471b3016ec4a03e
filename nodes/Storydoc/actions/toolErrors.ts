import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

export type NodeError = NodeApiError | NodeOperationError;
export const runsAsTool = (node: INode) => node.type.endsWith('Tool');

/** Inside a LangChain tool's call (MCP), not run by the engine for the AI Agent: Design notes › Tool errors. */
export function calledInsideTool(context: IExecuteFunctions): boolean {
	const toolContext = context as Partial<{
		isToolExecution: () => boolean;
		getNextRunIndex: () => number;
	}>;
	if (typeof toolContext.isToolExecution === 'function') return toolContext.isToolExecution();
	return typeof toolContext.getNextRunIndex === 'function';
}

/** A Continue On Fail error item; a tool's is one text with the fix (n8n 2.x gives a model only that). */
export function errorJson(error: NodeError, asTool: boolean): IDataObject {
	const json: IDataObject = { error: error.message };
	if (asTool && error.description && !error.message.includes(error.description))
		json.error = `${error.message.replace(/\.?$/, '.')} ${error.description}`;
	else if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return json;
}

/** Thrown inside a tool: the item's text and the API's status, no description for n8n to append. */
export function toolRefusal(node: INode, error: NodeError, itemIndex: number): NodeOperationError {
	const { error: text, httpCode } = errorJson(error, true);
	const status = httpCode ? ` HTTP status ${String(httpCode)}.` : '';
	const message = httpCode ? String(text).replace(/\.?$/, '.') : String(text);
	return new NodeOperationError(node, `${message}${status}`, { itemIndex });
}
