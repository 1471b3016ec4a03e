'use strict';
/**
 * Unit tests of the rate-limit pacer (pure: every call gets the time), replaying what the server's
 * `x-rate-limit-counter` / `x-rate-limit-maximum` headers would say.
 */
const { RateLimitPacer, SPEC_WINDOW_MS, pacerFor } = require('../../dist/nodes/Storydoc/transport/rateLimit');

/** Sends at `now` if the pacer lets it, answering with the given headers; returns the ticket or the wait. */
function send(pacer, now, counter, { maximum = 5, limited = false } = {}) {
	const slot = pacer.reserve(now);
	if (typeof slot === 'number') return slot;
	pacer.onResponse(slot, { counter, maximum }, limited);
	return slot;
}

/** A fixed window of `windowMs` opened by the first request, like the sandbox and (per spec) the API. */
function fixedWindowServer(max, windowMs) {
	let startedAt;
	let count = 0;
	return (now) => {
		if (startedAt === undefined || now - startedAt >= windowMs) {
			startedAt = now;
			count = 0;
		}
		count += 1;
		return { counter: count, limited: count > max };
	};
}

/** Drives `n` requests through the pacer against the fake server; returns send times and refusals. */
function drive(pacer, server, n, { max, start = 0, latency = 2 }) {
	let now = start;
	const accepted = [];
	let refused = 0;
	while (accepted.length < n) {
		const slot = pacer.reserve(now);
		if (typeof slot === 'number') {
			now += slot;
			continue;
		}
		const { counter, limited } = server(now + latency / 2);
		now += latency;
		pacer.onResponse(slot, { counter, maximum: max }, limited);
		if (limited) refused += 1;
		else accepted.push(slot.sentAt);
	}
	return { accepted, refused, end: now };
}

