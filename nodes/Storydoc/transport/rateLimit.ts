/**
 * Rate-limit pacing driven by the server's own headers.
 *
 * Storydoc allows 150 version requests per minute per IP and reports on every response
 * `x-rate-limit-counter` (requests counted in the current window) and `x-rate-limit-maximum`. It
 * sends no reset time, and other processes behind the same IP (n8n queue-mode workers) use the same
 * budget, so the pacer never trusts a count of its own: it bursts while the server's counter is below
 * the maximum, then holds requests until the window has ended.
 *
 * When the window ends follows from the API reference ("per minute") and from what this process
 * heard: the window a response was counted in had begun before that response arrived, so it is over
 * one minute after the first response heard from it (a drop of the counter marks a new window).
 * Requests wait for that moment, then one goes first: its answer shows the new window (counter 1)
 * before the others follow. No request is sent just to find out, so a full window costs no 429; a
 * window that did not end when the minute said (a 429 at that moment) is waited out again from
 * that 429.
 *
 * Only where nothing tells when the window began does the pacer probe, with one request at growing
 * intervals (0.25, 0.5, 1 s …), never later than a minute after the last 429: a 429 whose counter is below the
 * maximum (another limit than the window's), and the endpoints whose limit the API reference does
 * not give (their headers report the version counter). A probe that gets 429 costs nothing: the
 * API processes nothing then.
 *
 * Pure state machine: every method takes the current time, so it is unit-tested without waiting.
 */

export const SPEC_WINDOW_MS = 60_000;
const FIRST_PROBE_DELAY_MS = 250;
/** Sent a little after the window must have ended, so clock granularity never makes a request early. */
const RESET_MARGIN_MS = 25;
/** How often requests held behind the first request of a window look again; its answer takes one round trip. */
const PROBE_POLL_MS = 25;

export interface RateLimitHeaders {
	counter?: number;
	maximum?: number;
}

export interface SendTicket {
	sentAt: number;
	/** Sent while the window was believed full: the first request of a new window, or a probe. */
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

	/** When the first response counted in the current window arrived: the window ends by this + a minute. */
	private windowHeardAt?: number;

	private inFlight = 0;

	/** The server answered 429 and no later request has got through yet. */
	private limited = false;

	/** When the latest 429 arrived: a probe goes no later than a minute after it. */
	private refusedHeardAt?: number;

	private probeDelayMs = FIRST_PROBE_DELAY_MS;

	private nextProbeAt?: number;

	private probeInFlight = false;

	/** When the current window is over by, if this process heard from it (for diagnostics and tests). */
	get windowEndsBy(): number | undefined {
		return this.windowHeardAt === undefined ? undefined : this.windowHeardAt + SPEC_WINDOW_MS;
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
			// One request at a time: the others wait for its answer instead of piling up 429s.
			if (this.probeInFlight) return PROBE_POLL_MS;
			this.nextProbeAt ??= this.plannedFirst(now);
			if (this.nextProbeAt > now) return this.nextProbeAt - now;
			this.probeInFlight = true;
			this.nextProbeAt = undefined;
		}
		this.inFlight++;
		return { sentAt: now, probe: full };
	}

	/** The window is full by the server's own count (not some other limit behind a 429). */
	private fullByCount(): boolean {
		return this.maximum !== undefined && this.counter >= this.maximum;
	}

	/** When the first request after a full window goes. */
	private plannedFirst(now: number): number {
		if (this.windowHeardAt !== undefined && (!this.limited || this.fullByCount())) {
			return Math.max(now, this.windowHeardAt + SPEC_WINDOW_MS + RESET_MARGIN_MS);
		}
		const latest = (this.refusedHeardAt ?? now) + SPEC_WINDOW_MS + RESET_MARGIN_MS;
		const probeAt = Math.min(now + this.probeDelayMs, Math.max(latest, now));
		this.probeDelayMs *= 2;
		return probeAt;
	}

	/** The request failed before any answer (network error, timeout): nothing was learned. */
	onNoResponse(ticket: SendTicket): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (ticket.probe) this.probeInFlight = false;
	}

	/**
	 * @param receivedAt when the answer arrived (defaults to the send time, for callers that do not
	 * know it): the window it was counted in had begun by then.
	 */
	onResponse(
		ticket: SendTicket,
		observed: RateLimitHeaders,
		rateLimited: boolean,
		receivedAt = ticket.sentAt,
	): void {
		this.onNoResponse(ticket);
		const headers = this.paceFromHeaders ? observed : {};
		if (headers.maximum !== undefined && headers.maximum > 0) this.maximum = headers.maximum;
		// An older request answered late: its counter belongs to a moment already superseded.
		if (ticket.sentAt < this.lastObservedSentAt) return;
		this.lastObservedSentAt = ticket.sentAt;

		if (headers.counter !== undefined) {
			// The first answer heard from a window: the first ever, one whose counter dropped (a new
			// window), or a 429 to the first request after a window that should have ended (a window
			// this process did not see begin).
			const newWindow = this.windowHeardAt === undefined || headers.counter < this.counter;
			if (newWindow || (rateLimited && ticket.probe)) this.windowHeardAt = receivedAt;
			this.counter = headers.counter;
		}

		if (rateLimited) {
			this.refusedHeardAt = receivedAt;
			this.limited = true;
			return;
		}
		// A request got through after 429s: that episode is over, and the next one probes from the
		// shortest delay again.
		this.limited = false;
		this.refusedHeardAt = undefined;
		this.probeDelayMs = FIRST_PROBE_DELAY_MS;
		this.nextProbeAt = undefined;
	}
}

const pacers = new Map<string, RateLimitPacer>();

/**
 * One pacer per API and group of endpoints, shared by every item and every execution in this n8n
 * instance (an n8n main or one queue-mode worker). Storydoc documents the limit (and so the meaning of
 * the counter headers) for the version endpoints and for story generation: they are paced from the
 * headers; the other groups just wait out a 429, each on its own, so a busy analytics export never
 * holds back version creation or the other way round.
 */
export function pacerFor(
	baseUrl: string,
	path: string,
	credentialId?: string | null,
): RateLimitPacer {
	// Generation has its own limit, per organization: one pacer per credential, from the headers.
	const generate = path.startsWith('/v2/stories/generate');
	const group = generate
		? `stories/generate ${credentialId ?? ''}`
		: (/^\/v2\/([^/?]+)/.exec(path)?.[1] ?? path);
	const key = `${baseUrl} ${group}`;
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new RateLimitPacer(group === 'versions' || generate);
		pacers.set(key, pacer);
	}
	return pacer;
}
