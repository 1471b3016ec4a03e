'use strict';
/**
 * The checks of the scripts that drive the real n8n app (test:e2e, test:ui, test:scale): each
 * `check` prints `ok` or `FAILED` with what differed, and `summary()` the `tests: N passed, N failed`
 * line CI counts.
 */
const util = require('node:util');

function show(value) {
	return util.inspect(value, { depth: 6, breakLength: 120, colors: false });
}

/** Fails a check with both sides shown, so a red run says what differed. */
function expectEqual(actual, expected, what) {
	if (!util.isDeepStrictEqual(actual, expected)) {
		throw new Error(
			`${what} differed\n    expected: ${show(expected)}\n    actual:   ${show(actual)}`,
		);
	}
}

function expect(condition, message) {
	if (!condition) throw new Error(message);
}

/** Polls `find` until it returns something truthy (returned), or fails saying `what` (or what `what()` gives) was not seen. */
async function waitFor(find, what, timeoutMs, intervalMs = 250) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = await find();
		if (found) return found;
		if (Date.now() > deadline) {
			const described = typeof what === 'function' ? what() : what;
			throw new Error(`${described}: not seen within ${Math.round(timeoutMs / 1000)} s`);
		}
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
	}
}

/** `onFailure(count)`: what else to do when a check fails (the UI check saves a screenshot). */
function createChecks({ onFailure } = {}) {
	const results = [];
	return {
		results,
		async check(name, fn) {
			const started = Date.now();
			try {
				await fn();
				results.push({ name, ok: true });
				console.log(`ok      ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
				return true;
			} catch (error) {
				results.push({ name, ok: false });
				console.log(
					`FAILED  ${name}\n    ${String(error.message || error).replace(/\n/g, '\n    ')}`,
				);
				await onFailure?.(results.length);
				return false;
			}
		},
		/** The line CI counts; `extraFailures` for a run that stopped before its checks. */
		summary(extraFailures = 0) {
			const passed = results.filter((result) => result.ok).length;
			return `tests: ${passed} passed, ${results.length - passed + extraFailures} failed`;
		},
	};
}

module.exports = { createChecks, expect, expectEqual, show, waitFor };
