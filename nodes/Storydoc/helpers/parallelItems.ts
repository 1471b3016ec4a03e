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
}

/** At most `inParallel` at once, the first alone for a while: docs/development.md › Items in parallel. */
export async function runInParallel<Output>(
	indexes: number[],
	run: (index: number) => Promise<Output>,
	{ inParallel, stopOnFailure, onStop, isStopped }: ParallelOptions,
): Promise<Map<number, ItemOutcome<Output>>> {
	const outcomes = new Map<number, ItemOutcome<Output>>();
	let next = 0;
	let stopped = false;

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
				onStop();
			}
		}
	};
	const worker = async () => {
		while (!stopped && next < indexes.length) await runOne(indexes[next++]);
	};

	let firstSettled = false;
	const first = indexes.length
		? runOne(indexes[next++]).then(() => {
				firstSettled = true;
			})
		: Promise.resolve();
	await Promise.race([first, sleep(FIRST_ALONE_MAX_MS)]);
	const busy = firstSettled ? 0 : 1;
	const workers = Math.min(inParallel - busy, indexes.length - next);
	const firstSlot = busy ? first.then(worker) : first;
	await Promise.all([firstSlot, ...Array.from({ length: workers }, worker)]);
	for (const index of indexes.slice(next)) outcomes.set(index, { stopped: true });
	return outcomes;
}
