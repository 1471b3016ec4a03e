// Whether other processes spend the same rate-limit window: docs/development.md › Design notes.

/** Requests one process keeps in flight while another may be using the same window. */
export const SHARED_IN_FLIGHT = 2;
/** Round trips of an old view the reserve covers: past that, idle gaps would hold requests for a whole window. */
const STALE_ROUND_TRIPS_COVERED = 2;
export const DOOR_SLOTS = 2;
export const SPEC_WINDOW_MS = 60_000;
export const OTHERS_PACE_FROM_MS = SPEC_WINDOW_MS / 2;
const OTHERS_LATE_BY_MS = 20_000;
/** When all its items fit in what is left, others late by this much cost less than a window two at a time. */
const OTHERS_LATE_WHEN_ALL_FIT_MS = 5_000;

/** Room kept for others by a process with more to send than the window has left: Design notes. */
export type WindowPhase = 'free' | 'early' | 'late' | 'closing';

type Mode = 'unknown' | 'alone' | 'shared';

export interface WindowView {
	maximum: number;
	counter: number;
	inFlight: number;
	/** Round trips since the request that showed `counter` was sent. */
	staleRoundTrips: number;
	phase: WindowPhase;
	elapsedMs: number;
}

export interface WindowAnswer {
	counter: number;
	maximum: number;
	/** Own requests still unanswered, this one excluded. */
	inFlight: number;
	elapsedMs: number;
	allFit?: boolean;
}

export class WindowSharing {
	private mode: Mode = 'unknown';

	/** Unknown: one batch of half of what is left, then nothing until it is answered. */
	private batchLeft = 0;

	private batchSent = false;

	/** Counters of this process's answered requests in the current window. */
	private ownCounters: number[] = [];

	/** When others were first counted in this window (none: undefined); their pace runs from then, as one counting the window from later starts late. */
	private othersSinceMs?: number;

	private othersLastWindowSinceMs?: number;

	/** Every request counted in this window and the last was this process's own. */
	get alone(): boolean {
		return this.mode === 'alone';
	}

	get keepsRoom(): boolean {
		return this.mode === 'alone' || this.othersLately;
	}

	private get othersLately(): boolean {
		return this.othersSinceMs !== undefined || this.othersLastWindowSinceMs !== undefined;
	}

	/** Nothing heard for a while: who else sends is unknown again. */
	reset() {
		this.mode = 'unknown';
		this.batchLeft = 0;
		this.batchSent = false;
	}

	newWindow() {
		this.ownCounters = [];
		this.othersLastWindowSinceMs = this.othersSinceMs;
		this.othersSinceMs = undefined;
	}

	/** How many requests may go now, of the `left` the count allows. */
	capacity(left: number, view: WindowView): number {
		const keeping = this.keepsRoom && view.phase !== 'free';
		if (keeping && view.phase === 'closing') return 0;
		if (this.mode === 'alone') {
			if (!keeping) return left;
			// The door: a joining process gets in early; one at a time late, so this one sees it.
			return view.phase === 'early' ? left - DOOR_SLOTS : Math.min(left, 1 - view.inFlight);
		}
		if (this.mode === 'unknown') return Math.min(left, this.batchLeft);
		const reserve =
			SHARED_IN_FLIGHT * (1 + Math.min(view.staleRoundTrips, STALE_ROUND_TRIPS_COVERED));
		const shared = Math.min(SHARED_IN_FLIGHT - view.inFlight, left - reserve);
		if (!keeping || view.phase !== 'early') return shared;
		const half = Math.ceil(view.maximum / 2) - this.ownCounters.length - view.inFlight;
		const since = this.othersSinceMs;
		if (half > 0 || since === undefined || view.elapsedMs < OTHERS_PACE_FROM_MS)
			return Math.min(shared, half);
		const others = Math.max(0, view.counter - this.ownCounters.length);
		const pacedFor = Math.max(1, view.elapsedMs - since);
		const theirsToCome = Math.ceil((others * (SPEC_WINDOW_MS - view.elapsedMs)) / pacedFor);
		return Math.max(0, Math.min(shared, left - theirsToCome - SHARED_IN_FLIGHT));
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
			this.othersSinceMs ??= answer.elapsedMs;
			this.mode = 'shared';
			return;
		}
		if (this.mode === 'alone' || this.othersSinceMs !== undefined) return;
		// None counted yet, and those of the last window are late by OTHERS_LATE_BY_MS: look again.
		if (this.mode === 'shared') {
			const lastSince = this.othersLastWindowSinceMs;
			const lateBy = answer.allFit ? OTHERS_LATE_WHEN_ALL_FIT_MS : OTHERS_LATE_BY_MS;
			if (lastSince !== undefined && answer.elapsedMs < lastSince + lateBy) return;
			return this.lookAgain(answer.maximum - answer.counter - answer.inFlight);
		}
		// Only with nothing in flight is the count exact: then no other process counted means alone.
		if (answer.inFlight > 0) return;
		if (this.batchSent) {
			this.mode = 'alone';
			return;
		}
		this.lookAgain(answer.maximum - answer.counter);
	}

	private lookAgain(left: number) {
		this.mode = 'unknown';
		this.batchLeft = Math.floor(Math.max(0, left) / 2);
		this.batchSent = false;
	}
}
