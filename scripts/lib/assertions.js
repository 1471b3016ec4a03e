'use strict';
/**
 * Assertions that say what they checked, for the examples' checks and the real-app scenarios: a
 * failure names the thing compared and shows both sides, so a red run says what differed.
 */
const util = require('node:util');
const v8 = require('node:v8');

function show(value) {
	return util.inspect(value, { depth: 6, breakLength: 120, colors: false });
}

/** Deep equality of `actual` and `expected`; `what` names what was compared. */
function expectEqual(actual, expected, what) {
	if (!util.isDeepStrictEqual(inOneRealm(actual), inOneRealm(expected))) {
		throw new Error(
			`${what} differed\n    expected: ${show(expected)}\n    actual:   ${show(actual)}`,
		);
	}
}

/**
 * A copy made in this process's own realm. jest runs each test file in a realm of its own, and
 * `response.json()` builds its objects in Node's: equal data would differ by prototype. Values that
 * cannot be copied (functions) are compared as they are.
 */
function inOneRealm(value) {
	try {
		return v8.deserialize(v8.serialize(value));
	} catch {
		return value;
	}
}

/** Throws `message` unless `condition` holds. */
function ensure(condition, message) {
	if (!condition) throw new Error(message);
}

module.exports = { ensure, expectEqual, show };
