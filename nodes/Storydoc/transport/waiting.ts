import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { queuedItemsOf } from './batchQueue';
import { throwIfBatchStopped } from './batchStop';
import type { StorydocContext } from './context';
import { isExecuteContext } from './context';
import type { StorydocResponse } from './errors';
import { storydocApiError } from './errors';
import type { RateLimitPacer, SendTicket } from './rateLimit';

/** Longest a request waits for the rate limit while none of its pacer's requests gets through. */
const RATE_LIMIT_MAX_WAIT_MS = 5 * 60_000;
/** Short steps, so a cancelled execution stops waiting promptly on older n8n versions. */
const PAUSE_STEP_MS = 1_000;

export async function pause(
	context: StorydocContext,
	ms: number,
	itemIndex?: number,
): Promise<void> {
	const signal = isExecuteContext(context) ? context.getExecutionCancelSignal() : undefined;
	let remaining = ms;
	while (remaining > 0) {
		throwIfBatchStopped(context);
		if (signal?.aborted) {
			throw new NodeOperationError(
				context.getNode(),
				'The execution was cancelled while waiting to call Storydoc',
				{ itemIndex },
			);
		}
		const step = Math.min(remaining, PAUSE_STEP_MS);
		await sleep(step);
		remaining -= step;
	}
}

/** A send slot, or undefined once waited too long; a wait while others got through counts nothing. */
export async function takeRateLimitSlot(
	context: StorydocContext,
	pacer: RateLimitPacer,
	waited: { ms: number },
	itemIndex?: number,
): Promise<SendTicket | undefined> {
	pacer.startWaiting();
	try {
		for (;;) {
			throwIfBatchStopped(context);
			const slot = pacer.reserve(Date.now(), queuedItemsOf(context));
			if (typeof slot !== 'number') return slot;
			if (waited.ms + slot > RATE_LIMIT_MAX_WAIT_MS) return undefined;
			const passedBefore = pacer.passed;
			await pause(context, slot, itemIndex);
			waited.ms = pacer.passed === passedBefore ? waited.ms + slot : 0;
		}
	} finally {
		pacer.stopWaiting();
	}
}

/** The rate limit stayed exhausted for longer than a request may wait: nothing was processed. */
export function rateLimitGiveUp(
	context: StorydocContext,
	itemIndex?: number,
	lastRateLimited?: StorydocResponse,
) {
	const error = lastRateLimited
		? storydocApiError(context.getNode(), lastRateLimited, itemIndex)
		: new NodeApiError(
				context.getNode(),
				{ httpCode: 429 },
				{ message: 'Too many requests', httpCode: '429', itemIndex },
			);
	error.description = `Storydoc's rate limit stayed exhausted for the ${RATE_LIMIT_MAX_WAIT_MS / 60_000} minutes the node waits at most, with no request of this n8n getting through; other workflows or n8n workers may be using it too. Nothing was processed for this item: run it again later.`;
	return error;
}
