// Pacing from the server's rate-limit headers (no reset time given): docs/development.md › Design notes.
import { FIRST_ALONE_MAX_MS } from '../constants';
import type { WindowPhase } from './windowSharing';
import { DOOR_SLOTS, OTHERS_PACE_FROM_MS, SPEC_WINDOW_MS, WindowSharing } from './windowSharing';

export { SPEC_WINDOW_MS };
const FIRST_PROBE_DELAY_MS = 250;
// Timer granularity must never send the first request of a new window early.
const RESET_MARGIN_MS = 25;
const PROBE_POLL_MS = 25;
/** A process waiting for its own window's end opens the next within this; later, it is a cold start. */
const OWN_WINDOW_ON_TIME_MS = 1_000;
/** An early probe is worth one 429 only when the window's end is this many round trips uncertain. */
const EARLY_PROBE_ROUND_TRIPS = 4;

export interface RateLimitHeaders {
	counter?: number;
	maximum?: number;
}

export interface ItemQueue {
	readonly waiting: number;
}

export interface SendTicket {
	sentAt: number;
	/** Sent while the window was believed full: a new window's first request, or a probe. */
	probe: boolean;
	early?: boolean;
}

export class RateLimitPacer {
	/** `paceFromHeaders` false: only a 429 holds requests back; `coldReleaseMs`: see "A cold start". */
	constructor(
		private readonly paceFromHeaders = true,
		private readonly coldReleaseMs = Number.POSITIVE_INFINITY,
	) {}

	private maximum?: number;

	private counter = 0;

	/** The request whose answer showed `counter`: when it was sent. */
	private counterSentAt = Number.NEGATIVE_INFINITY;

	private heardThisWindow: Array<{ counter: number; at: number }> = [];

	/** Joined late (others had half the window when first heard): the window began after this. */
	private lateJoinBeganAfter?: number;

	private lastCountedSentAt = Number.NEGATIVE_INFINITY;

	private earlyProbeRefused = false;

	private earlyProbePlanned = false;

	/** The first response heard from the current window: that window ends within a minute of it. */
	private windowHeardAt?: number;

	private lastHeardAt?: number;

	/** The next window opened as its own, on time: as fresh as an answer (Design notes). */
	private ownWindowOpenedAt?: number;

	private minRoundTripMs = Number.POSITIVE_INFINITY;

	private roundTripMs?: number;

	private readonly inFlight = new Set<SendTicket>();

	private readonly sharing = new WindowSharing();

	private limited = false;

	private refusedHeardAt?: number;

	private probeDelayMs = FIRST_PROBE_DELAY_MS;

	private nextProbeAt?: number;

	private probeInFlight = false;

	private passedCount = 0;

	private readonly queues = new Set<ItemQueue>();

	private waiters = 0;

	get passed(): number {
		return this.passedCount;
	}

	get windowEndsBy(): number | undefined {
		return this.windowHeardAt === undefined ? undefined : this.windowHeardAt + SPEC_WINDOW_MS;
	}

	/** Nothing heard for a whole window: how much of it is left, and who else uses it, is unknown. */
	private isCold(now: number) {
		const freshAt = Math.max(
			this.lastHeardAt ?? Number.NEGATIVE_INFINITY,
			this.ownWindowOpenedAt ?? Number.NEGATIVE_INFINITY,
		);
		return now - freshAt > SPEC_WINDOW_MS;
	}

	private capacity(now: number): number {
		if (!this.paceFromHeaders) return Number.POSITIVE_INFINITY;
		// One request goes first; its answer shows what is left of the window.
		if (this.isCold(now)) {
			if (this.inFlight.size === 0) return 1;
			const oldest = Math.min(...[...this.inFlight].map((ticket) => ticket.sentAt));
			if (now - oldest < this.coldReleaseMs) return 0;
			return (this.maximum ?? Number.POSITIVE_INFINITY) - this.inFlight.size;
		}
		if (this.maximum === undefined) return Number.POSITIVE_INFINITY;
		const left = this.maximum - this.counter - this.inFlight.size;
		return this.sharing.capacity(left, {
			maximum: this.maximum,
			counter: this.counter,
			inFlight: this.inFlight.size,
			staleRoundTrips: Math.ceil(
				Math.max(0, now - this.counterSentAt) / Math.max(1, this.minRoundTripMs),
			),
			phase: this.phase(now),
			elapsedMs: this.sinceWindowHeard(now),
		});
	}

	private demand(): number {
		let queued = 0;
		for (const queue of this.queues) {
			if (queue.waiting <= 0) this.queues.delete(queue);
			else queued += queue.waiting;
		}
		return this.waiters + queued;
	}

