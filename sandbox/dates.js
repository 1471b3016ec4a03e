'use strict';
/**
 * ISO 8601 parsing in UTC. `Date.parse` alone is too lenient for an API fake (it accepts
 * "March 7, 2024", rolls 2024-02-30 over to March, and reads a date-time without a zone as local
 * time), so the sandbox accepts only ISO 8601 dates and date-times, treating a missing zone as UTC.
 */

const ISO_8601 =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * @param {unknown} text
 * @returns {number} milliseconds since the epoch, or NaN when `text` is not a valid ISO 8601 date(-time)
 */
function parseIsoUtc(text) {
	if (typeof text !== 'string') return NaN;
	const match = ISO_8601.exec(text.trim());
	if (!match) return NaN;
	const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = 'Z'] =
		match;
	const parts = [year, month, day, hour, minute, second].map(Number);
	const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
	const local = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], millis);
	const check = new Date(local);
	// Reject values Date.UTC silently rolls over (month 13, 30 February, 25:00).
	if (
		check.getUTCFullYear() !== parts[0] ||
		check.getUTCMonth() !== parts[1] - 1 ||
		check.getUTCDate() !== parts[2] ||
		check.getUTCHours() !== parts[3] ||
		check.getUTCMinutes() !== parts[4] ||
		check.getUTCSeconds() !== parts[5]
	) {
		return NaN;
	}
	return local - zoneOffsetMs(zone);
}

/** "Z", "+02", "+0200" or "-05:30" → offset from UTC in milliseconds. */
function zoneOffsetMs(zone) {
	if (zone.toUpperCase() === 'Z') return 0;
	const sign = zone[0] === '-' ? -1 : 1;
	const digits = zone.slice(1).replace(':', '');
	return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)) * 60_000;
}

const DAY_MS = 86_400_000;

/** The last millisecond of the UTC day that contains `ms`. */
const endOfUtcDay = (ms) => Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS - 1;

module.exports = { parseIsoUtc, endOfUtcDay, DAY_MS };
