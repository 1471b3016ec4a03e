import type { FieldType, INodePropertyOptions, ResourceMapperField } from 'n8n-workflow';

export interface StoryVariable {
	type?: string;
	name?: string;
	title?: string;
	default?: string;
	tip?: string;
	validation?: { required?: boolean; errorMessage?: string };
}

export interface RepeatableGroup {
	key: string;
	name?: string;
	fields?: Array<{ key: string; name?: string; type?: string; generated?: boolean }>;
	children?: RepeatableGroup[];
}

export interface StoryDefinition {
	id?: string;
	title?: string;
	dynamicVariables?: Record<string, StoryVariable>;
	repeatables?: RepeatableGroup[];
}

/** A repeatable group's row shape, compact enough to travel in the resource mapper's stored schema. */
export interface GroupShape {
	name: string;
	fields: Record<string, string>;
	/** Filled in by the service: accepted in input rows, never sent. */
	generated: string[];
	children: Record<string, GroupShape>;
}

export type VariableKind = 'text' | 'number' | 'date' | 'logo' | 'array';

// Kept in `options`, which n8n reads only for dropdowns: docs/development.md › Design notes.
const LOGO_MARKER = 'storydoc:logo';
const DATE_MARKER = 'storydoc:date';
const GROUP_MARKER = 'storydoc:repeatable';
const LIST_MARKER = 'storydoc:list';

const OWN_PARAMETER_KEYS = new Set(['title']);

export function variableKind(type: string | undefined): VariableKind {
	switch ((type ?? '').toLowerCase()) {
		case 'number':
			return 'number';
		case 'date':
			return 'date';
		case 'logo':
			return 'logo';
		case 'array':
			return 'array';
		default:
			return 'text';
	}
}

const FIELD_TYPES: Record<VariableKind, FieldType> = {
	text: 'string',
	number: 'number',
	// Text: the API shows a date as written ("Q3 2026"), which n8n's date check would reject.
	date: 'string',
	logo: 'string',
	// Not n8n's `array`: the editor flags it as an error whenever it is empty, optional or not.
	array: 'string',
};

export function groupShape(group: RepeatableGroup): GroupShape {
	const fields: Record<string, string> = {};
	const generated: string[] = [];
	for (const field of group.fields ?? []) {
		if (field.generated) generated.push(field.key);
		else fields[field.key] = field.type ?? 'text';
	}
	const children: Record<string, GroupShape> = {};
	for (const child of group.children ?? []) children[child.key] = groupShape(child);
	return { name: group.name || group.key, fields, generated, children };
}

function label(title: string | undefined, key: string, hint: string | undefined) {
	const name = title?.trim() || key;
	return hint?.trim() ? `${name} (${hint.trim()})` : name;
}

export function describeRowKeys(shape: GroupShape): string {
	return [
		...Object.keys(shape.fields),
		...Object.keys(shape.children).map((key) => `${key} (rows)`),
	].join(', ');
}

export function storyMapperFields(
	story: StoryDefinition,
	forUpdate: boolean,
): ResourceMapperField[] {
	const fields: ResourceMapperField[] = [];
	for (const [key, variable] of Object.entries(story.dynamicVariables ?? {})) {
		if (OWN_PARAMETER_KEYS.has(key)) continue;
		const kind = variableKind(variable.type);
		const hint =
			kind === 'logo'
				? `company domain, e.g. acme.com${variable.tip ? `; ${variable.tip}` : ''}`
				: variable.tip;
		const field: ResourceMapperField = {
			id: key,
			displayName: label(variable.title, key, hint),
			required: !forUpdate && variable.validation?.required === true,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			type: FIELD_TYPES[kind],
		};
		if (kind === 'logo') field.options = [{ name: 'Logo Variable', value: LOGO_MARKER }];
		if (kind === 'date') field.options = [{ name: 'Date Variable', value: DATE_MARKER }];
		if (kind === 'array') field.options = [{ name: 'List Variable', value: LIST_MARKER }];
		fields.push(field);
	}
	for (const group of story.repeatables ?? []) {
		const shape = groupShape(group);
		fields.push({
			id: group.key,
			displayName: label(shape.name, group.key, `repeatable rows of: ${describeRowKeys(shape)}`),
			required: false,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			type: 'string',
			options: [
				{ name: 'Repeatable Group', value: GROUP_MARKER, description: JSON.stringify(shape) },
			],
		});
	}
	return fields;
}

function marker(
	field: Pick<ResourceMapperField, 'options'>,
	value: string,
): INodePropertyOptions | undefined {
	return field.options?.find((option) => option.value === value);
}

export function isLogoField(field: Pick<ResourceMapperField, 'options'>): boolean {
	return marker(field, LOGO_MARKER) !== undefined;
}

export function isListField(field: Pick<ResourceMapperField, 'options'>): boolean {
	return marker(field, LIST_MARKER) !== undefined;
}

export function isDateField(field: Pick<ResourceMapperField, 'options'>): boolean {
	return marker(field, DATE_MARKER) !== undefined;
}

export function storedGroupShape(
	field: Pick<ResourceMapperField, 'options'>,
): GroupShape | undefined {
	const description = marker(field, GROUP_MARKER)?.description;
	if (!description) return undefined;
	try {
		return JSON.parse(description) as GroupShape;
	} catch {
		return undefined;
	}
}

export interface RowFieldOption {
	name: string;
	value: string;
	description: string;
}

export function repeatableFieldOptions(story: StoryDefinition): RowFieldOption[] {
	const options: RowFieldOption[] = [];
	const walk = (group: RepeatableGroup, names: string[], keys: string[]) => {
		const groupNames = [...names, group.name || group.key];
		const groupKeys = [...keys, group.key];
		for (const field of group.fields ?? []) {
			if (field.generated) continue;
			options.push({
				name: [...groupNames, field.name || field.key].join(' › '),
				value: [...groupKeys, field.key].join('.'),
				description: `${groupKeys.length > 1 ? 'Nested group; set Parent Row. ' : ''}Type: ${field.type ?? 'text'}`,
			});
		}
		for (const child of group.children ?? []) walk(child, groupNames, groupKeys);
	};
	for (const group of story.repeatables ?? []) walk(group, [], []);
	return options;
}
