import type { IExecuteFunctions, INode, INodeParameterResourceLocator } from 'n8n-workflow';

import { ACCEPTED, ID_REGEX, STORYDOC_ID_REGEX } from '../descriptions/locators';
import { fieldError, valueGiven } from './fieldError';

export type LocatorField = keyof typeof ACCEPTED;

interface AddressReading {
	id?: string;
	publicLink?: boolean;
}

interface ValueReading extends AddressReading {
	address?: boolean;
}

const HTTP_ADDRESS_REGEX = /^https?:\/\//i;
const ADDRESS_REGEX = /^https?:\/\/([^\s/?#]+)(\/[^\s?#]*)?(?:\?([^\s#]*))?(?:#\S*)?$/i;
const ID = new RegExp(ID_REGEX);
const STORYDOC_ID = new RegExp(STORYDOC_ID_REGEX);
/** A letters-only segment (editor, versions, pages) is a word of Storydoc's routes, not an ID. */
const ROUTE_WORD_REGEX = /^[A-Za-z_-]+$/;
/** Hosts of the public links sent to prospects (`url`, `shortUrl`), which carry no ID. */
const PUBLIC_LINK_HOSTS = new Set(['storydoc.com', 'www.storydoc.com', 'view.storydoc.com']);
const QUERY_PARAMETER: Record<LocatorField, string> = { Story: 'storyId', Version: 'versionId' };

function decode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

const isId = (candidate: string | undefined): candidate is string =>
	candidate !== undefined && ID.test(candidate) && !ROUTE_WORD_REGEX.test(candidate);

function idFromRoute(segments: string[], field: LocatorField): AddressReading | undefined {
	const words = segments.map((segment) => segment.toLowerCase());
	const at = (word: string) => words.lastIndexOf(word);
	const after = (index: number) => (isId(segments[index + 1]) ? segments[index + 1] : undefined);
	const versions = Math.max(at('versions'), at('version'));
	const editor = at('editor');
	const preview = at('preview');
	if (field === 'Story') {
		if (editor >= 0) return { id: after(editor) };
		if (preview >= 0) return { id: after(preview) };
		// A version's address without its story: its ID is not a story's.
		if (versions >= 0) return {};
		return undefined;
	}
	if (versions >= 0) return { id: after(versions) };
	// editorUrl: story ID, then version ID; with one ID it is the story's own editor address.
	if (editor >= 0) return { id: after(editor) && after(editor + 1) };
	if (preview >= 0) return {};
	return undefined;
}

/** The shapes read, in order: docs/development.md › Design notes (resource locators). */
function readAddress(address: string, field: LocatorField): AddressReading {
	const match = ADDRESS_REGEX.exec(address.trim());
	if (!match) return {};
	const [, host, path = '', query = ''] = match;
	for (const pair of query.split('&')) {
		const [name, value = ''] = pair.split('=');
		if (name !== QUERY_PARAMETER[field]) continue;
		const id = decode(value);
		return isId(id) ? { id } : {};
	}
	const segments = path.split('/').filter(Boolean).map(decode);
	const fromRoute = idFromRoute(segments, field);
	if (fromRoute) return fromRoute;
	const last = segments[segments.length - 1];
	if (last !== undefined && STORYDOC_ID.test(last)) return { id: last };
	return { publicLink: PUBLIC_LINK_HOSTS.has(host.toLowerCase()) && segments.length > 0 };
}

/** Every mode reads an address; a bare value is the ID itself (in URL mode, in a Storydoc ID's shape). */
function readLocator(value: unknown, field: LocatorField): ValueReading {
	const locatorValue =
		value && typeof value === 'object'
			? (value as INodeParameterResourceLocator)
			: { mode: 'id', value };
	const raw = String(locatorValue.value ?? '').trim();
	if (HTTP_ADDRESS_REGEX.test(raw)) return { address: true, ...readAddress(raw, field) };
	const bare = locatorValue.mode === 'url' ? STORYDOC_ID : ID;
	return { id: bare.test(raw) ? raw : undefined };
}

export function idFromLocator(value: unknown, field: LocatorField): string | undefined {
	return readLocator(value, field).id;
}

export function getLocatorId(
	this: IExecuteFunctions,
	parameterName: string,
	fieldLabel: LocatorField,
	itemIndex: number,
): string {
	const value = this.getNodeParameter(parameterName, itemIndex, undefined, { extractValue: false });
	return requireLocatorId(this.getNode(), value, fieldLabel, itemIndex);
}

export function requireLocatorId(
	node: INode,
	value: unknown,
	fieldLabel: LocatorField,
	itemIndex?: number,
): string {
	const reading = readLocator(value, fieldLabel);
	if (reading.id) return reading.id;
	const locatorValue = value as INodeParameterResourceLocator | undefined;
	const thing = fieldLabel.toLowerCase();
	const given = valueGiven(locatorValue?.value ?? value ?? '');
	const accepted = `Accepted: ${ACCEPTED[fieldLabel]}. ${given}`;
	if (reading.publicLink) {
		throw fieldError(
			node,
			itemIndex,
			fieldLabel,
			`is a public link, which carries no ${thing} ID`,
			`Storydoc's public links (url, shortUrl) name no story or version. ${accepted}`,
		);
	}
	const problem =
		reading.address || locatorValue?.mode === 'url'
			? `is not a ${thing} address with an ID`
			: 'is empty or not a valid ID';
	throw fieldError(node, itemIndex, fieldLabel, problem, accepted);
}

export function optionalLocatorId(
	node: INode,
	value: unknown,
	fieldLabel: LocatorField,
	itemIndex?: number,
): string | undefined {
	const raw =
		value && typeof value === 'object' ? (value as INodeParameterResourceLocator).value : value;
	if (String(raw ?? '').trim() === '') return undefined;
	return requireLocatorId(node, value, fieldLabel, itemIndex);
}

export function getOptionalLocatorId(
	this: IExecuteFunctions,
	parameterName: string,
	fieldLabel: LocatorField,
	itemIndex: number,
): string | undefined {
	const value = this.getNodeParameter(parameterName, itemIndex, '', { extractValue: false });
	return optionalLocatorId(this.getNode(), value, fieldLabel, itemIndex);
}
