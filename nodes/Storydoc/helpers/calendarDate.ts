import type { ItemContext } from './fieldError';
import { valueGiven } from './fieldError';

/** What n8n's date picker stores for a date without a time of day. */
const PICKED_DATE_REGEX = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.000)?)?$/;
/** n8n hands a Luxon DateTime or Date from an expression to the node as ISO text with its offset. */
const ISO_INSTANT_REGEX =
	/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** One formatter per time zone: building one costs far more than using it. */
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

/** A date variable: text as written, a picked date as picked, an expression's date in the workflow's zone. */
export function dateVariable(item: ItemContext, label: string, value: unknown): unknown {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime()))
			throw item.error(label, 'is not a valid date', valueGiven(String(value)));
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
		throw item.error(label, 'must be a date or text', valueGiven(value));
	return value;
}
