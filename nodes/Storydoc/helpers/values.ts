import { validateFieldType } from 'n8n-workflow';

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

/**
 * A number or numeric text, read by n8n-workflow's `validateFieldType`; unlike n8n's coercion, empty
 * text, `true` and Infinity are not numbers.
 */
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
