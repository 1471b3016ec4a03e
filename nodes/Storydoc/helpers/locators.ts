import type { IExecuteFunctions, INode, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ID_REGEX, LAST_PATH_SEGMENT_URL_REGEX } from '../descriptions/locators';

/** The id a resource locator value points at, or undefined when it is empty or unparseable. */
export function idFromLocator(value: unknown): string | undefined {
	const locatorValue =
		value && typeof value === 'object' ? (value as INodeParameterResourceLocator) : { mode: 'id', value };
	const raw = String(locatorValue.value ?? '').trim();
	if (!raw) return undefined;
	if (locatorValue.mode === 'url') {
		return new RegExp(LAST_PATH_SEGMENT_URL_REGEX).exec(raw)?.[1];
	}
	return new RegExp(ID_REGEX).test(raw) ? raw : undefined;
}

/**
 * Reads a resource locator parameter for one item and fails before any request when it does not
 * name an id, with the item and the field in the message.
 */
export function getLocatorId(
	this: IExecuteFunctions,
	parameterName: string,
	fieldLabel: string,
	itemIndex: number,
): string {
	const value = this.getNodeParameter(parameterName, itemIndex, undefined, { extractValue: false });
	return requireLocatorId(this.getNode(), value, fieldLabel, itemIndex);
}

/**
 * The id a locator value names, or an error naming the field (and the item, when there is one).
 * An empty value is "no filter" only where the caller says so: see `optionalLocatorId`.
 */
export function requireLocatorId(node: INode, value: unknown, fieldLabel: string, itemIndex?: number): string {
	const id = idFromLocator(value);
	if (!id) {
		const mode = (value as INodeParameterResourceLocator | undefined)?.mode;
		const prefix = itemIndex === undefined ? '' : `Item ${itemIndex}: `;
		throw new NodeOperationError(
			node,
			`${prefix}"${fieldLabel}" ${mode === 'url' ? 'is not a Storydoc address ending in an ID' : 'is empty or not a valid ID'}`,
			{ itemIndex, description: `Value given: ${JSON.stringify((value as INodeParameterResourceLocator | undefined)?.value ?? value ?? '')}` },
		);
	}
	return id;
}

/** An optional locator filter: empty means "no filter"; anything else must name an id. */
export function optionalLocatorId(node: INode, value: unknown, fieldLabel: string, itemIndex?: number): string | undefined {
	const raw = value && typeof value === 'object' ? (value as INodeParameterResourceLocator).value : value;
	if (String(raw ?? '').trim() === '') return undefined;
	return requireLocatorId(node, value, fieldLabel, itemIndex);
}

/** Like `getLocatorId` for an optional filter: an empty locator means "no filter", not an error. */
export function getOptionalLocatorId(
	this: IExecuteFunctions,
	parameterName: string,
	fieldLabel: string,
	itemIndex: number,
): string | undefined {
	const value = this.getNodeParameter(parameterName, itemIndex, '', { extractValue: false });
	return optionalLocatorId(this.getNode(), value, fieldLabel, itemIndex);
}
