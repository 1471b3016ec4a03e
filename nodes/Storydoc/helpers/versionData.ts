import type { IDataObject, INode, ResourceMapperField } from 'n8n-workflow';
import { jsonParse, NodeOperationError } from 'n8n-workflow';

import type { GroupShape } from './storyFields';
import {
	describeRowKeys,
	isDateField,
	isListField,
	isLogoField,
	storedGroupShape,
} from './storyFields';
import { booleanValue, numberValue } from './validation';

/**
 * Pure functions that turn one item's parameters into the body of a version create or update.
 * Every problem is a NodeOperationError that names the item and the field, raised before any
 * request is sent.
 */

/** Deliberately loose (something@domain.tld): the API decides whether the user exists. */
const EMAIL_REGEX = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_REGEX = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;
/** What n8n's date picker stores for a date without a time of day. */
const PICKED_DATE_REGEX = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.000)?)?$/;
/**
 * An instant as n8n hands a date from an expression to the node: n8n turns a Luxon DateTime ($now,
 * $today, DateTime.fromISO(…)) and a Date into ISO text with its offset before the node reads it.
 */
const ISO_INSTANT_REGEX =
	/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
/** The logo theme the spec shows; the others are not documented. */
const LOGO_THEME = 'dark';

/** Names the item in every error, as n8n's own messages do ("Item 0"). */
export class ItemInput {
	/**
	 * @param timeZone the workflow's time zone (IANA name): the calendar date of a date that comes
	 * from an expression is the one it has there.
	 */
	constructor(
		readonly node: INode,
		readonly itemIndex: number,
		readonly timeZone = 'UTC',
	) {}

	error(field: string, problem: string, description?: string): NodeOperationError {
		return new NodeOperationError(this.node, `Item ${this.itemIndex}: "${field}" ${problem}`, {
			itemIndex: this.itemIndex,
			description,
		});
	}
}

type DataValue = IDataObject[string];

const given = (value: unknown) => `Value given: ${JSON.stringify(value)}`;

/**
 * Where a JSON text breaks, without quoting it: JSON fields may hold passwords, and the parser's own
 * message repeats a piece of the text.
 */
function jsonSyntaxHint(error: unknown): string {
	const position = /position (\d+)/.exec(String((error as Error)?.message))?.[1];
	return `${position === undefined ? '' : `The error is at character ${position}. `}Keys and text need double quotes, and there can be no comma after the last entry.`;
}

function jsonKind(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	return value === null ? 'null' : `a ${typeof value}`;
}

export function isEmpty(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

/** Own keys only: a row key such as "constructor" must not match what every object inherits. */
const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

const isPlainObject = (value: unknown): value is IDataObject =>
	!!value && typeof value === 'object' && !Array.isArray(value);

export function senderEmail(item: ItemInput, value: unknown): string {
	const email =
		typeof value === 'string' ? value.trim() : isEmpty(value) ? '' : JSON.stringify(value);
	if (!email)
		throw item.error(
			'Sender Email',
			'is required',
			'The email address of a user of your Storydoc organization.',
		);
	if (!EMAIL_REGEX.test(email))
		throw item.error('Sender Email', 'is not a valid email address', given(value));
	return email;
}

/** Empty means a permanent, public version; otherwise a whole number of days, at least 1. */
export function daysToExpire(item: ItemInput, value: unknown): number | undefined {
	if (isEmpty(value)) return undefined;
	const days = numberValue(value);
	if (days === undefined || !Number.isSafeInteger(days) || days < 1) {
		throw item.error(
			'Days to Expire',
			'must be a whole number of at least 1',
			`${given(value)}. Remove the field for a permanent, public version.`,
		);
	}
	return days;
}

/** Text is parsed as JSON (a syntax error names the item and field); anything else is taken as it is. */
function parsedJson(item: ItemInput, field: string, value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return jsonParse<unknown>(value);
	} catch (error) {
		throw item.error(field, 'is not valid JSON', jsonSyntaxHint(error));
	}
}

/** A JSON object parameter: empty means none; a string is parsed; anything but an object fails. */
export function jsonObject(
	item: ItemInput,
	field: string,
	value: unknown,
): IDataObject | undefined {
	if (isEmpty(value)) return undefined;
	const parsed = parsedJson(item, field, value);
	if (!isPlainObject(parsed))
		throw item.error(field, 'must be a JSON object ({ ... })', `It is ${jsonKind(parsed)}.`);
	return parsed;
}

