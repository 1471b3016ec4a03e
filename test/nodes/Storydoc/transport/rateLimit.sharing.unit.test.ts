/**
 * The pacer with many requests in flight (items in parallel), and with other processes spending the
 * same window (n8n queue-mode workers behind one IP): simulated in virtual time against a fixed-window
 * server whose arrivals come in any order (rateLimitSimulation.ts).
 */
import type { SendTicket } from '../../../../nodes/Storydoc/transport/rateLimit';
import { RateLimitPacer } from '../../../../nodes/Storydoc/transport/rateLimit';
import { SHARED_IN_FLIGHT } from '../../../../nodes/Storydoc/transport/windowSharing';
import { FIRST_ALONE_MAX_MS } from '../../../../nodes/Storydoc/constants';
import { floorMs, simulate } from './rateLimitSimulation';

const isTicket = (slot: SendTicket | number): slot is SendTicket => typeof slot === 'object';

/** Takes every slot the pacer gives at `now`. */
function takeAll(pacer: RateLimitPacer, now: number, limit = 500): SendTicket[] {
	const tickets: SendTicket[] = [];
	for (let slot = pacer.reserve(now); isTicket(slot) && tickets.length < limit; ) {
		tickets.push(slot);
		slot = pacer.reserve(now);
	}
	return tickets;
}

const execution = (items: number, startMs = 0) => ({ items, startMs });
const JITTERS = [2, 10, 40];
const SEEDS = [1, 2, 3];

