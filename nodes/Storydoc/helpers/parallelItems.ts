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

/** At most `inParallel` at once, the first alone: settings wrong for every item fail after one request. */
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

	if (indexes.length) await runOne(indexes[next++]);
	const workers = Math.min(inParallel, indexes.length - next);
	await Promise.all(Array.from({ length: workers }, worker));
	for (const index of indexes.slice(next)) outcomes.set(index, { stopped: true });
	return outcomes;
}