function httpUrl(item: ItemInput, field: string, value: unknown): string {
	const url = String(value).trim();
	if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url)) {
		throw item.error(field, 'must be an http(s) URL', given(value));
	}
	return url;
}

function toNumber(item: ItemInput, field: string, value: unknown): number {
	const number = numberValue(value);
	if (number === undefined) throw item.error(field, 'must be a number', given(value));
	return number;
}

/** `acme.com`, `https://www.acme.com/about` or `{ domain, theme }` → `{ domain, theme }`. */
function logoValue(item: ItemInput, field: string, value: unknown): IDataObject {
	const raw = isPlainObject(value) ? value.domain : value;
	const domain =
		typeof raw === 'string'
			? raw
					.trim()
					.replace(/^https?:\/\//i, '')
					.replace(/[/?#].*$/, '')
					.toLowerCase()
			: '';
	if (!DOMAIN_REGEX.test(domain)) {
		throw item.error(field, 'must be a company domain such as acme.com', given(value));
	}
	const theme =
		isPlainObject(value) && typeof value.theme === 'string' && value.theme
			? value.theme
			: LOGO_THEME;
	return { domain, theme };
}

/** One date formatter per time zone: building one costs far more than using it, once per date mapped. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string): Intl.DateTimeFormat {
	let format = dateFormats.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
		});
		dateFormats.set(timeZone, format);
	}
	return format;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone; UTC when the zone is not known. */
export function calendarDate(instant: Date, timeZone: string): string {
	let format: Intl.DateTimeFormat;
	try {
		format = dateFormat(timeZone);
	} catch {
		format = dateFormat('UTC');
	}
	const parts = format.formatToParts(instant);
	const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
	return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * Text as written ("Q3 2026", "1 May 2026"). A date from the date picker is sent as the date
 * picked; a date from an expression (a Date or Luxon DateTime such as `$now` or `$today`, which n8n
 * hands over as ISO text with an offset) as the calendar date it has in the workflow's time zone,
 * YYYY-MM-DD.
 */
function dateValue(item: ItemInput, label: string, value: unknown): unknown {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime()))
			throw item.error(label, 'is not a valid date', given(String(value)));
		return calendarDate(value, item.timeZone);
	}
	if (typeof value === 'string') {
		const text = value.trim();
		const picked = PICKED_DATE_REGEX.exec(text)?.[1];
		if (picked) return picked;
		if (ISO_INSTANT_REGEX.test(text)) {
			const instant = new Date(text);
			if (!Number.isNaN(instant.getTime())) return calendarDate(instant, item.timeZone);
		}
		return value;
	}
	if (typeof value === 'number') return value;
	if (
		value !== null &&
		typeof value === 'object' &&
		typeof (value as { toJSDate?: unknown }).toJSDate === 'function'
	) {
		return calendarDate((value as { toJSDate: () => Date }).toJSDate(), item.timeZone);
	}
	if (value !== null && typeof value === 'object')
		throw item.error(label, 'must be a date or text', given(value));
	return value;
}

function parseJsonArray(item: ItemInput, field: string, value: unknown): unknown[] {
	const parsed = parsedJson(item, field, value);
	if (!Array.isArray(parsed))
		throw item.error(field, 'must be a list (JSON array)', `It is ${jsonKind(parsed)}.`);
	return parsed;
}

function cellValue(item: ItemInput, field: string, type: string, value: unknown): DataValue {
	if (type.toLowerCase() === 'number') return toNumber(item, field, value);
	if (value !== null && typeof value === 'object')
		throw item.error(field, 'must be a single value', given(value));
	return value as DataValue;
}

/** Checks the rows of a repeatable group against its shape: unknown keys fail, generated keys are dropped. */
export function groupRows(
	item: ItemInput,
	field: string,
	value: unknown,
	shape: GroupShape,
): IDataObject[] {
	return parseJsonArray(item, field, value).map((row, index) => {
		if (!isPlainObject(row))
			throw item.error(field, `row ${index + 1} must be an object`, given(row));
		const clean: IDataObject = {};
		for (const [key, cell] of Object.entries(row)) {
			if (shape.generated.includes(key) || isEmpty(cell)) continue;
			if (has(shape.children, key)) {
				clean[key] = groupRows(item, `${field} › ${key}`, cell, shape.children[key]);
			} else if (has(shape.fields, key)) {
				clean[key] = cellValue(item, `${field} › ${key}`, shape.fields[key], cell);
			} else {
				throw item.error(
					field,
					`row ${index + 1} has a key the group "${shape.name}" does not have: "${key}"`,
					`A row of "${shape.name}" holds: ${describeRowKeys(shape)}.`,
				);
			}
		}
		return clean;
	});
}

/** The resource mapper parameter as n8n stores it. */
export interface VariablesParameter {
	mappingMode?: string;
	value?: Record<string, unknown> | null;
	schema?: ResourceMapperField[];
}

/** Values from the mapper: defined below, or the input item's fields whose names are variables of the story. */
function mappedValues(
	variables: VariablesParameter | undefined,
	inputJson: IDataObject,
): Record<string, unknown> {
	const schema = variables?.schema ?? [];
	if (variables?.mappingMode !== 'autoMapInputData') return variables?.value ?? {};
	// Without a schema (a workflow written by hand) every input field is sent, like n8n's other mappers.
	if (schema.length === 0) return inputJson;
	const values: Record<string, unknown> = {};
	for (const field of schema) {
		if (!field.removed && has(inputJson, field.id)) values[field.id] = inputJson[field.id];
	}
	return values;
}

function variableValue(
	item: ItemInput,
	field: ResourceMapperField | undefined,
	key: string,
	value: unknown,
): unknown {
	const label = `Values to Send › ${key}`;
	if (!field) return value;
	const shape = storedGroupShape(field);
	if (shape) return groupRows(item, label, value, shape);
	if (isLogoField(field)) return logoValue(item, label, value);
	if (isDateField(field)) return dateValue(item, label, value);
	if (isListField(field)) return parseJsonArray(item, label, value);
	switch (field.type) {
		case 'number':
			return toNumber(item, label, value);
		default:
			if (value !== null && typeof value === 'object')
				throw item.error(label, 'must be text or a number', given(value));
			return value;
	}
}

/** One entry of the Repeatable Rows parameter. */
export interface RowParameter {
	parentRow?: unknown;
	cells?: { cell?: Array<{ field?: unknown; value?: unknown }> };
}

interface EnteredRow {
	index: number;
	path: string[];
	values: IDataObject;
	parentRow: unknown;
}

function groupAt(groups: Map<string, GroupShape>, path: string[]): GroupShape | undefined {
	let shape = groups.get(path[0]);
	for (const key of path.slice(1))
		shape = shape && has(shape.children, key) ? shape.children[key] : undefined;
	return shape;
}

function enteredRow(
	item: ItemInput,
	row: RowParameter,
	index: number,
	groups: Map<string, GroupShape>,
): EnteredRow {
	const label = `Repeatable Rows › Row ${index + 1}`;
	const cells = row.cells?.cell ?? [];
	if (cells.length === 0)
		throw item.error(
			label,
			'has no values',
			'Add at least one field and its value, or remove the row.',
		);
	let path: string[] | undefined;
	const values: IDataObject = {};
	for (const cell of cells) {
		const fieldPath = String(cell.field ?? '')
			.trim()
			.split('.');
		const groupPath = fieldPath.slice(0, -1);
		const key = fieldPath[fieldPath.length - 1];
		const shape = groupPath.length > 0 ? groupAt(groups, groupPath) : undefined;
		if (!shape) {
			throw item.error(
				label,
				`names a field of no repeatable group of this story: "${String(cell.field ?? '')}"`,
				groups.size
					? `Groups of the story: ${[...groups.keys()].join(', ')}. Pick the field from the list.`
					: "The story's groups come with its variables: open the node so Variables loads them, then pick the field from the list.",
			);
		}
		if (path && path.join('.') !== groupPath.join('.')) {
			throw item.error(
				label,
				`mixes fields of "${path.join(' › ')}" and "${groupPath.join(' › ')}"`,
				'One row belongs to one group.',
			);
		}
		path = groupPath;
		if (shape.generated.includes(key) || isEmpty(cell.value)) continue;
		if (!has(shape.fields, key)) {
			throw item.error(
				label,
				`has a key the group "${shape.name}" does not have: "${key}"`,
				`A row of "${shape.name}" holds: ${describeRowKeys(shape)}.`,
			);
		}
		values[key] = cellValue(item, `${label} › ${key}`, shape.fields[key], cell.value);
	}
	return { index, path: path as string[], values, parentRow: row.parentRow };
}

/**
 * Rows entered in the editor, one group per row (from its fields), nested rows placed inside the
 * Parent Row-th row entered for the parent group. Returns the rows of each top-level group.
 */
export function enteredRows(
	item: ItemInput,
	rows: RowParameter[],
	groups: Map<string, GroupShape>,
): Map<string, IDataObject[]> {
	const entered = rows.map((row, index) => enteredRow(item, row, index, groups));
	// Parents first, so a nested row can name a parent entered below it.
	const byDepth = [...entered].sort((a, b) => a.path.length - b.path.length || a.index - b.index);
	const rowsOfGroup = new Map<string, IDataObject[]>();
	const topLevel = new Map<string, IDataObject[]>();
	for (const row of byDepth) {
		const groupKey = row.path.join('.');
		if (!rowsOfGroup.has(groupKey)) rowsOfGroup.set(groupKey, []);
		rowsOfGroup.get(groupKey)!.push(row.values);
		if (row.path.length === 1) {
			if (!topLevel.has(groupKey)) topLevel.set(groupKey, []);
			topLevel.get(groupKey)!.push(row.values);
			continue;
		}
		const parentPath = row.path.slice(0, -1);
		const parents = rowsOfGroup.get(parentPath.join('.')) ?? [];
		const number = numberValue(row.parentRow);
		const parent =
			number !== undefined && Number.isInteger(number) && number >= 1
				? parents[number - 1]
				: undefined;
		if (!parent) {
			throw item.error(
				`Repeatable Rows › Row ${row.index + 1} › Parent Row`,
				`must be the number of a row entered for "${parentPath.join(' › ')}" (1 to ${parents.length})`,
				given(row.parentRow),
			);
		}
		const childKey = row.path[row.path.length - 1];
		const children = Array.isArray(parent[childKey]) ? (parent[childKey] as IDataObject[]) : [];
		children.push(row.values);
		parent[childKey] = children;
	}
	return topLevel;
}

interface ProductParameter {
	name?: unknown;
	price?: unknown;
	extraKeys?: unknown;
}

interface GateFormParameter {
	enabled?: boolean;
	askName?: boolean;
	nameRequired?: boolean;
	showLogo?: boolean;
	logoUrl?: string;
	message?: string;
}

/** The Additional Fields collection of Create and Update (Days to Expire is read separately). */
export interface AdditionalFields {
	extraData?: unknown;
	gateForm?: { settings?: GateFormParameter };
	optionalContent?: unknown;
	password?: string;
	previewImageUrl?: string;
	products?: { product?: ProductParameter[] };
}

function productsFromParameter(item: ItemInput, products: ProductParameter[]): IDataObject[] {
	return products.map((product, index) => {
		const label = `Products › Product ${index + 1}`;
		const extra = jsonObject(item, `${label} › Extra Keys (JSON)`, product.extraKeys) ?? {};
		return { ...extra, name: String(product.name ?? ''), price: product.price as DataValue };
	});
}

/** `data.products` from any source: objects whose `price`, when given, is a number (numeric text is converted). */
function checkedProducts(item: ItemInput, value: unknown): unknown {
	if (!Array.isArray(value)) return value;
	return value.map((product, index) => {
		const label = `Products › Product ${index + 1}`;
		if (!isPlainObject(product))
			throw item.error(label, 'must be an object with a name and a price', given(product));
		if (product.price === undefined) return product;
		return { ...product, price: toNumber(item, `${label} › Price`, product.price) };
	});
}

/** A boolean of a collection: expressions pass their value as it is ("yes" would be sent as it is). */
function booleanSetting(
	item: ItemInput,
	field: string,
	value: unknown,
	fallback: boolean,
): boolean {
	if (value === undefined || value === null || value === '') return fallback;
	const flag = booleanValue(value);
	if (flag !== undefined) return flag;
	throw item.error(field, 'must be true or false', given(value));
}

/** A number (a PIN from a CRM) is sent as its text; anything else but text is refused, without echoing it. */
function passwordText(item: ItemInput, value: unknown): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	throw item.error('Password', 'must be text', `It is ${jsonKind(value)}.`);
}