describe('one process', () => {
	test('the first request goes alone; its answer shows the window, then half of what is left goes as one batch', () => {
		const pacer = new RateLimitPacer();
		const [first, ...none] = takeAll(pacer, 0);
		expect(none).toHaveLength(0);
		expect(pacer.reserve(1)).toBe(25);
		pacer.onResponse(first, { counter: 1, maximum: 150 }, false, 800);
		const batch = takeAll(pacer, 800);
		expect(batch).toHaveLength(74);
		expect(pacer.reserve(801)).toBe(25);
		// The batch answered with no other request counted: alone, the rest of the window may go at once.
		batch.forEach((ticket, index) =>
			pacer.onResponse(ticket, { counter: 2 + index, maximum: 150 }, false, 1600),
		);
		expect(takeAll(pacer, 1600)).toHaveLength(150 - 75);
	});

	test('answers of requests sent together arrive in any order: a lower counter is the same window', () => {
		const pacer = new RateLimitPacer();
		pacer.onResponse(takeAll(pacer, 0)[0], { counter: 1, maximum: 5 }, false, 10);
		const batch = takeAll(pacer, 10);
		batch.forEach((ticket, index) =>
			pacer.onResponse(ticket, { counter: 2 + index, maximum: 5 }, false, 20),
		);
		const [a, b] = takeAll(pacer, 20);
		expect(b).toBeDefined();
		pacer.onResponse(b, { counter: 5, maximum: 5 }, false, 30);
		// Sent together with b, counted before it: not a new window, so nothing more goes.
		pacer.onResponse(a, { counter: 4, maximum: 5 }, false, 31);
		expect(takeAll(pacer, 32)).toHaveLength(0);
	});

	test.each([
		['the first alone, then the rest: two answer times', 20, 50, 2 * 800 + 100],
		['the first, a batch of half the window, the rest: six answer times', 150, 50, 6 * 800],
		// A window's 150 at 50 in flight take three answer times, and a window is known over one answer
		// after it began: 60.8 + 0.8 + 2.4 s for 300 (the floor counts one answer time per batch).
		['1.045 x the floor', 300, 50, floorMs(300, 800) * 1.045],
		['1.025 x the floor', 600, 50, floorMs(600, 800) * 1.025],
		// With a window in flight at once, what is left is the answer it waits to know each window.
		['1.015 x the floor', 300, 150, floorMs(300, 800) * 1.015],
		// Each window's 150 go at once, the third too (its start is a minute past the second's answers).
		['1.015 x the floor', 450, 150, floorMs(450, 800) * 1.015],
		['1.025 x the floor', 600, 150, floorMs(600, 800) * 1.025],
		['1.09 x the floor', 600, 10, floorMs(600, 800) * 1.09],
	])(
		'800 ms answers, no 429, %s: %i items at %i in parallel',
		(_bound, items, itemsInParallel, boundMs) => {
			for (const jitterMs of JITTERS) {
				const result = simulate({
					processes: [{ executions: [execution(items)], itemsInParallel }],
					answerMs: 800,
					jitterMs,
				});
				expect(result.done).toBe(items);
				expect(result.refused).toBe(0);
				// virtual time: the simulation's clock
				expect(result.lastAnswerMs).toBeLessThanOrEqual(boundMs);
			}
		},
	);

	test('ten executions at once share the pacer: no 429, the two windows full', () => {
		const result = simulate({
			processes: [
				{ executions: Array.from({ length: 10 }, () => execution(30)), itemsInParallel: 50 },
			],
			answerMs: 800,
		});
		expect(result.refused).toBe(0);
		expect(result.acceptedPerWindow).toEqual([150, 150]);
	});

	test('another process already used 140 of the window: no 429', () => {
		const result = simulate({
			processes: [{ executions: [execution(100)], itemsInParallel: 50 }],
			answerMs: 200,
			usedByOthers: 140,
		});
		expect(result.refused).toBe(0);
		expect(result.done).toBe(100);
	});

	test('answers as slow as a generation (60 s): the first out for FIRST_ALONE_MAX_MS lets the rest go; 20 items at 10 in parallel in two answer times', () => {
		const result = simulate({
			processes: [
				{ executions: [execution(20)], itemsInParallel: 10, coldReleaseMs: FIRST_ALONE_MAX_MS },
			],
			answerMs: 60_000,
		});
		expect(result.refused).toBe(0);
		// virtual time: the simulation's clock
		expect(result.lastAnswerMs).toBeLessThanOrEqual(2 * 60_000 + FIRST_ALONE_MAX_MS + 1000);
	});

	test("answers a generation's 30 to 90 s long: one process never takes its own requests for another's; 200 items at 10 in parallel in 20 answer times", () => {
		for (const answerMs of [30_000, 45_000, 60_000, 90_000]) {
			const result = simulate({
				processes: [
					{ executions: [execution(200)], itemsInParallel: 10, coldReleaseMs: FIRST_ALONE_MAX_MS },
				],
				answerMs,
			});
			expect(result.refused).toBe(0);
			// Before, with 30 s answers: windows of 20 four times, then 4 each (34 minutes, not 10).
			// virtual time: the simulation's clock
			expect(result.lastAnswerMs).toBeLessThanOrEqual(20 * answerMs + FIRST_ALONE_MAX_MS + 1000);
		}
	});

	test('12 items at 5 per window (the batch of rateLimit.pacing.test.ts): each window waited out, and no longer than the floor and 1.5 %', () => {
		for (const answerMs of [5, 200, 800]) {
			for (const jitterMs of JITTERS) {
				const result = simulate({
					processes: [{ executions: [execution(12)], itemsInParallel: 150 }],
					answerMs,
					jitterMs,
					max: 5,
				});
				expect(result.done).toBe(12);
				expect(result.refused).toBe(0);
				expect(result.acceptedPerWindow).toEqual([5, 5, 2]);
				// virtual time: the simulation's clock
				expect(result.lastAnswerMs).toBeGreaterThanOrEqual(2 * 60_000);
				expect(result.lastAnswerMs).toBeLessThanOrEqual(floorMs(12, answerMs, 5) * 1.015);
			}
		}
	});
});

