'use strict';
/**
 * The live check's report: one line per check as it happens (✓ / ✗ / – skipped), then the
 * differences (≠) and a closing count. Everything printed goes through `say`, which never lets the
 * account's key through.
 */

/** Addresses printed as another: the relay's as the account's, whose requests it carries. */
const aliases = [];

/** Anything printed goes through here: the key never reaches the output, even inside an error. */
function redact(text) {
	const key = process.env.STORYDOC_API_KEY;
	let out = key ? String(text).split(key).join('[access token]') : String(text);
	for (const [from, to] of aliases) out = out.split(from).join(to);
	return out;
}
const say = (line = '') => console.log(redact(line));

/** A check's failure, in words for the report. */
class Failure extends Error {}

/** The report: check lines as they happen, then the differences and the count. */
function createReport() {
	const counts = { passed: 0, failed: 0 };
	/** Difference → the requests it was seen in, in order of first sight. */
	const differences = new Map();
	return {
		/** Runs one check: its function returns the detail, `{ skipped }`, or throws (a Failure says why). */
		async check(label, body) {
			try {
				const detail = await body();
				if (detail?.skipped) return this.skip(`${label}: ${detail.skipped}`);
				counts.passed++;
				say(`✓ ${label}${detail ? `: ${detail}` : ''}`);
			} catch (error) {
				counts.failed++;
				const why = error instanceof Failure ? error.message : `${error?.name}: ${error?.message}`;
				say(`✗ ${label}: ${why}`);
			}
		},
		skip(text) {
			say(`– skipped: ${text}`);
		},
		difference(where, what) {
			if (!differences.has(what)) differences.set(what, new Set());
			differences.get(what).add(where);
		},
		finish() {
			say('');
			if (differences.size) {
				say('Differences between the account and what the node and the sandbox assume:');
				for (const [what, where] of differences) say(`≠ ${[...where].join(', ')}: ${what}`);
			} else {
				say('No difference between the account and what the node and the sandbox assume.');
			}
			say(
				`live: ${counts.passed} checks passed, ${counts.failed} failed, ${differences.size} differences`,
			);
			return counts.failed || differences.size ? 1 : 0;
		},
	};
}

const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

module.exports = { Failure, aliases, createReport, plural, redact, say };
