import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { EventCursor } from './cursor';

// Polls of one trigger started together from one saved state: docs/development.md › Two polls from one saved state.

/** How long a poll that emitted keeps polls from the state it read out: n8n commits after it returns. */
const MIN_HOLD_MS = 2 * 60_000;

/** `until` is Infinity while the poll reads. */
interface Claim {
	token: string;
	until: number;
}

/** Per workflow and trigger node, in the n8n process that polls. */
const claims = new Map<string, Claim>();

export interface PollClaim {
	emitted(staticData: IDataObject): void;
	release(): void;
}

const newToken = (now: number) => `${now.toString(36)}.${Math.random().toString(36).slice(2)}`;

/** The right to read from the saved state, or undefined when a sibling poll of it has it (call before any await). */
export function claimPoll(
	context: IPollFunctions,
	staticData: IDataObject,
	cursor: EventCursor,
	now: number,
	budgetMs: number,
): PollClaim | undefined {
	const key = `${context.getWorkflow().id ?? ''} ${context.getNode().id}`;
	for (const [other, claim] of claims) if (claim.until < now) claims.delete(other);
	const token =
		typeof staticData.pollToken === 'string'
			? staticData.pollToken
			: `cursor ${cursor.timestamp} ${cursor.seen.join(' ')}`;
	const held = claims.get(key);
	if (held && held.token === token) return undefined;
	const claim: Claim = { token, until: Number.POSITIVE_INFINITY };
	claims.set(key, claim);
	const hold = Math.max(MIN_HOLD_MS, 2 * (Number.isFinite(budgetMs) ? budgetMs : 0));
	return {
		emitted(saved) {
			saved.pollToken = newToken(now);
			claim.until = Date.now() + hold;
		},
		release() {
			if (claims.get(key) === claim) claims.delete(key);
		},
	};
}
