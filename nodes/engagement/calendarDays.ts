/** Days and weeks of a period in a time zone, as Summary per Story counts them. */

/** A day as `YYYY-MM-DD` in the time zone. */
export const dayIn = (timeZone: string) => {
	const format = new Intl.DateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	});
	return (instant: number) => format.format(instant);
};

/** The Monday of a `YYYY-MM-DD` day: weeks run Monday to Sunday, as n8n's `startOf('week')`. */
export function weekOf(day: string): string {
	const date = new Date(`${day}T00:00:00Z`);
	date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
	return date.toISOString().slice(0, 10);
}

/** Every day the period touches, in order: steps of 6 hours never skip a day (a day lasts 23 h or more). */
export function daysOfPeriod(from: number, to: number, timeZone: string): string[] {
	const day = dayIn(timeZone);
	const days = new Set<string>();
	for (let at = from; at < to; at += 6 * 3_600_000) days.add(day(at));
	days.add(day(to));
	return [...days];
}
