/**
 * Unit tests of the rate-limit pacer (pure: every call gets the time), replaying what the server's
 * `x-rate-limit-counter` / `x-rate-limit-maximum` headers would say.
 */
import type { SendTicket } from '../../../../nodes/Storydoc/transport/rateLimit';
import {
	RateLimitPacer,
	SPEC_WINDOW_MS,
	pacerFor,
} from '../../../../nodes/Storydoc/transport/rateLimit';

/** A fake server's answer to one request: its counter, and whether it refused the request (429). */
interface ServerAnswer {
	counter: number;
	limited: boolean;
}
type FakeServer = (now: number) => ServerAnswer;

/**
 * `reserve` answers a ticket (go) or a wait in ms. Where a test takes the answer to be one of them and
 * hands it on as it is, these give it that type; they check nothing (the test's assertions do).
 */
const ticketOf = (slot: SendTicket | number) => slot as SendTicket;
const waitOf = (slot: SendTicket | number) => slot as number;

/** Sends at `now` if the pacer lets it, answering with the given headers; returns the ticket or the wait. */
function send(
	pacer: RateLimitPacer,
	now: number,
	counter: number,
	{ maximum = 5, limited = false } = {},
): SendTicket | number {
	const slot = pacer.reserve(now);
	if (typeof slot === 'number') return slot;
	pacer.onResponse(slot, { counter, maximum }, limited);
	return slot;
}