	/** More to send than the window has left: only then is room kept for others. */
	private phase(now: number): WindowPhase {
		const left = (this.maximum ?? Number.POSITIVE_INFINITY) - this.counter - this.inFlight.size;
		if (this.demand() <= left || !this.roomFitsWindow()) return 'free';
		if (this.windowEndsBy === undefined) return 'early';
		if (now >= this.windowEndsBy - 2 * this.typicalRoundTrip()) return 'closing';
		return now >= this.lateFrom() ? 'late' : 'early';
	}

	private keepingRoom(now: number): boolean {
		return this.sharing.keepsRoom && this.phase(now) === 'early';
	}

	private sinceWindowHeard(now: number): number {
		return now - (this.windowHeardAt ?? now);
	}

	private roomCheckAt(now: number): number {
		if (this.sharing.alone) return this.lateFrom();
		const paceFrom = (this.windowHeardAt ?? now) + OTHERS_PACE_FROM_MS;
		return Math.min(this.lateFrom(), Math.max(paceFrom, now + this.typicalRoundTrip()));
	}

	private lateFrom(): number {
		const end = this.windowEndsBy ?? Number.POSITIVE_INFINITY;
		return end - (DOOR_SLOTS + 2) * this.typicalRoundTrip();
	}

	/** Slow answers (a generation's 30 to 90 s) leave no time late in a window for the door. */
	private roomFitsWindow(): boolean {
		return 2 * (DOOR_SLOTS + 2) * this.typicalRoundTrip() < SPEC_WINDOW_MS;
	}

	private typicalRoundTrip(): number {
		return Math.max(1, this.roundTripMs ?? this.minRoundTripMs);
	}

	startWaiting() {
		this.waiters++;
	}

	stopWaiting() {
		this.waiters--;
	}

	private fullByCount(): boolean {
		return this.maximum !== undefined && this.counter >= this.maximum;
	}

	/** A ticket to send now, or ms to wait; one synchronous step, so no two callers take the last slot. */
	reserve(now: number, queue?: ItemQueue): SendTicket | number {
		if (queue && queue.waiting > 0) this.queues.add(queue);
		if (this.ownsNextWindow(now)) this.openOwnWindow(now);
		const full = this.limited || this.capacity(now) < 1;
		if (full) {
			// One request tests a full window; the others wait for its answer instead of piling up 429s.
			if (this.probeInFlight) return PROBE_POLL_MS;
			// Held back by what is in flight (a share, a batch, the first request): its answers tell more.
			if (!this.limited && this.inFlight.size > 0) return PROBE_POLL_MS;
			const earlyProbeAt = this.earlyProbeAt() ?? Number.POSITIVE_INFINITY;
			if (!this.limited && !this.fullByCount() && this.keepingRoom(now) && earlyProbeAt > now)
				return Math.max(PROBE_POLL_MS, Math.min(this.roomCheckAt(now), earlyProbeAt) - now);
			this.nextProbeAt ??= this.plannedFirst(now);
			if (this.nextProbeAt > now) return this.nextProbeAt - now;
			this.probeInFlight = true;
			this.nextProbeAt = undefined;
		}
		const ticket: SendTicket = { sentAt: now, probe: full };
		if (full && this.earlyProbePlanned) ticket.early = true;
		this.earlyProbePlanned = false;
		this.inFlight.add(ticket);
		if (!this.isCold(now)) this.sharing.onSend();
		return ticket;
	}

	/** Alone, its window full and over, nothing in flight: the next window is all its own (Design notes). */
	private ownsNextWindow(now: number): boolean {
		return (
			this.paceFromHeaders &&
			!this.limited &&
			this.fullByCount() &&
			this.inFlight.size === 0 &&
			this.sharing.alone &&
			this.windowEndsBy !== undefined &&
			now >= this.windowEndsBy + RESET_MARGIN_MS
		);
	}

	private openOwnWindow(now: number) {
		if (now - (this.windowEndsBy ?? now) <= OWN_WINDOW_ON_TIME_MS) this.ownWindowOpenedAt = now;
		this.counter = 0;
		this.windowHeardAt = undefined;
		this.heardThisWindow = [];
		this.nextProbeAt = undefined;
		this.sharing.newWindow();
	}

