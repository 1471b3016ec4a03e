/**
 * Rate-limit pacing driven by the server's own headers.
 *
 * Storydoc allows 150 version requests per minute per IP and reports on every response
 * `x-rate-limit-counter` (requests counted in the current window) and `x-rate-limit-maximum`. It
 * sends no reset time, and other processes behind the same IP (n8n queue-mode workers) use the same
 * budget, so the pacer never trusts a count of its own: it bursts while the server's counter is below
 * the maximum, then holds requests until the window has reset. When the window resets is estimated
 * from what the headers showed:
 * - a window starts at the latest at the send time of the first request seen counted in it (a drop
 *   of the counter marks a new window);
 * - the window length is learned from two consecutive window starts whenever the first one was
 *   observed exactly (its first request was counted as 1); until then, and whenever an estimate
 *   proves short, the pacer probes with one request at growing intervals, never later than the
 *   minute the spec gives. A probe that gets 429 costs nothing: the API processes nothing then.
 *
 * Pure state machine: every method takes the current time, so it is unit-tested without waiting.
 */

export const SPEC_WINDOW_MS = 60_000;
/** Shortest window the pacer will believe; guards against a measurement taken across a hiccup. */
const MIN_WINDOW_MS = 200;
const FIRST_PROBE_DELAY_MS = 250;
/** Sent a little after the estimated reset, so clock granularity never makes a request early. */
const RESET_MARGIN_MS = 20;
/** How often requests held behind a probe look again; a probe's answer takes one round trip. */
const PROBE_POLL_MS = 25;

export interface RateLimitHeaders {
	counter?: number;
	maximum?: number;
}

export interface SendTicket {
	sentAt: number;
	/** Sent while the window was believed full, to find out whether it has reset. */
	probe: boolean;
}

export class RateLimitPacer {
	/**
	 * @param paceFromHeaders whether the counter headers describe this group's own limit. Otherwise
	 * (endpoints whose limit the spec does not give; the headers may report the version counter) only
	 * a 429 holds requests back.
	 */
	constructor(private readonly paceFromHeaders = true) {}

	private maximum?: number;

	/** The counter of the most recent request (in send order) that the server answered. */
	private counter = 0;

	private lastObservedSentAt = Number.NEGATIVE_INFINITY;

	/** Upper bound of the current window's start: the send time of our first request counted in it. */
	private windowStart?: number;

	/** Whether that first request was the window's first (counter 1), so the start is exact. */
	private windowStartExact = false;

	private windowMs?: number;

	private inFlight = 0;

	/** The server answered 429 and no later request has got through yet. */
	private limited = false;

	private probeDelayMs = FIRST_PROBE_DELAY_MS;

	private nextProbeAt?: number;

	private probeInFlight = false;

	/** The learned window length, if any (for diagnostics and tests). */
	get learnedWindowMs(): number | undefined {
		return this.windowMs;
	}

	private isFull(): boolean {
		if (this.limited) return true;
		return this.maximum !== undefined && this.counter + this.inFlight >= this.maximum;
	}

	/**
	 * Takes the slot for one request: a ticket when it may be sent now, otherwise the milliseconds to
	 * wait before asking again. Deciding and taking are one synchronous step, so concurrent executions
	 * in this process never both take the last slot.
	 */
	reserve(now: number): SendTicket | number {
		const full = this.isFull();
		if (full) {
			// One probe at a time: the others wait for its answer instead of piling up 429s.
			if (this.probeInFlight) return PROBE_POLL_MS;
			this.nextProbeAt ??= this.plannedProbe(now);
			if (this.nextProbeAt > now) return this.nextProbeAt - now;
			this.probeInFlight = true;
			this.nextProbeAt = undefined;
		}
		this.inFlight++;
		return { sentAt: now, probe: full };
	}

	private plannedProbe(now: number): number {
		const start = this.windowStart ?? now;
		if (this.windowMs !== undefined) {
			const estimatedReset = start + this.windowMs + RESET_MARGIN_MS;
			if (estimatedReset > now) return estimatedReset;
		}
		const latestReset = start + SPEC_WINDOW_MS + RESET_MARGIN_MS;
		const probeAt = Math.min(now + this.probeDelayMs, Math.max(latestReset, now));
		this.probeDelayMs *= 2;
		return probeAt;
	}

	/** The request failed before any answer (network error, timeout): nothing was learned. */
	onNoResponse(ticket: SendTicket): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (ticket.probe) this.probeInFlight = false;
	}

	onResponse(ticket: SendTicket, observed: RateLimitHeaders, rateLimited: boolean): void {
		this.onNoResponse(ticket);
		const headers = this.paceFromHeaders ? observed : {};
		if (headers.maximum !== undefined && headers.maximum > 0) this.maximum = headers.maximum;
		// An older request answered late: its counter belongs to a moment already superseded.
		if (ticket.sentAt < this.lastObservedSentAt) return;
		this.lastObservedSentAt = ticket.sentAt;

		if (rateLimited) {
			// A probe sent at the estimated reset was refused: the estimate is wrong, learn it again.
			if (ticket.probe) this.windowMs = undefined;
			this.limited = true;
			if (headers.counter !== undefined) this.counter = headers.counter;
			return;
		}
		// A request got through after 429s: that episode is over, and the next one probes from the
		// shortest delay again. (Without counter headers, as on the endpoints paced by 429s only, no
		// new window is ever seen to reset it, and every later episode would wait longer.)
		if (this.limited) this.probeDelayMs = FIRST_PROBE_DELAY_MS;
		this.limited = false;
		this.nextProbeAt = undefined;
		if (headers.counter === undefined) return;

		if (this.windowStart === undefined || headers.counter < this.counter) {
			if (this.windowStart !== undefined && this.windowStartExact) {
				const measured = ticket.sentAt - this.windowStart;
				const shortest = Math.min(this.windowMs ?? measured, measured);
				this.windowMs = Math.min(SPEC_WINDOW_MS, Math.max(MIN_WINDOW_MS, shortest));
			}
			this.windowStart = ticket.sentAt;
			this.windowStartExact = headers.counter <= 1;
			this.probeDelayMs = FIRST_PROBE_DELAY_MS;
		}
		this.counter = headers.counter;
	}
}

const pacers = new Map<string, RateLimitPacer>();

/**
 * One pacer per API and group of endpoints, shared by every item and every execution in this n8n
 * instance (an n8n main or one queue-mode worker). The spec gives the limit (and so the meaning of the
 * counter headers) for the version endpoints only: they are paced from the headers; the other
 * groups just wait out a 429, each on its own, so a busy analytics export never holds back version
 * creation or the other way round.
 */
export function pacerFor(baseUrl: string, path: string): RateLimitPacer {
	const group = /^\/v2\/([^/?]+)/.exec(path)?.[1] ?? path;
	const key = `${baseUrl} ${group}`;
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new RateLimitPacer(group === 'versions');
		pacers.set(key, pacer);
	}
	return pacer;
}
