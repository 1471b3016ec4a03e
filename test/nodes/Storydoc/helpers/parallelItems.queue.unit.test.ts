/**
 * The batch tells the rate-limit pacer how many of its items wait to start (`queue.waiting`), so it
 * keeps room for other processes only while more are to come (Design notes › Rate-limit pacing ›
 * Keeping room). Run with the first item alone for its bound, then `inParallel` at a time.
 */
import { runInParallel } from '../../../../nodes/Storydoc/helpers/parallelItems';

const options = (queue: { waiting: number }, stopOnFailure = false) => ({
	inParallel: 2,
	stopOnFailure,
	onStop: () => undefined,
	isStopped: () => false,
	queue,
});

test('while each item runs, the items not started yet are counted; none once the batch is done', async () => {
	const queue = { waiting: -1 };
	const seen: Array<[number, number]> = [];
	await runInParallel(
		[0, 1, 2, 3, 4],
		async (index) => {
			seen.push([index, queue.waiting]);
			await Promise.resolve();
			return index;
		},
		options(queue),
	);
	// The first goes alone (4 wait), then two at a time: each sees what is left after it started.
	expect(seen).toEqual([
		[0, 4],
		[1, 3],
		[2, 2],
		[3, 1],
		[4, 0],
	]);
	expect(queue.waiting).toBe(0);
});

test('a batch stopped by a failure has nothing waiting: its other items will never be sent', async () => {
	const queue = { waiting: -1 };
	const seen: number[] = [];
	await runInParallel(
		[0, 1, 2, 3, 4, 5],
		async (index) => {
			if (index === 1) throw new Error('refused');
			await Promise.resolve();
			seen.push(queue.waiting);
			return index;
		},
		options(queue, true),
	);
	expect(seen.at(-1)).toBe(0);
	expect(queue.waiting).toBe(0);
});
