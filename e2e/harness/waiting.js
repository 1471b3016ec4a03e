'use strict';
/** Waiting in the real-app scenarios: for something to be seen (polled), or for a while. */

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
		await pause(intervalMs);
	}
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

module.exports = { pause, waitFor };