describe('two processes behind one IP (queue-mode workers)', () => {
	test.each([5, 200, 800])(
		'starting together, %i ms answers: never a 429; each shared window used to within a few slots',
		(answerMs) => {
			for (const jitterMs of JITTERS) {
				for (const seed of SEEDS) {
					const worker = {
						executions: Array.from({ length: 5 }, () => execution(28)),
						itemsInParallel: 50,
					};
					const result = simulate({ processes: [worker, worker], answerMs, jitterMs, seed });
					expect(result.done).toBe(280);
					expect(result.refused).toBe(0);
					expect(result.acceptedPerWindow.slice(0, -1).every((accepted) => accepted >= 140)).toBe(
						true,
					);
				}
			}
		},
	);

	test("test:scale's load (five executions of 28 on each, answers as quick as the sandbox's): the last within its goal of 1.15 × one window", () => {
		for (const answerMs of [5, 20, 50]) {
			for (const jitterMs of JITTERS) {
				for (const seed of SEEDS) {
					const worker = {
						executions: Array.from({ length: 5 }, () => execution(28)),
						itemsInParallel: 150,
					};
					const result = simulate({ processes: [worker, worker], answerMs, jitterMs, seed });
					expect(result.done).toBe(280);
					expect(result.refused).toBe(0);
					// virtual time: the simulation's clock
					expect(result.lastAnswerMs).toBeLessThanOrEqual(1.15 * 60_000);
				}
			}
		}
	});

	test('unequal loads: never a 429', () => {
		for (const seed of SEEDS) {
			const result = simulate({
				processes: [
					{ executions: [execution(300)], itemsInParallel: 50 },
					{ executions: [execution(100)], itemsInParallel: 10 },
				],
				answerMs: 200,
				seed,
			});
			expect(result.done).toBe(400);
			expect(result.refused).toBe(0);
		}
	});

	test(`one that starts while the other sends alone at full speed: at most ${SHARED_IN_FLIGHT} answers 429 when it joins (each waited out)`, () => {
		for (const seed of SEEDS) {
			const result = simulate({
				processes: [
					{ executions: [execution(300)], itemsInParallel: 50 },
					{ executions: [execution(300, 5000)], itemsInParallel: 50 },
				],
				answerMs: 200,
				seed,
			});
			expect(result.done).toBe(600);
			expect(result.refused).toBeLessThanOrEqual(SHARED_IN_FLIGHT);
		}
	});
});

test('one left with items after the other ends: from the first window without the other, each full window is all its own', () => {
	for (const jitterMs of JITTERS) {
		const result = simulate({
			processes: [
				{ executions: [execution(900)], itemsInParallel: 150 },
				{ executions: [execution(150, 1000)], itemsInParallel: 150 },
			],
			answerMs: 800,
			jitterMs,
			seed: 2,
		});
		const [, other] = result.acceptedPerWindowByProcess;
		const othersLast = other.findLastIndex((accepted) => accepted > 0);
		expect(result.done).toBe(1050);
		expect(result.refused).toBeLessThanOrEqual(1);
		// It looks again 20 s past when the other came in its last window (80 there before, 2 in flight).
		expect(result.acceptedPerWindow.slice(othersLast + 1, -1)).toEqual([150, 150, 150]);
	}
});

test("one with a long batch beside another's trickle (10 items every 20 s): past each window's middle it takes what the trickle leaves, not only its half", () => {
	for (const jitterMs of JITTERS) {
		const trickle = Array.from({ length: 18 }, (_, index) => execution(10, 1000 + index * 20_000));
		const result = simulate({
			processes: [
				{ executions: [execution(600)], itemsInParallel: 150 },
				{ executions: trickle, itemsInParallel: 150 },
			],
			answerMs: 800,
			jitterMs,
			seed: 2,
		});
		expect(result.done).toBe(780);
		expect(result.refused).toBeLessThanOrEqual(1);
		// The full windows between the first and the last: 110 each with only its half (75 and the late ones).
		for (const accepted of result.acceptedPerWindow.slice(2, -1))
			expect(accepted).toBeGreaterThanOrEqual(140);
	}
});

describe('a worker that joins another sending a long batch alone (issue 67)', () => {
	// Before the door (Design notes › Keeping room) the second got nothing through for all ten windows.
	test.each([20, 200, 800])(
		'%i ms answers: it gets in the window it joins and about half of each later one until its items are done; no 429',
		(answerMs) => {
			for (const [joinMs, itemsInParallel] of [
				[30_000, 150],
				[90_000, 50],
				[90_000, 5],
			]) {
				const result = simulate({
					processes: [
						{ executions: [execution(1500)], itemsInParallel },
						{ executions: [execution(100, joinMs)], itemsInParallel: 50 },
					],
					answerMs,
					seed: 3,
				});
				const [, joining] = result.acceptedPerWindowByProcess;
				const joined = Math.floor(joinMs / 60_000);
				expect(result.done).toBe(1600);
				expect(result.refused).toBe(0);
				// In the window it joins, the door; in the next, half the window, or at 800 ms a little less
				// (55: past its middle the long batch takes what the joiner's pace leaves); the rest after.
				expect(joining[joined]).toBeGreaterThanOrEqual(1);
				expect(joining[joined + 1]).toBeGreaterThanOrEqual(50);
				expect(joining.slice(joined, joined + 3).reduce((sum, n) => sum + n, 0)).toBe(100);
			}
		},
	);
});

