/**
 * A request's wait for the rate limit tells the pacer whether more of its batch's items wait to start
 * (the router tracks them per execution: Design notes › Rate-limit pacing › Keeping room).
 */
import type { StorydocContext } from '../../../../nodes/Storydoc/transport/context';
import { trackQueuedItems } from '../../../../nodes/Storydoc/transport/batchQueue';
import type { RateLimitPacer } from '../../../../nodes/Storydoc/transport/rateLimit';
import { takeRateLimitSlot } from '../../../../nodes/Storydoc/transport/waiting';

function recordingPacer() {
	const moreQueued: boolean[] = [];
	const pacer = {
		passed: 0,
		startWaiting: () => undefined,
		stopWaiting: () => undefined,
		reserve: (now: number, queue?: { waiting: number }) => {
			moreQueued.push((queue?.waiting ?? 0) > 0);
			return { sentAt: now, probe: false };
		},
	};
	return { pacer: pacer as unknown as RateLimitPacer, moreQueued };
}

test("the pacer is told whether the execution's batch has items waiting to start", async () => {
	const context = {} as StorydocContext;
	const queue = { waiting: 3 };
	trackQueuedItems(context, queue);
	const { pacer, moreQueued } = recordingPacer();
	await takeRateLimitSlot(context, pacer, { ms: 0 });
	queue.waiting = 0;
	await takeRateLimitSlot(context, pacer, { ms: 0 });
	// Another execution (no batch tracked, as a trigger's poll or a tool call): nothing waiting.
	await takeRateLimitSlot({} as StorydocContext, pacer, { ms: 0 });
	expect(moreQueued).toEqual([true, false, false]);
});