describe('RateLimitPacer', () => {
	test('without rate-limit headers it never holds a request', () => {
		const pacer = new RateLimitPacer();
		for (let i = 0; i < 500; i++) {
			const slot = pacer.reserve(i);
			expect(typeof slot).toBe('object');
			pacer.onResponse(slot, {}, false);
		}
	});

	test('bursts until the counter reaches the maximum, then holds the next request', () => {
		const pacer = new RateLimitPacer();
		for (let counter = 1; counter <= 5; counter++) expect(typeof send(pacer, counter, counter)).toBe('object');
		expect(pacer.reserve(10)).toBeGreaterThan(0);
	});

	test('requests in flight count: the last free slot goes to one caller only', () => {
		const pacer = new RateLimitPacer();
		send(pacer, 0, 3);
		const first = pacer.reserve(1);
		const second = pacer.reserve(1);
		const third = pacer.reserve(1);
		expect(typeof first).toBe('object');
		expect(typeof second).toBe('object');
		expect(typeof third).toBe('number');
	});

	test('another process using the same IP shows in the counter: the pacer stops at the server maximum', () => {
		const pacer = new RateLimitPacer();
		send(pacer, 0, 1);
		// Others sent three requests meanwhile.
		send(pacer, 10, 5);
		expect(pacer.reserve(20)).toBeGreaterThan(0);
	});

	test('an unknown window is probed at growing intervals, never later than the minute of the spec', () => {
		const pacer = new RateLimitPacer();
		send(pacer, 0, 5);
		const waits = [];
		let now = 1;
		for (let i = 0; i < 12; i++) {
			const wait = pacer.reserve(now);
			if (typeof wait === 'number') {
				waits.push(wait);
				now += wait;
				continue;
			}
			pacer.onResponse(wait, { counter: 6 + i, maximum: 5 }, true);
		}
		expect(waits.slice(0, 4)).toEqual([250, 500, 1000, 2000]);
		expect(now).toBeLessThanOrEqual(SPEC_WINDOW_MS + 100);
	});

	test('learns the window from observed resets; afterwards it waits for the reset without any 429', () => {
		const pacer = new RateLimitPacer();
		const server = fixedWindowServer(5, 1000);
		const first = drive(pacer, server, 12, { max: 5 });
		expect(first.refused).toBeGreaterThan(0);
		expect(pacer.learnedWindowMs).toBeGreaterThanOrEqual(1000);
		expect(pacer.learnedWindowMs).toBeLessThan(2100);

		const second = drive(pacer, server, 30, { max: 5, start: first.end });
		expect(second.refused).toBe(0);
		// Never more than the maximum in one server window.
		const perWindow = new Map();
		for (const time of second.accepted) {
			const bucket = Math.floor(time / pacer.learnedWindowMs);
			perWindow.set(bucket, (perWindow.get(bucket) ?? 0) + 1);
		}
		expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(5);
	});

	test('with the real limit (150 per 60 s) 200 requests take one window plus the rest, close to the ideal', () => {
		const pacer = new RateLimitPacer();
		const { accepted, end } = drive(pacer, fixedWindowServer(150, 60000), 200, { max: 150 });
		expect(accepted).toHaveLength(200);
		expect(end).toBeGreaterThanOrEqual(60000);
		expect(end).toBeLessThan(60000 * 1.05);
	});

	test('a probe refused at the estimated reset forgets the estimate and learns again', () => {
		const pacer = new RateLimitPacer();
		drive(pacer, fixedWindowServer(5, 1000), 12, { max: 5 });
		expect(pacer.learnedWindowMs).toBeDefined();
		// The server's window grew: the probe at the old estimate is refused.
		let now = 100000;
		send(pacer, now, 1);
		for (let counter = 2; counter <= 5; counter++) send(pacer, (now += 1), counter);
		now += pacer.reserve(now);
		const probe = pacer.reserve(now);
		pacer.onResponse(probe, { counter: 6, maximum: 5 }, true);
		expect(pacer.learnedWindowMs).toBeUndefined();
	});

	test('a late answer of an older request does not move the counter back', () => {
		const pacer = new RateLimitPacer();
		send(pacer, 0, 1);
		const old = pacer.reserve(1);
		send(pacer, 2, 5);
		pacer.onResponse(old, { counter: 2, maximum: 5 }, false);
		expect(pacer.reserve(3)).toBeGreaterThan(0);
	});

	test('a 429 without headers still holds the next request (probe), then lets traffic through again', () => {
		const pacer = new RateLimitPacer();
		const slot = pacer.reserve(0);
		pacer.onResponse(slot, {}, true);
		const wait = pacer.reserve(1);
		expect(wait).toBe(250);
		const probe = pacer.reserve(1 + wait);
		expect(probe.probe).toBe(true);
		pacer.onResponse(probe, {}, false);
		expect(typeof pacer.reserve(300)).toBe('object');
	});

	test('each 429 episode probes from the shortest delay again, also without headers (not longer and longer)', () => {
		const pacer = new RateLimitPacer(false);
		let now = 0;
		for (let episode = 0; episode < 4; episode++) {
			pacer.onResponse(pacer.reserve(now), {}, true);
			const waits = [];
			for (let refused = 0; refused < 3; refused++) {
				const wait = pacer.reserve(++now);
				waits.push(wait);
				now += wait;
				pacer.onResponse(pacer.reserve(now), {}, refused < 2);
			}
			expect(waits).toEqual([250, 500, 1000]);
		}
	});
});

describe('pacerFor', () => {
	test('one pacer per base URL and endpoint group, shared by every caller in the process', () => {
		const versions = pacerFor('https://api.storydoc.com', '/v2/versions');
		expect(pacerFor('https://api.storydoc.com', '/v2/versions/65e0')).toBe(versions);
		expect(pacerFor('https://api.storydoc.com', '/v2/stories')).not.toBe(versions);
		expect(pacerFor('http://127.0.0.1:5680', '/v2/versions')).not.toBe(versions);
	});

	test('other endpoints are not held back by the version counter their headers report, only by a 429', () => {
		const stories = pacerFor('https://api.storydoc.com', '/v2/stories/65d0');
		for (let i = 0; i < 3; i++) send(stories, i, 150, { maximum: 150 });
		expect(typeof stories.reserve(10)).toBe('object');
		const slot = stories.reserve(11);
		stories.onResponse(slot, { counter: 150, maximum: 150 }, true);
		expect(stories.reserve(12)).toBe(250);
	});
});
