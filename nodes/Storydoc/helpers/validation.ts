import type { INode } from 'n8n-workflow';
import { NodeOperationError, tryToParseDateTime, validateFieldType } from 'n8n-workflow';

/** Deliberately loose (something@domain.tld): the API decides whether the user exists. */
const EMAIL_REGEX = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A number from a number or a numeric text (what an expression may give), read by n8n-workflow's
 * `validateFieldType`; undefined for anything else. Empty text, `true` and the like are not numbers
 * here, though n8n's coercion alone would read them as 0 or 1; neither is Infinity.
 */
export function numberValue(value: unknown): number | undefined {
	const text = typeof value === 'string' ? value.trim() : undefined;
	if (typeof value !== 'number' && !text) return undefined;
	const result = validateFieldType('value', text ?? value, 'number');
	return result.valid && result.newValue !== undefined && Number.isFinite(result.newValue)
		? result.newValue
		: undefined;
}

/**
 * true or false as n8n-workflow's `validateFieldType` reads a boolean: true/false, the texts "true"
 * and "false" in any case, 1/0 and "1"/"0"; undefined for anything else ("yes", 2, an object).
 */
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

/** Names the item when there is one (action node); a trigger's parameters belong to no item. */
function fieldError(
	node: INode,
	itemIndex: number | undefined,
	message: string,
	description?: string,
) {
	const prefix = itemIndex === undefined ? '' : `Item ${itemIndex}: `;
	return new NodeOperationError(node, `${prefix}${message}`, { itemIndex, description });
}

/**
 * Reads a date-time parameter as an instant (epoch ms). A value with an offset or `Z` keeps it; one
 * without (what n8n's date picker produces) is read in the workflow's time zone, as n8n's own nodes do.
 */
export function parseDateField(
	node: INode,
	itemIndex: number,
	fieldLabel: string,
	value: unknown,
	timezone: string,
): number {
	const isEmpty = value === undefined || value === null || String(value).trim() === '';
	let instant = Number.NaN;
	if (!isEmpty) {
		try {
			instant = tryToParseDateTime(value, timezone).toMillis();
		} catch {
			instant = Number.NaN;
		}
	}
	if (!Number.isFinite(instant)) {
		throw fieldError(
			node,
			itemIndex,
			isEmpty ? `"${fieldLabel}" is required` : `"${fieldLabel}" is not a valid date`,
			isEmpty
				? 'Give a date and time, for example 2026-01-31T00:00:00Z or an expression such as {{ $now.minus({ days: 7 }) }}'
				: `Value given: ${JSON.stringify(value)}. Use ISO 8601, for example 2026-01-31T00:00:00Z.`,
		);
	}
	return instant;
}

export function validateDateRange(node: INode, itemIndex: number, from: number, to: number): void {
	if (from > to) {
		throw fieldError(
			node,
			itemIndex,
			'"From" is after "To"',
			`From is ${new Date(from).toISOString()} and To is ${new Date(to).toISOString()} (UTC).`,
		);
	}
}

/** An optional email field: empty means "no filter"; anything else must look like an email address. */
export function optionalEmailField(
	node: INode,
	itemIndex: number | undefined,
	fieldLabel: string,
	value: unknown,
): string | undefined {
	const email = String(value ?? '').trim();
	if (!email) return undefined;
	if (!EMAIL_REGEX.test(email)) {
		throw fieldError(
			node,
			itemIndex,
			`"${fieldLabel}" is not a valid email address`,
			`Value given: ${JSON.stringify(value)}`,
		);
	}
	return email;
}

/** A whole number from 1 to `max` (Limit, Parallel Page Requests); expressions can bypass the editor's bounds. */
export function positiveIntegerField(
	node: INode,
	itemIndex: number,
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
			`"${fieldLabel}" must be a whole number ${range}`,
			`Value given: ${JSON.stringify(value)}`,
		);
	}
	return number;
}

/**
 * A boolean parameter: n8n passes an expression's value as it is, so "yes" would otherwise be read as
 * true and "false" as true too. Accepts what `booleanValue` does.
 */
export function booleanField(
	node: INode,
	itemIndex: number,
	fieldLabel: string,
	value: unknown,
): boolean {
	const flag = booleanValue(value);
	if (flag !== undefined) return flag;
	throw fieldError(
		node,
		itemIndex,
		`"${fieldLabel}" must be true or false`,
		`Value given: ${JSON.stringify(value)}`,
	);
}

/** An options parameter set by an expression: one of the values the list offers (keyed value → display name). */
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
	throw fieldError(
		node,
		itemIndex,
		`"${fieldLabel}" must be ${allowed}`,
		`Value given: ${JSON.stringify(value)}`,
	);
}
