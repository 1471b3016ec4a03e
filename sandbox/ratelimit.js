'use strict';
/**
 * The version endpoints' rate limit: a fixed window per client IP that opens at the first version
 * request and lasts `windowMs`. Every request to a version endpoint counts, including those over the
 * limit (they are refused, not forgiven). Other endpoints only read the counter, for the headers.
 *
 * Windows follow the real clock (`clock`, performance.now by default), not the sandbox's `now`
 * option: pacing code sleeps in real time, and a pinned business clock must not freeze the window.
 */

/**
 * @param {{ max?: number, windowMs?: number, clock?: () => number }} [options]
 */
function createRateLimiter({ max = 150, windowMs = 60_000, clock = () => performance.now() } = {}) {
	/** @type {Map<string, { startedAt: number, count: number }>} */
	const windows = new Map();

	/** The IP's open window, or undefined once it has run out. */
	function openWindow(ip) {
		const window = windows.get(ip);
		if (window && clock() - window.startedAt < windowMs) return window;
		windows.delete(ip);
		return undefined;
	}

	return {
		max,
		/**
		 * Records one request and returns the header counter: for a version endpoint, the requests in
		 * the window including this one (`limited` when over `max`); for others, the current count.
		 * @param {string} ip
		 * @param {boolean} counts whether the request is to a version endpoint
		 */
		hit(ip, counts) {
			let window = openWindow(ip);
			if (!counts) return { counter: window ? window.count : 0, limited: false };
			if (!window) {
				window = { startedAt: clock(), count: 0 };
				windows.set(ip, window);
			}
			window.count += 1;
			return { counter: window.count, limited: window.count > max };
		},
		clear() {
			windows.clear();
		},
	};
}

module.exports = { createRateLimiter };
