import type { IDataObject, ResourceMapperField } from 'n8n-workflow';

import { additionalData, checkedProducts } from './additionalFields';
import { dateVariable } from './calendarDate';
import type { ItemContext } from './fieldError';
import { valueGiven } from './fieldError';
import type { VariablesParameter, VersionDataInput } from './interfaces';
import { enteredRows, groupRows } from './repeatableRows';
import type { GroupShape } from './storyFields';
import { isDateField, isListField, isLogoField, storedGroupShape } from './storyFields';
import {
	hasOwn,
	isEmailAddress,
	isEmpty,
	isPlainObject,
	jsonArray,
	jsonObject,
	numberOf,
	numberValue,
} from './values';

type DataValue = IDataObject[string];

const DOMAIN_REGEX = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;
/** The logo theme the spec shows; the others are not documented. */
const LOGO_THEME = 'dark';

export function senderEmail(item: ItemContext, value: unknown): string {
	const email =
		typeof value === 'string' ? value.trim() : isEmpty(value) ? '' : JSON.stringify(value);
	if (!email)
		throw item.error(
			'Sender Email',
			'is required',
			'The email address of a user of your Storydoc organization.',
		);
	if (!isEmailAddress(email))
		throw item.error('Sender Email', 'is not a valid email address', valueGiven(value));
	return email;
}

/** Empty means a permanent, public version; otherwise a whole number of days, at least 1. */
export function daysToExpire(item: ItemContext, value: unknown): number | undefined {
	if (isEmpty(value)) return undefined;
	const days = numberValue(value);
	if (days === undefined || !Number.isSafeInteger(days) || days < 1) {
		throw item.error(
			'Days to Expire',
			'must be a whole number of at least 1',
			`${valueGiven(value)}. Remove the field for a permanent, public version.`,
		);
	}
	return days;
}

/** `acme.com`, `https://www.acme.com/about` or `{ domain, theme }` → `{ domain, theme }`. */
function logoValue(item: ItemContext, field: string, value: unknown): IDataObject {
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
		throw item.error(field, 'must be a company domain such as acme.com', valueGiven(value));
	}
	const theme =
		isPlainObject(value) && typeof value.theme === 'string' && value.theme
			? value.theme
			: LOGO_THEME;
	return { domain, theme };
}

/** Values defined in the mapper, or the input item's fields whose names are variables of the story. */
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
		if (!field.removed && hasOwn(inputJson, field.id)) values[field.id] = inputJson[field.id];
	}
	return values;
}

function variableValue(
	item: ItemContext,
	field: ResourceMapperField | undefined,
	key: string,
	value: unknown,
): unknown {
	const label = `Values to Send › ${key}`;
	if (!field) return value;
	const shape = storedGroupShape(field);
	if (shape) return groupRows(item, label, value, shape);
	if (isLogoField(field)) return logoValue(item, label, value);
	if (isDateField(field)) return dateVariable(item, label, value);
	if (isListField(field)) return jsonArray(item, label, value);
	if (field.type === 'number') return numberOf(item, label, value);
	if (value !== null && typeof value === 'object')
		throw item.error(label, 'must be text or a number', valueGiven(value));
	return value;
}

/** `data` of a create or update; later sources win: variables, rows, Additional Fields, Extra Data, Title. */
export function buildVersionData(item: ItemContext, input: VersionDataInput): IDataObject {
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

	Object.assign(data, additionalData(item, input.additionalFields));
	Object.assign(data, jsonObject(item, 'Extra Data (JSON)', input.additionalFields.extraData));
	if (data.products !== undefined)
		data.products = checkedProducts(item, data.products) as IDataObject[];

	if (!isEmpty(input.title)) {
		if (typeof input.title !== 'string' && typeof input.title !== 'number') {
			throw item.error('Title', 'must be text', valueGiven(input.title));
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
