import type { INode } from 'n8n-workflow';
import { tryToParseDateTime, validateFieldType } from 'n8n-workflow';

import { MAX_SLIDE } from '../constants';
import { fieldError, valueGiven } from './fieldError';
import { booleanValue, isEmailAddress, numberValue } from './values';

/** Dates given as text, parsed: many items of a run often give the same one (luxon is slow). */
const parsedDates = new Map<string, number>();
const PARSED_DATES_KEPT = 100;

function parseDate(value: unknown, timezone: string): number {
	const key = typeof value === 'string' ? `${timezone} ${value}` : undefined;
	const known = key === undefined ? undefined : parsedDates.get(key);
	if (known !== undefined) return known;
	let instant = Number.NaN;
	try {
		instant = tryToParseDateTime(value, timezone).toMillis();
	} catch {
		instant = Number.NaN;
	}
	if (key === undefined) return instant;
	if (parsedDates.size >= PARSED_DATES_KEPT) parsedDates.clear();
	parsedDates.set(key, instant);
	return instant;
}

/** A date-time parameter as epoch ms; without an offset (the date picker) it is read in the workflow's zone. */
export function parseDateField(
	node: INode,
	itemIndex: number,
	fieldLabel: string,
	value: unknown,
	timezone: string,
): number {
	const missing = value === undefined || value === null || String(value).trim() === '';
	const instant = missing ? Number.NaN : parseDate(value, timezone);
	if (!Number.isFinite(instant)) {
		throw fieldError(
			node,
			itemIndex,
			fieldLabel,
			missing ? 'is required' : 'is not a valid date',
			missing
				? 'Give a date and time, for example 2026-01-31T00:00:00Z or an expression such as {{ $now.minus({ days: 7 }) }}'
				: `${valueGiven(value)}. Use ISO 8601, for example 2026-01-31T00:00:00Z.`,
		);
	}
	return instant;
}

export function validateDateRange(node: INode, itemIndex: number, from: number, to: number): void {
	if (from > to) {
		throw fieldError(
			node,
			itemIndex,
			'From',
			'is after "To"',
			`From is ${new Date(from).toISOString()} and To is ${new Date(to).toISOString()} (UTC).`,
		);
	}
}

/** An optional email field: empty means "no filter". */
export function optionalEmailField(
	node: INode,
	itemIndex: number | undefined,
	fieldLabel: string,
	value: unknown,
): string | undefined {
	const email = String(value ?? '').trim();
	if (!email) return undefined;
	if (!isEmailAddress(email)) {
		throw fieldError(
			node,
			itemIndex,
			fieldLabel,
			'is not a valid email address',
			valueGiven(value),
		);
	}
	return email;
}

/** A whole number from 1 to `max`; expressions can bypass the editor's bounds. */
export function positiveIntegerField(
	node: INode,
	itemIndex: number | undefined,
	fieldLabel: string,
	value: unknown,
	max = Number.MAX_SAFE_INTEGER,
): number {
	const number = numberValue(value);
	if (number === undefined || !Number.isInteger(number) || number < 1 || number > max) {
		const range = max === Number.MAX_SAFE_INTEGER ? 'of at least 1' : `from 1 to ${max}`;
		throw fieldError(
			node,
			itemIndex,
			fieldLabel,
			`must be a whole number ${range}`,
			valueGiven(value),
		);
	}
	return number;
}

/** A boolean parameter: n8n passes an expression's value as it is, so "false" would read as true. */
export function booleanField(
	node: INode,
	itemIndex: number,
	fieldLabel: string,
	value: unknown,
): boolean {
	const flag = booleanValue(value);
	if (flag !== undefined) return flag;
	throw fieldError(node, itemIndex, fieldLabel, 'must be true or false', valueGiven(value));
}

/** An options parameter set by an expression: one of the values the list offers. */
export function optionField<T extends string>(
	node: INode,
	itemIndex: number,
	fieldLabel: string,
	value: unknown,
	options: Record<T, string>,
): T {
	const valueOptions = Object.entries(options).map(([key, name]) => ({
		name: String(name),
		value: key,
	}));
	if (
		typeof value === 'string' &&
		validateFieldType(fieldLabel, value, 'options', { valueOptions }).valid
	)
		return value as T;
	const allowed = Object.entries(options)
		.map(([key, name]) => `"${key}" (${String(name)})`)
		.join(' or ');
	throw fieldError(node, itemIndex, fieldLabel, `must be ${allowed}`, valueGiven(value));
}

/** A slide number from 1 to MAX_SLIDE, or 0 (empty too), which means `zero` (the error says so). */
export function slideOrZeroField(
	node: INode,
	itemIndex: number | undefined,
	fieldLabel: string,
	value: unknown,
	zero: string,
): number {
	const slide = numberValue(value === undefined || value === '' || value === null ? 0 : value);
	if (slide === undefined || !Number.isInteger(slide) || slide < 0 || slide > MAX_SLIDE) {
		throw fieldError(
			node,
			itemIndex,
			fieldLabel,
			`must be 0 (${zero}) or a whole number from 1 to ${MAX_SLIDE}`,
			valueGiven(value),
		);
	}
	return slide;
}
