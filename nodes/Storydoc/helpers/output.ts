import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { booleanField, optionField } from './validation';

/** What Output (node version 2) or Simplify (version 1) asks an operation to return. */
export type OutputMode = 'simple' | 'raw' | 'selected';

export const OUTPUT_MODES: Record<OutputMode, string> = {
	simple: 'Simplified',
	raw: 'Raw',
	selected: 'Selected Fields',
};

export interface OutputShape {
	/** Get Events names it Event Fields: its Output parameter is taken. */
	parameter: { name: string; label: string };
	/** Kept by Selected Fields whatever is chosen, as n8n's nodes keep the record's ID. */
	idFields: readonly string[];
	fields: readonly string[];
	simpleFields: readonly string[];
	simplify: (object: IDataObject) => IDataObject;
}

const valueOrNull = (value: unknown) => (value === undefined ? null : value);

export const VERSION_OUTPUT: OutputShape = {
	parameter: { name: 'output', label: 'Output' },
	idFields: ['id'],
	fields: [
		'id',
		'title',
		'status',
		'storyId',
		'storyTitle',
		'folder',
		'sender',
		'url',
		'shortUrl',
		'editorUrl',
		'versionUrl',
		'isPublic',
		'expireAt',
		'hasAcceptButton',
		'acceptedAt',
		'source',
		'createdAt',
		'updatedAt',
		'data',
	],
	simpleFields: [
		'versionId',
		'title',
		'status',
		'storyId',
		'storyTitle',
		'url',
		'senderEmail',
		'expireAt',
		'acceptedAt',
		'updatedAt',
	],
	simplify: (version) => {
		const sender = version.sender as IDataObject | null | undefined;
		return {
			versionId: valueOrNull(version.id),
			title: valueOrNull(version.title),
			status: valueOrNull(version.status),
			storyId: valueOrNull(version.storyId),
			storyTitle: valueOrNull(version.storyTitle),
			url: valueOrNull(version.url),
			senderEmail: valueOrNull(sender?.email),
			expireAt: valueOrNull(version.expireAt),
			acceptedAt: valueOrNull(version.acceptedAt),
			updatedAt: valueOrNull(version.updatedAt),
		};
	},
};

const SIMPLE_EVENT_FIELDS = [
	'timestamp',
	'eventCategory',
	'eventName',
	'versionId',
	'versionTitle',
	'storyTitle',
	'prospectName',
	'prospectEmail',
	'visitorId',
	'locationCity',
] as const;

export const EVENT_OUTPUT: OutputShape = {
	parameter: { name: 'eventFields', label: 'Event Fields' },
	idFields: ['eventId', 'eventKey'],
	fields: [
		'sessionId',
		'eventId',
		'visitorId',
		'timestamp',
		'storyId',
		'storyTitle',
		'versionId',
		'versionTitle',
		'versionCreatedAt',
		'prospectName',
		'prospectEmail',
		'prospectPosition',
		'eventName',
		'eventCategory',
		'deviceType',
		'deviceTypeName',
		'eventUrl',
		'locationCity',
		'locationLatitude',
		'locationLongitude',
	],
	simpleFields: SIMPLE_EVENT_FIELDS,
	simplify: (event) => {
		const simple: IDataObject = {};
		for (const field of SIMPLE_EVENT_FIELDS) simple[field] = valueOrNull(event[field]);
		return simple;
	},
};

const variableKeys = (story: IDataObject) =>
	Object.keys((story.dynamicVariables as IDataObject) ?? {});
const requiredKeys = (story: IDataObject) =>
	Object.entries((story.dynamicVariables as Record<string, IDataObject>) ?? {})
		.filter(([, variable]) => (variable?.validation as IDataObject | undefined)?.required === true)
		.map(([key]) => key);
function groupKeys(groups: unknown): string[] {
	if (!Array.isArray(groups)) return [];
	return groups.flatMap((group: IDataObject) => [String(group.key), ...groupKeys(group.children)]);
}

export const STORY_OUTPUT: OutputShape = {
	parameter: { name: 'output', label: 'Output' },
	idFields: ['id'],
	fields: [
		'id',
		'title',
		'status',
		'previewUrl',
		'createdAt',
		'dynamicVariables',
		'repeatables',
		'optionalContent',
	],
	simpleFields: [
		'storyId',
		'title',
		'status',
		'previewUrl',
		'createdAt',
		'variables',
		'requiredVariables',
		'repeatableGroups',
	],
	simplify: (story) => ({
		storyId: valueOrNull(story.id),
		title: valueOrNull(story.title),
		status: valueOrNull(story.status),
		previewUrl: valueOrNull(story.previewUrl),
		createdAt: valueOrNull(story.createdAt),
		variables: variableKeys(story),
		requiredVariables: requiredKeys(story),
		repeatableGroups: groupKeys(story.repeatables),
	}),
};

export type OutputShaper = (object: IDataObject) => IDataObject;

/** Checked before any request; version-1 operations without Simplify return the raw object. */
export function readOutput(
	context: IExecuteFunctions,
	itemIndex: number,
	shape: OutputShape,
): OutputShaper {
	const node = context.getNode();
	if (node.typeVersion < 2) {
		const simplify = booleanField(
			node,
			itemIndex,
			'Simplify',
			context.getNodeParameter('simplify', itemIndex, false),
		);
		return simplify ? shape.simplify : (object) => object;
	}
	const { name, label } = shape.parameter;
	const mode = optionField(
		node,
		itemIndex,
		label,
		context.getNodeParameter(name, itemIndex, 'raw'),
		OUTPUT_MODES,
	);
	if (mode === 'simple') return shape.simplify;
	if (mode === 'raw') return (object) => object;
	const chosen = context.getNodeParameter('fields', itemIndex, []) as unknown;
	const offered = Object.fromEntries(shape.fields.map((field) => [field, field]));
	const fields = (Array.isArray(chosen) ? chosen : [chosen]).map((field) =>
		optionField(node, itemIndex, 'Fields', field, offered),
	);
	const keep = [...shape.idFields, ...shape.fields.filter((field) => fields.includes(field))];
	return (object) => {
		const selected: IDataObject = {};
		for (const field of keep) selected[field] = valueOrNull(object[field]);
		return selected;
	};
}