test.each([200, 800])(
	'%i ms answers, a worker that joins two others in a full window (at 95 s, counter 147): once a window it waits out is already half gone when it comes, it probes early and gets in from the next; at most one 429',
	(answerMs) => {
		for (const jitterMs of JITTERS) {
			const result = simulate({
				processes: [
					{ executions: [execution(500)], itemsInParallel: 150 },
					{ executions: [execution(300, 1000)], itemsInParallel: 150 },
					{ executions: [execution(125, 95_000)], itemsInParallel: 150 },
				],
				answerMs,
				jitterMs,
				seed: 2,
			});
			const [, , joining] = result.acceptedPerWindowByProcess;
			expect(result.done).toBe(925);
			expect(result.refused).toBeLessThanOrEqual(1);
			// Counting each window from its own late answer, it came once a window, at its end, for four.
			expect(joining.slice(1, 3)).toEqual([1, 1]);
			const last = joining.findLastIndex((accepted) => accepted > 0);
			for (const accepted of joining.slice(3, last + 1))
				expect(accepted).toBeGreaterThanOrEqual(20);
		}
	},
);

describe('joining late: a window waited out that others already had half of when it came', () => {
	// First heard at counter 147 (at 800 ms), waited out; the next heard at 147 too (at 61,625 ms), so
	// that window began between the last request counted before (60,825 ms, sent) and its answer.
	function joinedLate() {
		const pacer = new RateLimitPacer();
		const queue = { waiting: 100 };
		pacer.onResponse(takeAll(pacer, 0)[0], { counter: 147, maximum: 150 }, false, 800);
		const [waitedOut] = takeAll(pacer, 60_825);
		pacer.onResponse(waitedOut, { counter: 147, maximum: 150 }, false, 61_625);
		return { pacer, queue };
	}
	const EARLIEST_END = 60_825;
	const LATEST_END = 61_625 + 60_000 + 25;
	const MIDDLE = (EARLIEST_END + LATEST_END) / 2;

	test('one probe goes at the middle of when the window can end; a 429 to it waits for the latest end, still the same window', () => {
		const { pacer, queue } = joinedLate();
		expect(pacer.reserve(61_700, queue)).toBe(MIDDLE - 61_700);
		const probe = pacer.reserve(MIDDLE, queue);
		expect(probe).toMatchObject({ probe: true, early: true });
		pacer.onResponse(probe as SendTicket, { counter: 151, maximum: 150 }, true, MIDDLE + 800);
		expect(pacer.reserve(MIDDLE + 900, queue)).toBe(LATEST_END - (MIDDLE + 900));
		expect(pacer.windowEndsBy).toBe(61_625 + 60_000);
	});

	test('a low counter in the answer to the probe: a new window, counted from that answer', () => {
		const { pacer, queue } = joinedLate();
		const probe = pacer.reserve(MIDDLE, queue) as SendTicket;
		pacer.onResponse(probe, { counter: 12, maximum: 150 }, false, MIDDLE + 800);
		expect(pacer.windowEndsBy).toBe(MIDDLE + 800 + 60_000);
		expect(takeAll(pacer, MIDDLE + 800).length).toBeGreaterThan(0);
	});
});

test('600 and 250 creates on two workers: in the last window, its items all fitting and the other done, the one left looks again 5 s past when the other came the window before, not 20', () => {
	for (const jitterMs of JITTERS) {
		const result = simulate({
			processes: [
				{ executions: [execution(600)], itemsInParallel: 150 },
				{ executions: [execution(250, 1000)], itemsInParallel: 150 },
			],
			answerMs: 800,
			jitterMs,
			seed: 2,
		});
		expect(result.done).toBe(850);
		expect(result.refused).toBeLessThanOrEqual(1);
		expect(result.acceptedPerWindowByProcess[1].at(-1)).toBe(0);
		// The last window's 118 went two at a time until 20 s in: done 28.9 s past the floor.
		// virtual time: the simulation's clock
		expect(result.lastAnswerMs - floorMs(850, 800)).toBeLessThanOrEqual(15_000);
	}
});