function gateForm(item: ItemInput, settings: GateFormParameter): IDataObject {
	const gate: IDataObject = {
		gatedContent: booleanSetting(item, 'Gate Form › Enabled', settings.enabled, true),
		name: booleanSetting(item, 'Gate Form › Ask Name', settings.askName, false),
		nameRequired: booleanSetting(item, 'Gate Form › Name Required', settings.nameRequired, false),
		logo: booleanSetting(item, 'Gate Form › Show Logo', settings.showLogo, false),
	};
	if (!isEmpty(settings.logoUrl))
		gate.logoSRC = httpUrl(item, 'Gate Form › Logo URL', settings.logoUrl);
	if (!isEmpty(settings.message)) gate.title = settings.message;
	return gate;
}

export interface VersionDataInput {
	/** Empty on Update means: keep the current title (the operation reads it). */
	title: unknown;
	variables?: VariablesParameter;
	/** The input item's JSON, for auto-mapping. */
	inputJson: IDataObject;
	rows: RowParameter[];
	additionalFields: AdditionalFields;
	/** Create: the story's required variables must have a value. Update sends only what is set. */
	enforceRequired: boolean;
}

/**
 * `data` for POST /v2/versions and POST /v2/versions/{id}. Later sources win on the same key:
 * variables, then rows entered in the editor (appended to the group's rows), then Additional Fields,
 * then Extra Data, then Title. Empty values are not sent.
 */