	private plannedFirst(now: number): number {
		if (this.windowHeardAt !== undefined && (!this.limited || this.fullByCount())) {
			const early = this.earlyProbeAt();
			this.earlyProbePlanned = early !== undefined;
			return Math.max(now, early ?? this.windowHeardAt + SPEC_WINDOW_MS + RESET_MARGIN_MS);
		}
		const latest = (this.refusedHeardAt ?? now) + SPEC_WINDOW_MS + RESET_MARGIN_MS;
		const probeAt = Math.min(now + this.probeDelayMs, Math.max(latest, now));
		this.probeDelayMs *= 2;
		return probeAt;
	}

	/** Joined late: the window ends between its last request counted and a minute after its first answer. */
	private earlyProbeAt(): number | undefined {
		if (this.lateJoinBeganAfter === undefined || this.windowEndsBy === undefined) return undefined;
		if (this.earlyProbeRefused) return undefined;
		const earliest = Math.max(this.lateJoinBeganAfter + SPEC_WINDOW_MS, this.lastCountedSentAt);
		const latest = this.windowEndsBy + RESET_MARGIN_MS;
		if (latest - earliest <= EARLY_PROBE_ROUND_TRIPS * this.typicalRoundTrip()) return undefined;
		return (earliest + latest) / 2;
	}

	onNoResponse(ticket: SendTicket): void {
		if (!this.inFlight.delete(ticket)) return;
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
		if (headers.counter !== undefined)
			this.observeCounter(ticket, headers.counter, rateLimited, receivedAt);

		if (rateLimited) {
			this.refusedHeardAt = receivedAt;
			this.limited = true;
			return;
		}
		this.passedCount++;
		this.limited = false;
		this.refusedHeardAt = undefined;
		this.probeDelayMs = FIRST_PROBE_DELAY_MS;
		this.nextProbeAt = undefined;
	}

	/** Its last window waited out, others already had half of this one: it began after that one ended. */
	private beginWindow(ticket: SendTicket, counter: number, at: number) {
		const lastEndedAfter = Math.max(
			(this.lateJoinBeganAfter ?? Number.NEGATIVE_INFINITY) + SPEC_WINDOW_MS,
			this.lastCountedSentAt,
		);
		const waitedOut = this.windowEndsBy !== undefined && ticket.sentAt >= this.windowEndsBy;
		const joinedLate =
			waitedOut &&
			this.maximum !== undefined &&
			counter - 1 - this.inFlight.size >= this.maximum / 2;
		this.lateJoinBeganAfter = joinedLate ? lastEndedAfter : undefined;
		this.lastCountedSentAt = ticket.sentAt;
		this.earlyProbeRefused = false;
		this.windowHeardAt = at;
		this.heardThisWindow = [];
	}

	private observeCounter(ticket: SendTicket, counter: number, rateLimited: boolean, at: number) {
		if (this.isCold(at)) this.sharing.reset();
		this.lastHeardAt = at;
		this.minRoundTripMs = Math.min(this.minRoundTripMs, at - ticket.sentAt);
		this.roundTripMs = 0.8 * (this.roundTripMs ?? at - ticket.sentAt) + 0.2 * (at - ticket.sentAt);
		// Answers come in any order: a lower counter is a new window only if sent after a higher was heard.
		const newCount =
			this.windowHeardAt === undefined ||
			ticket.sentAt >= this.windowHeardAt + SPEC_WINDOW_MS ||
			this.heardThisWindow.some((heard) => counter < heard.counter && ticket.sentAt >= heard.at);
		// A 429 to a probe at the window's latest end: a window this process did not see begin.
		const newWindow = newCount || (rateLimited && ticket.probe && !ticket.early);
		if (newWindow) this.beginWindow(ticket, counter, at);
		else this.lastCountedSentAt = Math.max(this.lastCountedSentAt, ticket.sentAt);
		if (rateLimited && ticket.early) this.earlyProbeRefused = true;
		this.heardThisWindow.push({ counter, at });
		if (newCount) this.sharing.newWindow();
		if (newWindow || counter >= this.counter) {
			this.counter = counter;
			this.counterSentAt = newWindow ? ticket.sentAt : Math.max(this.counterSentAt, ticket.sentAt);
		}
		if (this.maximum !== undefined) {
			this.sharing.onAnswer({
				counter,
				maximum: this.maximum,
				inFlight: this.inFlight.size,
				elapsedMs: this.sinceWindowHeard(at),
				allFit: this.demand() <= this.maximum - counter - this.inFlight.size,
			});
		}
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
		// A generation still out past a refusal's time passed Storydoc's checks: see FIRST_ALONE_MAX_MS.
		pacer = new RateLimitPacer(
			group === 'versions' || generate,
			generate ? FIRST_ALONE_MAX_MS : undefined,
		);
		pacers.set(key, pacer);
	}
	return pacer;
}
