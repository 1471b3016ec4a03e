import type { FieldType, INodePropertyOptions, ResourceMapperField } from 'n8n-workflow';

/** A dynamic variable definition as GET /v2/stories/{storyId} returns it. */
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

/**
 * What the node needs at run time to check and shape the rows of one repeatable group, compact
 * enough to travel inside the resource mapper's stored schema.
 */
export interface GroupShape {
	name: string;
	/** Field key → Storydoc field type. */
	fields: Record<string, string>;
	/** Keys the service fills in itself: accepted in input rows, never sent. */
	generated: string[];
	children: Record<string, GroupShape>;
}

/** The value kinds the node shapes differently; every type the spec does not show is text. */
export type VariableKind = 'text' | 'number' | 'date' | 'logo' | 'array';

/**
 * The resource mapper keeps only its schema between the editor and a run. The two facts the run
 * needs beyond the n8n field type (a variable is a logo; an array is a repeatable group, and which
 * rows it accepts) are stored in the field's `options`, which n8n only reads for dropdown fields.
 * That lets bad rows and logos be handled before any request, without reading the story again.
 */
const LOGO_MARKER = 'storydoc:logo';
const DATE_MARKER = 'storydoc:date';
const GROUP_MARKER = 'storydoc:repeatable';
const LIST_MARKER = 'storydoc:list';

/** Data keys the node sets through its own parameters, so they are not offered as variables. */
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
	// The API takes a date variable in any format and shows it as written ("Q3 2026", "1 May"):
	// a text field, so n8n's date validation does not reject what the API accepts.
	date: 'string',
	logo: 'string',
	// A list (and a repeatable group) takes a JSON array or an expression. Not n8n's `array` type:
	// the editor then marks the field as an error whenever it is empty ("expects a array but we got
	// ''"), optional or not. The node parses and checks the rows itself.
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

/** "name, role, skills (rows)": what a row of the group holds, for labels and error messages. */
export function describeRowKeys(shape: GroupShape): string {
	return [
		...Object.keys(shape.fields),
		...Object.keys(shape.children).map((key) => `${key} (rows)`),
	].join(', ');
}

/**
 * The story's variables and repeatable groups as resource mapper fields: one per variable (its
 * title and tip as the label, required when its validation says so) and one array field per
 * top-level repeatable group. For Update nothing is required: only what the user sets is sent.
 */
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

/** A list variable (a JSON array of rows); schemas saved by earlier builds typed it array. */
export function isListField(field: Pick<ResourceMapperField, 'options' | 'type'>): boolean {
	return field.type === 'array' || marker(field, LIST_MARKER) !== undefined;
}

/** A date variable (text, any format); schemas saved before 0.1.0 typed it dateTime. */
export function isDateField(field: Pick<ResourceMapperField, 'options' | 'type'>): boolean {
	return field.type === 'dateTime' || marker(field, DATE_MARKER) !== undefined;
}

/** The row shape stored with a repeatable group's field, or undefined for any other field. */
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

/** A field of a repeatable group as the Repeatable Rows dropdown offers it: "Team members › Name". */
export interface RowFieldOption {
	name: string;
	/** Group keys then the field key, joined with dots: `team_members.skills.skill`. */
	value: string;
	description: string;
}

/** Every field a user can fill in a row, nested groups included; generated fields are left out. */
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
