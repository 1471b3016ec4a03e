import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { EventCursor } from './eventCursor';

/**
 * Polls of one trigger started from the same saved state: n8n runs them side by side when several
 * Poll Times entries fire at one instant, or when its durable scheduler catches up missed poll
 * times after a restart, and commits each one's cursor without comparing it to the other's. Only
 * the first reads; the others emit nothing. docs/development.md › Two polls from one saved state.
 */

/** How long a poll that emitted keeps its siblings out: until n8n has committed its execution. */
const MIN_HOLD_MS = 2 * 60_000;

interface Claim {
	/** The saved state's token the poll started from. */
	token: string;
	/** Still reading, or (when false) done until `until`, its result on the way to n8n's database. */
	running: boolean;
	until: number;
}

/** Per workflow and trigger node, in this n8n process (the one that polls). */
const claims = new Map<string, Claim>();

export interface PollClaim {
	/**
	 * The poll emits: its state gets a new token (polls from it read), and polls from the state it
	 * read are kept out for the hold, since n8n commits the execution only after the poll returns.
	 */
	emitted(staticData: IDataObject): void;
	/**
	 * The poll failed, or emits nothing: a sibling may read (whatever it saves, n8n has committed
	 * this poll's state by now, and it emitted nothing a sibling could emit again).
	 */
	release(): void;
}

/** A fresh token for the state a poll saves: the next poll that starts from it is told apart. */
const newToken = (now: number) => `${now.toString(36)}.${Math.random().toString(36).slice(2)}`;

/**
 * The right to read from the saved state, or undefined when a sibling poll of the same state has it
 * (read or reading). Called before any await, so two polls started together cannot both get it.
 */
export function claimPoll(
	context: IPollFunctions,
	staticData: IDataObject,
	cursor: EventCursor,
	now: number,
	budgetMs: number,
): PollClaim | undefined {
	const key = `${context.getWorkflow().id ?? ''} ${context.getNode().id}`;
	for (const [other, claim] of claims)
		if (!claim.running && claim.until < now) claims.delete(other);
	// A state saved before any poll moved it has no token yet: its cursor tells it apart.
	const token =
		typeof staticData.pollToken === 'string'
			? staticData.pollToken
			: `cursor ${cursor.timestamp} ${cursor.seen.join(' ')}`;
	const held = claims.get(key);
	if (held && held.token === token) return undefined;
	const claim: Claim = { token, running: true, until: Number.POSITIVE_INFINITY };
	claims.set(key, claim);
	const hold = Math.max(MIN_HOLD_MS, 2 * (Number.isFinite(budgetMs) ? budgetMs : 0));
	return {
		emitted(saved) {
			saved.pollToken = newToken(now);
			claim.running = false;
			claim.until = Date.now() + hold;
		},
		release() {
			if (claims.get(key) === claim) claims.delete(key);
		},
	};
}
