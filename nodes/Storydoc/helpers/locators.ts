import type { IExecuteFunctions, INode, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ACCEPTED_ADDRESSES, ID_REGEX } from '../descriptions/locators';

/** The two things a locator can name; the field label says which. */
export type LocatorField = keyof typeof ACCEPTED_ADDRESSES;

interface AddressForm {
	/** A query parameter that names the ID explicitly (`…?versionId=…`); preferred when present. */
	queryParameter: string;
	/** Path words an ID follows (`…/editor/<storyId>`, `…/versions/<versionId>`). */
	pathMarkers: string[];
	/** Path words that introduce an ID of the other kind: the address is of the wrong thing. */
	otherMarkers: string[];
}

/**
 * The address forms Storydoc hands out or shows: a story's editor address `…/editor/<storyId>`
 * (Storydoc's pages show `…/pages/editor/<storyId>`; the API reference: "the last path segment of
 * the story's editor address"), a version's `…/versions/<versionId>`, and the ID as a query
 * parameter.
 */
const ADDRESS_FORMS: Record<LocatorField, AddressForm> = {
	Story: {
		queryParameter: 'storyId',
		pathMarkers: ['editor'],
		otherMarkers: [],
	},
	Version: {
		queryParameter: 'versionId',
		pathMarkers: ['versions', 'version'],
		otherMarkers: ['editor'],
	},
};

const ADDRESS_REGEX = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?(?:\?([^\s#]*))?(?:#\S*)?$/i;
const ID = new RegExp(ID_REGEX);
/** A path segment of letters only (editor, versions, pages) is a word of Storydoc's routes, not an ID. */
const ROUTE_WORD_REGEX = /^[A-Za-z_-]+$/;

function decode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

const isId = (candidate: string | undefined): candidate is string =>
	candidate !== undefined && ID.test(candidate) && !ROUTE_WORD_REGEX.test(candidate);

/**
 * The ID a pasted Storydoc address names, or undefined when it names none (no ID after the route
 * word, an address with the ID cut off, an address of the other kind). In order: the explicit query
 * parameter; the segment after the kind's path word; the last path segment.
 */
export function idFromAddress(address: string, field: LocatorField): string | undefined {
	const form = ADDRESS_FORMS[field];
	const match = ADDRESS_REGEX.exec(address.trim());
	if (!match) return undefined;
	const [, path = '', query = ''] = match;
	for (const pair of query.split('&')) {
		const [name, value = ''] = pair.split('=');
		if (name !== form.queryParameter) continue;
		const id = decode(value);
		return isId(id) ? id : undefined;
	}
	const segments = path.split('/').filter(Boolean).map(decode);
	for (let index = segments.length - 2; index >= 0; index--) {
		const word = segments[index].toLowerCase();
		if (form.pathMarkers.includes(word)) return isId(segments[index + 1]) ? segments[index + 1] : undefined;
		if (form.otherMarkers.includes(word)) return undefined;
	}
	const last = segments[segments.length - 1];
	return isId(last) ? last : undefined;
}

/** The id a resource locator value points at, or undefined when it is empty or unparseable. */
export function idFromLocator(value: unknown, field: LocatorField): string | undefined {
	const locatorValue =
		value && typeof value === 'object' ? (value as INodeParameterResourceLocator) : { mode: 'id', value };
	const raw = String(locatorValue.value ?? '').trim();
	if (!raw) return undefined;
	if (locatorValue.mode === 'url') return idFromAddress(raw, field);
	return ID.test(raw) ? raw : undefined;
}

/**
 * Reads a resource locator parameter for one item and fails before any request when it does not
 * name an id, with the item and the field in the message.
 */
export function getLocatorId(
	this: IExecuteFunctions,
	parameterName: string,
	fieldLabel: LocatorField,
	itemIndex: number,
): string {
	const value = this.getNodeParameter(parameterName, itemIndex, undefined, { extractValue: false });
	return requireLocatorId(this.getNode(), value, fieldLabel, itemIndex);
}

/**
 * The id a locator value names, or an error naming the field (and the item, when there is one).
 * An empty value is "no filter" only where the caller says so: see `optionalLocatorId`.
 */
export function requireLocatorId(node: INode, value: unknown, fieldLabel: LocatorField, itemIndex?: number): string {
	const id = idFromLocator(value, fieldLabel);
	if (!id) {
		const mode = (value as INodeParameterResourceLocator | undefined)?.mode;
		const prefix = itemIndex === undefined ? '' : `Item ${itemIndex}: `;
		throw new NodeOperationError(
			node,
			`${prefix}"${fieldLabel}" ${mode === 'url' ? `is not a ${fieldLabel.toLowerCase()} address with an ID` : 'is empty or not a valid ID'}`,
			{
				itemIndex,
				description:
					(mode === 'url' ? `Accepted: ${ACCEPTED_ADDRESSES[fieldLabel]}. ` : '') +
					`Value given: ${JSON.stringify((value as INodeParameterResourceLocator | undefined)?.value ?? value ?? '')}`,
			},
		);
	}
	return id;
}

/** An optional locator filter: empty means "no filter"; anything else must name an id. */
export function optionalLocatorId(node: INode, value: unknown, fieldLabel: LocatorField, itemIndex?: number): string | undefined {
	const raw = value && typeof value === 'object' ? (value as INodeParameterResourceLocator).value : value;
	if (String(raw ?? '').trim() === '') return undefined;
	return requireLocatorId(node, value, fieldLabel, itemIndex);
}

/** Like `getLocatorId` for an optional filter: an empty locator means "no filter", not an error. */
export function getOptionalLocatorId(
	this: IExecuteFunctions,
	parameterName: string,
	fieldLabel: LocatorField,
	itemIndex: number,
): string | undefined {
	const value = this.getNodeParameter(parameterName, itemIndex, '', { extractValue: false });
	return optionalLocatorId(this.getNode(), value, fieldLabel, itemIndex);
}
