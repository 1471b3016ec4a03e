import type { IDataObject } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import type { ItemContext } from './fieldError';
import { valueGiven } from './fieldError';
import { booleanValue, isEmpty, isPlainObject, jsonKind, numberValue } from './values';

/** Where a JSON text breaks, without quoting it: the parser's own message repeats a piece of the text. */
function jsonSyntaxHint(error: unknown): string {
	const position = /position (\d+)/.exec(String((error as Error)?.message))?.[1];
	return `${position === undefined ? '' : `The error is at character ${position}. `}Keys and text need double quotes, and there can be no comma after the last entry.`;
}

/** Text is parsed as JSON; anything else is taken as it is. */
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