export function buildVersionData(item: ItemInput, input: VersionDataInput): IDataObject {
	const schema = input.variables?.schema ?? [];
	const fieldsById = new Map(schema.map((field) => [field.id, field]));
	const data: IDataObject = {};

	for (const [key, value] of Object.entries(mappedValues(input.variables, input.inputJson))) {
		const field = fieldsById.get(key);
		if (isEmpty(value) || field?.removed) continue;
		data[key] = variableValue(item, field, key, value) as DataValue;
	}

	if (input.rows.length > 0) {
		const groups = new Map<string, GroupShape>();
		for (const field of schema) {
			const shape = storedGroupShape(field);
			if (shape) groups.set(field.id, shape);
		}
		for (const [groupKey, rows] of enteredRows(item, input.rows, groups)) {
			const earlier = Array.isArray(data[groupKey]) ? (data[groupKey] as IDataObject[]) : [];
			data[groupKey] = [...earlier, ...rows];
		}
	}

	const additional = input.additionalFields;
	const gate = additional.gateForm?.settings;
	if (gate) data.gatedContent = gateForm(item, gate);
	if (!isEmpty(additional.password)) data.password = passwordText(item, additional.password);
	if (!isEmpty(additional.previewImageUrl)) {
		data.ogImage = httpUrl(item, 'Preview Image URL', additional.previewImageUrl);
	}
	const products = additional.products?.product;
	if (products?.length) data.products = productsFromParameter(item, products);
	const optionalContent = jsonObject(item, 'Optional Content (JSON)', additional.optionalContent);
	if (optionalContent) data._optionalContent = optionalContent;
	Object.assign(data, jsonObject(item, 'Extra Data (JSON)', additional.extraData));

	if (data.products !== undefined)
		data.products = checkedProducts(item, data.products) as IDataObject[];

	if (!isEmpty(input.title)) {
		if (typeof input.title !== 'string' && typeof input.title !== 'number') {
			throw item.error('Title', 'must be text', given(input.title));
		}
		data.title = String(input.title).trim();
	}

	if (input.enforceRequired) {
		if (isEmpty(data.title))
			throw item.error(
				'Title',
				'is required',
				'Every version needs a title, for example the company name.',
			);
		for (const field of schema) {
			if (field.required && !field.removed && isEmpty(data[field.id])) {
				throw item.error(
					`Values to Send › ${field.id}`,
					'is required by the story',
					`${field.displayName}: give it a value.`,
				);
			}
		}
	}
	return data;
}
