import { sleep } from 'n8n-workflow';

import { FIRST_ALONE_MAX_MS } from '../constants';

/** What became of one item of a batch. */
export type ItemOutcome<Output> =
	| { output: Output }
	| { error: unknown }
	/** Never sent, or dropped before its request went out, because another item failed. */
	| { stopped: true };

export interface ParallelOptions {
	inParallel: number;
	/** Without Continue On Fail: after a failure no item starts, and `onStop` drops what waits. */
	stopOnFailure: boolean;
	onStop(): void;
	/** A failure that means "never sent" (the request was dropped by the stop), not the item's own. */
	isStopped(error: unknown): boolean;
	/** Kept up to date with how many items wait to start (the rate-limit pacer asks). */
	queue?: { waiting: number };
}

/** At most `inParallel` at once, the first alone for a while: docs/development.md › Items in parallel. */
export async function runInParallel<Output>(
	indexes: number[],
	run: (index: number) => Promise<Output>,
	{ inParallel, stopOnFailure, onStop, isStopped, queue = { waiting: 0 } }: ParallelOptions,
): Promise<Map<number, ItemOutcome<Output>>> {
	const outcomes = new Map<number, ItemOutcome<Output>>();
	let next = 0;
	let stopped = false;
	const take = () => {
		const index = indexes[next++];
		queue.waiting = indexes.length - next;
		return index;
	};

	const runOne = async (index: number) => {
		try {
			outcomes.set(index, { output: await run(index) });
		} catch (error) {
			if (isStopped(error)) {
				outcomes.set(index, { stopped: true });
				return;
			}
			outcomes.set(index, { error });
			if (stopOnFailure && !stopped) {
				stopped = true;
				queue.waiting = 0;
				onStop();
			}
		}
	};
	const worker = async () => {
		while (!stopped && next < indexes.length) await runOne(take());
	};

	let firstSettled = false;
	const first = indexes.length
		? runOne(take()).then(() => {
				firstSettled = true;
			})
		: Promise.resolve();
	if (indexes.length > 1) await Promise.race([first, sleep(FIRST_ALONE_MAX_MS)]);
	const busy = firstSettled ? 0 : 1;
	const workers = Math.min(inParallel - busy, indexes.length - next);
	const firstSlot = busy ? first.then(worker) : first;
	await Promise.all([firstSlot, ...Array.from({ length: workers }, worker)]);
	for (const index of indexes.slice(next)) outcomes.set(index, { stopped: true });
	queue.waiting = 0;
	return outcomes;
}

/** Every index run, `inParallel` at once, none dropped; the first failure is thrown once all are done. */
export async function runAllInParallel<Output>(
	indexes: number[],
	run: (index: number) => Promise<Output>,
	inParallel: number,
): Promise<Map<number, Output>> {
	const outcomes = await runInParallel(indexes, run, {
		inParallel,
		stopOnFailure: true,
		onStop: () => undefined,
		isStopped: () => false,
	});
	const outputs = new Map<number, Output>();
	for (const [index, outcome] of outcomes) {
		if ('error' in outcome) throw outcome.error;
		if ('output' in outcome) outputs.set(index, outcome.output);
	}
	return outputs;
}
