// Whether other processes spend the same rate-limit window: docs/development.md › Design notes.

/** Requests one process keeps in flight while another may be using the same window. */
export const SHARED_IN_FLIGHT = 2;
/** Another process seen this long ago still counts as sharing. */
const SHARED_MEMORY_WINDOWS = 2;
/** Round trips of an old view the reserve covers: past that, idle gaps would hold requests for a whole window. */
const STALE_ROUND_TRIPS_COVERED = 2;

type Mode = 'unknown' | 'alone' | 'shared';

export interface WindowView {
	maximum: number;
	counter: number;
	inFlight: number;
	/** Round trips since the request that showed `counter` was sent. */
	staleRoundTrips: number;
}

export interface WindowAnswer {
	counter: number;
	maximum: number;
	/** Own requests still unanswered, this one excluded. */
	inFlight: number;
	at: number;
	windowMs: number;
}

export class WindowSharing {
	private mode: Mode = 'unknown';

	/** Unknown: one batch of half of what is left, then nothing until it is answered. */
	private batchLeft = 0;

	private batchSent = false;

	private sharedSeenAt?: number;

	/** Counters of this process's answered requests in the current window. */
	private ownCounters: number[] = [];

	/** Every request counted in the window was this process's own, and no other was seen lately. */
	get alone(): boolean {
		return this.mode === 'alone';
	}

	/** Nothing heard for a while: who else sends is unknown again. */
	reset() {
		this.mode = 'unknown';
		this.batchLeft = 0;
		this.batchSent = false;
	}

	newWindow() {
		this.ownCounters = [];
	}

	/** How many requests may go now, of the `left` the count allows. */
	capacity(left: number, view: WindowView): number {
		if (this.mode === 'alone') return left;
		if (this.mode === 'unknown') return Math.min(left, this.batchLeft);
		const reserve =
			SHARED_IN_FLIGHT * (1 + Math.min(view.staleRoundTrips, STALE_ROUND_TRIPS_COVERED));
		return Math.min(SHARED_IN_FLIGHT - view.inFlight, left - reserve);
	}

	onSend() {
		if (this.mode !== 'unknown') return;
		this.batchLeft--;
		this.batchSent = true;
	}

	onAnswer(answer: WindowAnswer) {
		// Counters are unique in a window: those below this one that are not this process's are others'.
		const ownBelow = this.ownCounters.filter((counter) => counter < answer.counter).length;
		const others = answer.counter - 1 - ownBelow - answer.inFlight;
		this.ownCounters.push(answer.counter);
		if (others > 0) {
			this.sharedSeenAt = answer.at;
			this.mode = 'shared';
			return;
		}
		const sharedLately =
			this.sharedSeenAt !== undefined &&
			answer.at - this.sharedSeenAt < SHARED_MEMORY_WINDOWS * answer.windowMs;
		// Only with nothing in flight is the count exact: then no other process counted means alone.
		if (answer.inFlight > 0 || this.mode === 'alone' || sharedLately) return;
		if (this.mode === 'unknown' && this.batchSent) {
			this.mode = 'alone';
			return;
		}
		this.mode = 'unknown';
		this.batchLeft = Math.floor(Math.max(0, answer.maximum - answer.counter) / 2);
		this.batchSent = false;
	}
}
