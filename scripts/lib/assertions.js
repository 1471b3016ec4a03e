'use strict';
/**
 * Assertions that say what they checked, for the examples' checks and the real-app scenarios: a
 * failure names the thing compared and shows both sides, so a red run says what differed.
 */
const util = require('node:util');

function show(value) {
	return util.inspect(value, { depth: 6, breakLength: 120, colors: false });
}

/** Deep equality of `actual` and `expected`; `what` names what was compared. */
function expectEqual(actual, expected, what) {
	if (!util.isDeepStrictEqual(actual, expected)) {
		throw new Error(
			`${what} differed\n    expected: ${show(expected)}\n    actual:   ${show(actual)}`,
		);
	}
}

/** Throws `message` unless `condition` holds. */
function ensure(condition, message) {
	if (!condition) throw new Error(message);
}

module.exports = { ensure, expectEqual, show };
