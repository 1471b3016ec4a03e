// Pacing from the server's rate-limit headers (no reset time given): docs/development.md › Design notes.

export const SPEC_WINDOW_MS = 60_000;
const FIRST_PROBE_DELAY_MS = 250;
// Timer granularity must never send the first request of a new window early.
const RESET_MARGIN_MS = 25;
const PROBE_POLL_MS = 25;

export interface RateLimitHeaders {
	counter?: number;
	maximum?: number;
}

export interface SendTicket {
	sentAt: number;
	/** Sent while the window was believed full: a new window's first request, or a probe. */
	probe: boolean;
}

export class RateLimitPacer {
	/** Without `paceFromHeaders` (the headers may count another group) only a 429 holds requests back. */
	constructor(private readonly paceFromHeaders = true) {}

	private maximum?: number;

	private counter = 0;

	private lastObservedSentAt = Number.NEGATIVE_INFINITY;

	/** The first response heard from the current window: that window ends within a minute of it. */
	private windowHeardAt?: number;

	private inFlight = 0;

	private limited = false;

	private refusedHeardAt?: number;

	private probeDelayMs = FIRST_PROBE_DELAY_MS;

	private nextProbeAt?: number;

	private probeInFlight = false;

	get windowEndsBy(): number | undefined {
		return this.windowHeardAt === undefined ? undefined : this.windowHeardAt + SPEC_WINDOW_MS;
	}

	private isFull(): boolean {
		if (this.limited) return true;
		return this.maximum !== undefined && this.counter + this.inFlight >= this.maximum;
	}

	/** A ticket to send now, or ms to wait; one synchronous step, so no two executions take the last slot. */
	reserve(now: number): SendTicket | number {
		const full = this.isFull();
		if (full) {
			// One request tests a full window; the others wait for its answer instead of piling up 429s.
			if (this.probeInFlight) return PROBE_POLL_MS;
			this.nextProbeAt ??= this.plannedFirst(now);
			if (this.nextProbeAt > now) return this.nextProbeAt - now;
			this.probeInFlight = true;
			this.nextProbeAt = undefined;
		}
		this.inFlight++;
		return { sentAt: now, probe: full };
	}

	private fullByCount(): boolean {
		return this.maximum !== undefined && this.counter >= this.maximum;
	}

	private plannedFirst(now: number): number {
		if (this.windowHeardAt !== undefined && (!this.limited || this.fullByCount())) {
			return Math.max(now, this.windowHeardAt + SPEC_WINDOW_MS + RESET_MARGIN_MS);
		}
		const latest = (this.refusedHeardAt ?? now) + SPEC_WINDOW_MS + RESET_MARGIN_MS;
		const probeAt = Math.min(now + this.probeDelayMs, Math.max(latest, now));
		this.probeDelayMs *= 2;
		return probeAt;
	}

	onNoResponse(ticket: SendTicket): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (ticket.probe) this.probeInFlight = false;
	}

	onResponse(
		ticket: SendTicket,
		observed: RateLimitHeaders,
		rateLimited: boolean,
		receivedAt = ticket.sentAt,
	): void {
		this.onNoResponse(ticket);
		const headers = this.paceFromHeaders ? observed : {};
		if (headers.maximum !== undefined && headers.maximum > 0) this.maximum = headers.maximum;
		// An older request answered late: its counter is already superseded.
		if (ticket.sentAt < this.lastObservedSentAt) return;
		this.lastObservedSentAt = ticket.sentAt;

		if (headers.counter !== undefined) {
			// A new window: the first answer, a dropped counter, or a 429 to a probe (a window not seen begin).
			const newWindow = this.windowHeardAt === undefined || headers.counter < this.counter;
			if (newWindow || (rateLimited && ticket.probe)) this.windowHeardAt = receivedAt;
			this.counter = headers.counter;
		}

		if (rateLimited) {
			this.refusedHeardAt = receivedAt;
			this.limited = true;
			return;
		}
		this.limited = false;
		this.refusedHeardAt = undefined;
		this.probeDelayMs = FIRST_PROBE_DELAY_MS;
		this.nextProbeAt = undefined;
	}
}

const pacers = new Map<string, RateLimitPacer>();

/** One pacer per base URL and endpoint group, shared by every execution in this n8n instance. */
export function pacerFor(
	baseUrl: string,
	path: string,
	credentialId?: string | null,
): RateLimitPacer {
	// Generation's limit is per organization: one pacer per credential.
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
