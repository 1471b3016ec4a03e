import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** `Item 0: "Field" problem`, as n8n names items; a trigger's parameters (no index) have no prefix. */
export function fieldError(
	node: INode,
	itemIndex: number | undefined,
	field: string,
	problem: string,
	description?: string,
): NodeOperationError {
	const prefix = itemIndex === undefined ? '' : `Item ${itemIndex}: `;
	return new NodeOperationError(node, `${prefix}"${field}" ${problem}`, {
		itemIndex,
		description,
	});
}

/** The usual description of a refused value. */
export const valueGiven = (value: unknown) => `Value given: ${JSON.stringify(value)}`;

/** The item a value belongs to: names it in errors and gives the workflow's time zone. */
export class ItemContext {
	/** @param timeZone the workflow's (IANA name): a date from an expression is read in it. */
	constructor(
		readonly node: INode,
		readonly itemIndex: number,
		readonly timeZone = 'UTC',
	) {}

	error(field: string, problem: string, description?: string): NodeOperationError {
		return fieldError(this.node, this.itemIndex, field, problem, description);
	}
}