/** A fixed window of `windowMs` opened by the first request, like the sandbox and (per spec) the API. */
function fixedWindowServer(max: number, windowMs: number): FakeServer {
	let startedAt: number | undefined;
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
function drive(
	pacer: RateLimitPacer,
	server: FakeServer,
	n: number,
	{ max, start = 0, latency = 2 }: { max: number; start?: number; latency?: number },
) {
	let now = start;
	const accepted: number[] = [];
	let refused = 0;
	while (accepted.length < n) {
		const slot = pacer.reserve(now);
		if (typeof slot === 'number') {
			now += slot;
			continue;
		}
		const { counter, limited } = server(now + latency / 2);
		now += latency;
		pacer.onResponse(slot, { counter, maximum: max }, limited, now);
		if (limited) refused += 1;
		else accepted.push(slot.sentAt);
	}
	return { accepted, refused, end: now };
}

/** How many accepted send times fall in each of the server's windows (windows start at its first request). */
function perServerWindow(sendTimes: number[], windowMs: number, latency = 2) {
	const counts: number[] = [];
	let windowStart: number | undefined;
	for (const sentAt of sendTimes) {
		const arrival = sentAt + latency / 2;
		if (windowStart === undefined || arrival - windowStart >= windowMs) {
			windowStart = arrival;
			counts.push(0);
		}
		counts[counts.length - 1] += 1;
	}
	return counts;
}

describe('RateLimitPacer', () => {
	test('without rate-limit headers it never holds a request', () => {
		const pacer = new RateLimitPacer();
		for (let i = 0; i < 500; i++) {
			const slot = pacer.reserve(i);
			expect(typeof slot).toBe('object');
			pacer.onResponse(ticketOf(slot), {}, false);
		}
	});

	test('bursts until the counter reaches the maximum, then holds the next request', () => {
		const pacer = new RateLimitPacer();
		for (let counter = 1; counter <= 5; counter++)
			expect(typeof send(pacer, counter, counter)).toBe('object');
		expect(pacer.reserve(10)).toBeGreaterThan(0);
	});

	test('requests in flight count: the last free slot goes to one caller only', () => {
		const pacer = new RateLimitPacer();
		// The first request, then its batch (half of what is left) answered with no other process counted.
		send(pacer, 0, 1);
		const batch = [ticketOf(pacer.reserve(1)), ticketOf(pacer.reserve(1))];
		batch.forEach((ticket, index) =>
			pacer.onResponse(ticket, { counter: 2 + index, maximum: 5 }, false, 1),
		);
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

	test('a full window: no request until a minute after the first answer heard from it; shared, then one goes first', () => {
		const pacer = new RateLimitPacer();
		pacer.onResponse(ticketOf(pacer.reserve(0)), { counter: 1, maximum: 5 }, false, 40);
		// Counters 2 and 3 were another process's: the window is shared.
		for (let counter = 4; counter <= 5; counter++) send(pacer, counter * 100, counter);
		expect(pacer.windowEndsBy).toBe(40 + SPEC_WINDOW_MS);
		// Asked at any moment before, the answer is: wait until then (plus a small margin), no probe.
		for (const now of [600, 1000, 30000, 59000]) {
			const wait = waitOf(pacer.reserve(now));
			expect(typeof wait).toBe('number');
			// virtual time: the times the test hands the pacer
			expect(now + wait).toBeGreaterThan(40 + SPEC_WINDOW_MS);
			expect(now + wait).toBeLessThanOrEqual(40 + SPEC_WINDOW_MS + 50);
		}
		const opensAt = 600 + waitOf(pacer.reserve(600));
		const first = pacer.reserve(opensAt);
		expect(first).toMatchObject({ probe: true });
		// The others wait for its answer...
		expect(pacer.reserve(opensAt + 1)).toBe(25);
		// ...which shows the new window (shared: the others then go as sharing allows).
		pacer.onResponse(ticketOf(first), { counter: 1, maximum: 5 }, false, opensAt + 30);
		expect(pacer.windowEndsBy).toBe(opensAt + 30 + SPEC_WINDOW_MS);
	});

	test('a full window of its own requests only: the next window goes whole at once, without a request first to read it', () => {
		const pacer = new RateLimitPacer();
		pacer.onResponse(ticketOf(pacer.reserve(0)), { counter: 1, maximum: 5 }, false, 40);
		for (let counter = 2; counter <= 5; counter++) send(pacer, counter * 100, counter);
		expect(typeof pacer.reserve(40 + SPEC_WINDOW_MS)).toBe('number');
		const opensAt = 600 + waitOf(pacer.reserve(600));
		const next = [1, 2, 3, 4, 5].map(() => pacer.reserve(opensAt));
		expect(next.every((slot) => typeof slot === 'object' && !slot.probe)).toBe(true);
		expect(typeof pacer.reserve(opensAt)).toBe('number');
		// Their answers count the new window from 1: it is full again, nothing is lost or doubled.
		next.forEach((slot, index) =>
			pacer.onResponse(ticketOf(slot), { counter: 1 + index, maximum: 5 }, false, opensAt + 30),
		);
		expect(pacer.windowEndsBy).toBe(opensAt + 30 + SPEC_WINDOW_MS);
		expect(typeof pacer.reserve(opensAt + 31)).toBe('number');
	});

	test('a window all sent at once and answered together: the next, opened on time, goes whole too; opened late, one request reads it first', () => {
		const fullWindowAt = (pacer: RateLimitPacer, sentAt: number, heardAt: number) => {
			const slots = [1, 2, 3, 4, 5].map(() => ticketOf(pacer.reserve(sentAt)));
			slots.forEach((slot, index) =>
				pacer.onResponse(slot, { counter: 1 + index, maximum: 5 }, false, heardAt),
			);
		};
		const pacer = new RateLimitPacer();
		pacer.onResponse(ticketOf(pacer.reserve(0)), { counter: 1, maximum: 5 }, false, 40);
		for (let counter = 2; counter <= 5; counter++) send(pacer, counter * 100, counter);
		// The second window: all five at once, all answered at one instant.
		const secondAt = 600 + waitOf(pacer.reserve(600));
		fullWindowAt(pacer, secondAt, secondAt + 30);
		// Its end is over a minute after its last answer was heard: on time, the third goes whole still.
		const thirdAt = secondAt + 31 + waitOf(pacer.reserve(secondAt + 31));
		expect(thirdAt - (secondAt + 30)).toBeGreaterThan(SPEC_WINDOW_MS);
		const third = [1, 2, 3, 4, 5].map(() => pacer.reserve(thirdAt));
		expect(third.every((slot) => typeof slot === 'object')).toBe(true);
		third.forEach((slot, index) =>
			pacer.onResponse(ticketOf(slot), { counter: 1 + index, maximum: 5 }, false, thirdAt + 30),
		);
		// Five minutes later someone else may have used the window: one request goes first.
		const late = thirdAt + 5 * SPEC_WINDOW_MS;
		expect(typeof pacer.reserve(late)).toBe('object');
		expect(typeof pacer.reserve(late)).toBe('number');
	});

	test('against the real limit (150 per 60 s): 200 requests in one window plus the rest, no 429, within 1.01 x the ideal', () => {
		const pacer = new RateLimitPacer();
		const { accepted, refused, end } = drive(pacer, fixedWindowServer(150, 60000), 200, {
			max: 150,
		});
		expect(accepted).toHaveLength(200);
		expect(refused).toBe(0);
		expect(end).toBeGreaterThanOrEqual(60000);
		expect(end).toBeLessThan(60000 * 1.01);
		expect(perServerWindow(accepted, 60000)).toEqual([150, 50]);
	});

	test('many windows: never more than the maximum in a server window, and no 429', () => {
		const pacer = new RateLimitPacer();
		const { accepted, refused } = drive(pacer, fixedWindowServer(5, 60000), 23, { max: 5 });
		expect(refused).toBe(0);
		expect(perServerWindow(accepted, 60000)).toEqual([5, 5, 5, 5, 3]);
	});

	test('a window longer than the minute (429 at the minute): waited out again from that 429, one 429 per window', () => {
		const pacer = new RateLimitPacer();
		const { accepted, refused } = drive(pacer, fixedWindowServer(5, 90000), 15, { max: 5 });
		expect(accepted).toHaveLength(15);
		expect(perServerWindow(accepted, 90000).every((count) => count <= 5)).toBe(true);
		// One refused first request per window that outlasted the minute (two of the three).
		expect(refused).toBeLessThanOrEqual(2);
	});

	test('a 429 below the maximum (another limit than the window): probed at growing intervals, within a minute of the first 429', () => {
		const pacer = new RateLimitPacer();
		send(pacer, 0, 1);
		const waits: number[] = [];
		let now = 10;
		for (let i = 0; i < 12; i++) {
			const wait = pacer.reserve(now);
			if (typeof wait === 'number') {
				waits.push(wait);
				now += wait;
				continue;
			}
			pacer.onResponse(wait, { counter: 2 + i, maximum: 150 }, true, now);
		}
		expect(waits.slice(0, 4)).toEqual([250, 500, 1000, 2000]);
		// virtual time: the times the test hands the pacer
		expect(now).toBeLessThanOrEqual(10 + SPEC_WINDOW_MS + 100);
	});

	test('a late answer of an older request does not move the counter back', () => {
		const pacer = new RateLimitPacer();
		send(pacer, 0, 1);
		const old = pacer.reserve(1);
		send(pacer, 2, 5);
		pacer.onResponse(ticketOf(old), { counter: 2, maximum: 5 }, false);
		expect(pacer.reserve(3)).toBeGreaterThan(0);
	});

	test('a 429 without headers still holds the next request (probe), then lets traffic through again', () => {
		const pacer = new RateLimitPacer();
		const slot = pacer.reserve(0);
		pacer.onResponse(ticketOf(slot), {}, true);
		const wait = waitOf(pacer.reserve(1));
		expect(wait).toBe(250);
		const probe = ticketOf(pacer.reserve(1 + wait));
		expect(probe.probe).toBe(true);
		pacer.onResponse(probe, {}, false);
		expect(typeof pacer.reserve(300)).toBe('object');
	});

	test('each 429 episode probes from the shortest delay again, also without headers (not longer and longer)', () => {
		const pacer = new RateLimitPacer(false);
		let now = 0;
		for (let episode = 0; episode < 4; episode++) {
			pacer.onResponse(ticketOf(pacer.reserve(now)), {}, true);
			const waits: number[] = [];
			for (let refused = 0; refused < 3; refused++) {
				const wait = waitOf(pacer.reserve(++now));
				waits.push(wait);
				now += wait;
				pacer.onResponse(ticketOf(pacer.reserve(now)), {}, refused < 2);
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
		stories.onResponse(ticketOf(slot), { counter: 150, maximum: 150 }, true);
		expect(stories.reserve(12)).toBe(250);
	});
});
