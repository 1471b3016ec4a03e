import type { IDataObject } from 'n8n-workflow';
import { jsonParse, validateFieldType } from 'n8n-workflow';

import type { ItemContext } from './fieldError';
import { valueGiven } from './fieldError';

/** Deliberately loose (something@domain.tld): the API decides whether the user exists. */
const EMAIL_REGEX = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailAddress = (text: string) => EMAIL_REGEX.test(text);

export function isEmpty(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	!!value && typeof value === 'object' && !Array.isArray(value);

/** Own keys only: a row key such as "constructor" must not match what every object inherits. */
export const hasOwn = (object: object, key: string) =>
	Object.prototype.hasOwnProperty.call(object, key);

export function jsonKind(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	return value === null ? 'null' : `a ${typeof value}`;
}

/** A number as `validateFieldType` reads one, except empty text, `true` and Infinity. */
export function numberValue(value: unknown): number | undefined {
	const text = typeof value === 'string' ? value.trim() : undefined;
	if (typeof value !== 'number' && !text) return undefined;
	const result = validateFieldType('value', text ?? value, 'number');
	return result.valid && result.newValue !== undefined && Number.isFinite(result.newValue)
		? result.newValue
		: undefined;
}

/** A boolean as `validateFieldType` reads one (true/false, "true"/"false", 1/0); undefined otherwise. */
export function booleanValue(value: unknown): boolean | undefined {
	if (typeof value !== 'boolean' && typeof value !== 'number' && typeof value !== 'string')
		return undefined;
	const result = validateFieldType(
		'value',
		typeof value === 'string' ? value.trim() : value,
		'boolean',
	);
	return result.valid ? result.newValue : undefined;
}

// An item's values read as a field of it: a bad one fails naming the item and the field.

/** Where a JSON text breaks, without quoting it: the parser's own message repeats a piece of the text. */
function jsonSyntaxHint(error: unknown): string {
	const position = /position (\d+)/.exec(String((error as Error)?.message))?.[1];
	return `${position === undefined ? '' : `The error is at character ${position}. `}Keys and text need double quotes, and there can be no comma after the last entry.`;
}

function parsedJson(item: ItemContext, field: string, value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return jsonParse<unknown>(value);
	} catch (error) {
		throw item.error(field, 'is not valid JSON', jsonSyntaxHint(error));
	}
}

/** A JSON object parameter: empty means none; a string is parsed; anything but an object fails. */
export function jsonObject(
	item: ItemContext,
	field: string,
	value: unknown,
): IDataObject | undefined {
	if (isEmpty(value)) return undefined;
	const parsed = parsedJson(item, field, value);
	if (!isPlainObject(parsed)) {
		throw item.error(field, 'must be a JSON object ({ ... })', `It is ${jsonKind(parsed)}.`);
	}
	return parsed as IDataObject;
}

export function jsonArray(item: ItemContext, field: string, value: unknown): unknown[] {
	const parsed = parsedJson(item, field, value);
	if (!Array.isArray(parsed)) {
		throw item.error(field, 'must be a list (JSON array)', `It is ${jsonKind(parsed)}.`);
	}
	return parsed;
}

export function numberOf(item: ItemContext, field: string, value: unknown): number {
	const number = numberValue(value);
	if (number === undefined) throw item.error(field, 'must be a number', valueGiven(value));
	return number;
}

export function httpUrl(item: ItemContext, field: string, value: unknown): string {
	const url = String(value).trim();
	if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url)) {
		throw item.error(field, 'must be an http(s) URL', valueGiven(value));
	}
	return url;
}

/** A boolean of a collection: an expression's "yes" would otherwise be sent as it is. */
export function booleanSetting(
	item: ItemContext,
	field: string,
	value: unknown,
	fallback: boolean,
): boolean {
	if (value === undefined || value === null || value === '') return fallback;
	const flag = booleanValue(value);
	if (flag !== undefined) return flag;
	throw item.error(field, 'must be true or false', valueGiven(value));
}
