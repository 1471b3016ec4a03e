/**
 * Room kept for other processes while more of a batch's items wait to start (Design notes ›
 * Rate-limit pacing › Keeping room): a process alone leaves the door's slots until late in the
 * window, then sends them one at a time; a process that saw others lately takes half the window
 * until late in it; nobody sends in a window's last round trips; with no more items waiting, nothing
 * is kept.
 */
import type { SendTicket } from '../../../../nodes/Storydoc/transport/rateLimit';
import { RateLimitPacer } from '../../../../nodes/Storydoc/transport/rateLimit';
import type { WindowView } from '../../../../nodes/Storydoc/transport/windowSharing';
import { FIRST_ALONE_MAX_MS } from '../../../../nodes/Storydoc/constants';
import {
	DOOR_SLOTS,
	SHARED_IN_FLIGHT,
	WindowSharing,
} from '../../../../nodes/Storydoc/transport/windowSharing';

import { simulate } from './rateLimitSimulation';

const isTicket = (slot: SendTicket | number): slot is SendTicket => typeof slot === 'object';

/** Takes every slot the pacer gives at `now`, for a batch with more items waiting or none. */
function takeAll(pacer: RateLimitPacer, now: number, moreQueued: boolean): SendTicket[] {
	const queue = { waiting: moreQueued ? 1000 : 0 };
	const tickets: SendTicket[] = [];
	for (let slot = pacer.reserve(now, queue); isTicket(slot); ) {
		tickets.push(slot);
		slot = pacer.reserve(now, queue);
	}
	return tickets;
}

/** A pacer alone in a window of 150 whose first answer came at 800 ms, 75 counted, nothing in flight. */
function aloneAt75(moreQueued: boolean): RateLimitPacer {
	const pacer = new RateLimitPacer();
	const [first] = takeAll(pacer, 0, moreQueued);
	pacer.onResponse(first, { counter: 1, maximum: 150 }, false, 800);
	takeAll(pacer, 800, moreQueued).forEach((ticket, index) =>
		pacer.onResponse(ticket, { counter: 2 + index, maximum: 150 }, false, 1600),
	);
	return pacer;
}

/** Early in the window (10 s after its first answer) unless told. */
const view = (phase: WindowView['phase'], inFlight = 0, elapsedMs = 10_000): WindowView => ({
	maximum: 150,
	counter: 60,
	inFlight,
	staleRoundTrips: 1,
	phase,
	elapsedMs,
});

describe('the pacer (800 ms answers, a window heard from 800 ms, so over by 60.8 s)', () => {
	test(`alone with more items waiting: all but ${DOOR_SLOTS} slots, then a wait until late in the window`, () => {
		const pacer = aloneAt75(true);
		const burst = takeAll(pacer, 1600, true);
		expect(burst).toHaveLength(150 - 75 - DOOR_SLOTS);
		burst.forEach((ticket, index) =>
			pacer.onResponse(ticket, { counter: 76 + index, maximum: 150 }, false, 2400),
		);
		// Late: the window's end less the door's round trips and two more (60.8 - 4 × 0.8 s).
		expect(pacer.reserve(2400, { waiting: 1000 })).toBe(57_600 - 2400);
	});

	test('late in the window the door goes one at a time; a count of another process there makes it shared', () => {
		const pacer = aloneAt75(true);
		takeAll(pacer, 1600, true).forEach((ticket, index) =>
			pacer.onResponse(ticket, { counter: 76 + index, maximum: 150 }, false, 2400),
		);
		const [door, ...none] = takeAll(pacer, 57_600, true);
		expect(none).toHaveLength(0);
		// 149 was another process's: this one is no longer alone, and the window is full.
		pacer.onResponse(door, { counter: 150, maximum: 150 }, false, 58_400);
		expect(takeAll(pacer, 58_400, true)).toHaveLength(0);
		// The next window is not opened as its own: one request goes first.
		expect(takeAll(pacer, 60_825, true)).toHaveLength(1);
	});

	test('alone with no more items waiting (a batch’s last window): every slot at once', () => {
		const pacer = aloneAt75(false);
		expect(takeAll(pacer, 1600, false)).toHaveLength(75);
	});

	test("nothing goes in a window's last two round trips while room is kept", () => {
		expect(takeAll(aloneAt75(true), 59_200, true)).toHaveLength(0);
		expect(takeAll(aloneAt75(false), 59_200, false)).toHaveLength(75);
	});
});

test('answers as slow as a generation (30 s) leave no time for the door: 400 at 50 in parallel in four windows of 100, as before', () => {
	const result = simulate({
		processes: [
			{ executions: [{ items: 400 }], itemsInParallel: 50, coldReleaseMs: FIRST_ALONE_MAX_MS },
		],
		answerMs: 30_000,
	});
	expect(result.refused).toBe(0);
	// Before the guard, the door's round trips outlasted the window: 100, 1, 100, 1, 100, 51, 47.
	expect(result.acceptedPerWindow).toEqual([100, 100, 100, 100]);
});

describe('window sharing', () => {
	const alone = () => {
		const sharing = new WindowSharing();
		sharing.onAnswer({ counter: 1, maximum: 150, inFlight: 0, elapsedMs: 1_000 });
		sharing.onSend();
		sharing.onAnswer({ counter: 2, maximum: 150, inFlight: 0, elapsedMs: 1_000 });
		return sharing;
	};
	const shared = () => {
		const sharing = alone();
		// Counter 10 with two of its own below: seven others.
		sharing.onAnswer({ counter: 10, maximum: 150, inFlight: 0, elapsedMs: 1_000 });
		return sharing;
	};

	test('alone: the door early, one at a time late, nothing closing, everything when free', () => {
		const sharing = alone();
		expect(sharing.alone).toBe(true);
		expect(sharing.capacity(90, view('early'))).toBe(90 - DOOR_SLOTS);
		expect(sharing.capacity(90, view('late'))).toBe(1);
		expect(sharing.capacity(90, view('late', 1))).toBe(0);
		expect(sharing.capacity(90, view('closing'))).toBe(0);
		expect(sharing.capacity(90, view('free'))).toBe(90);
	});

	test('others seen in this window or the last: half the window early, its share of the rest late', () => {
		const sharing = shared();
		expect(sharing.alone).toBe(false);
		// Three of its own counted: 75 - 3 - 1 in flight = 71, more than the two a shared process keeps in flight.
		expect(sharing.capacity(90, view('early', 1))).toBe(SHARED_IN_FLIGHT - 1);
		for (let counter = 11; counter < 83; counter++)
			sharing.onAnswer({ counter, maximum: 150, inFlight: 0, elapsedMs: 1_000 });
		// 75 of its own: no more until late, though 68 are left.
		expect(sharing.capacity(68, view('early'))).toBe(0);
		expect(sharing.capacity(68, view('late'))).toBe(SHARED_IN_FLIGHT);
		sharing.newWindow();
		// Seen in the window before: still half.
		for (let counter = 1; counter <= 75; counter++)
			sharing.onAnswer({ counter, maximum: 150, inFlight: 0, elapsedMs: 1_000 });
		expect(sharing.capacity(75, view('early'))).toBe(0);
	});

	test("past the window's middle, its half taken: what the others' pace so far leaves of the rest, if they were counted in this window", () => {
		const sharing = shared();
		sharing.newWindow();
		// 20 others counted before its first, then 75 of its own: its half, with 55 left.
		for (let counter = 21; counter <= 95; counter++)
			sharing.onAnswer({ counter, maximum: 150, inFlight: 0, elapsedMs: 1_000 });
		const at = (elapsedMs: number, counter = 95): WindowView => ({
			...view('early', 0, elapsedMs),
			counter,
		});
		expect(sharing.capacity(55, at(20_000))).toBe(0);
		// 40 s in: the others' 20 so far means 10 more to come; 55 - 10 - 2 leaves room for two in flight.
		expect(sharing.capacity(55, at(40_000))).toBe(SHARED_IN_FLIGHT);
		// Others at a pace that fills the window (60 in 40 s: 30 to come, 15 left): nothing more.
		sharing.onAnswer({ counter: 135, maximum: 150, inFlight: 0, elapsedMs: 1_000 });
		expect(sharing.capacity(15, at(40_000, 135))).toBe(0);

		// Others counted only in the window before: a process that counts the window from later may
		// still come (the one the half is kept for), so the half holds to the end of the window.
		const quiet = shared();
		quiet.newWindow();
		for (let counter = 1; counter <= 75; counter++)
			quiet.onAnswer({ counter, maximum: 150, inFlight: 0, elapsedMs: 1_000 });
		expect(quiet.capacity(75, at(40_000, 75))).toBe(0);

		// Others first counted 35 s in (a process counting the window from later): their pace only from
		// then, 20 in 5 s, so 80 to come; measured from the window's start it would have left room.
		const late = shared();
		late.newWindow();
		for (let counter = 1; counter <= 75; counter++)
			late.onAnswer({ counter, maximum: 150, inFlight: 0, elapsedMs: 1_000 });
		late.onAnswer({ counter: 96, maximum: 150, inFlight: 0, elapsedMs: 35_000 });
		expect(late.capacity(54, at(40_000, 96))).toBe(0);
	});

	test.each([1_000, 40_000])(
		'others first counted %i ms into the last window: shared in this one until 20 s past that, then, none of them counted, it looks again',
		(othersAtMs) => {
			const sharing = alone();
			sharing.onAnswer({ counter: 10, maximum: 150, inFlight: 0, elapsedMs: othersAtMs });
			sharing.newWindow();
			sharing.onAnswer({ counter: 1, maximum: 150, inFlight: 1, elapsedMs: 1_000 });
			sharing.onAnswer({ counter: 2, maximum: 150, inFlight: 1, elapsedMs: othersAtMs + 19_900 });
			expect(sharing.capacity(146, view('early', 1))).toBe(SHARED_IN_FLIGHT - 1);
			sharing.onAnswer({ counter: 3, maximum: 150, inFlight: 1, elapsedMs: othersAtMs + 20_000 });
			// Half of what is left (150 - 3 - 1 in flight) as one batch, as for a process just started.
			expect(sharing.capacity(146, view('early', 1))).toBe(73);
		},
	);

	test('a whole window with no other counted: it looks again (half of what is left), then is alone, though its requests never all came back at once', () => {
		const sharing = shared();
		sharing.newWindow();
		// The window after others were seen, before they are due: shared, two in flight.
		sharing.onAnswer({ counter: 1, maximum: 150, inFlight: 1, elapsedMs: 1_000 });
		expect(sharing.capacity(148, view('free', 1))).toBe(SHARED_IN_FLIGHT - 1);
		sharing.newWindow();
		// The next window shows only its own requests: one batch of half of what is left.
		sharing.onAnswer({ counter: 1, maximum: 150, inFlight: 1, elapsedMs: 1_000 });
		expect(sharing.alone).toBe(false);
		expect(sharing.capacity(148, view('free', 1))).toBe(74);
		for (let sent = 0; sent < 74; sent++) sharing.onSend();
		expect(sharing.capacity(74, view('free', 75))).toBe(0);
		// Answered with nothing left in flight and no other counted: alone.
		for (let counter = 2; counter <= 76; counter++)
			sharing.onAnswer({ counter, maximum: 150, inFlight: 76 - counter, elapsedMs: 1_000 });
		expect(sharing.alone).toBe(true);
		expect(sharing.capacity(74, view('free'))).toBe(74);
	});
});
