/**
 * Queue-mode workers with executions arriving at random times: whatever the load, every item is
 * answered once, each worker's accepted requests are its items, and no worker with items waits more
 * than two windows with nothing through (the room kept for others: docs/development.md › Design
 * notes › Rate-limit pacing from the response headers). Generated with fast-check; the seed is
 * printed, and a failure prints the load to replay.
 */
import fc from 'fast-check';
import { simulate } from './rateLimitSimulation';

const SEED = 20261203;
const RUNS = 40;

const load = fc.record({
	processes: fc.array(
		fc.record({
			executions: fc.array(
				fc.record({
					items: fc.integer({ min: 1, max: 260 }),
					startMs: fc.integer({ min: 0, max: 180_000 }),
				}),
				{ minLength: 1, maxLength: 4 },
			),
			itemsInParallel: fc.constantFrom(5, 50, 150),
		}),
		{ minLength: 2, maxLength: 3 },
	),
	answerMs: fc.constantFrom(20, 200, 800),
	seed: fc.integer({ min: 1, max: 1_000 }),
});

/** The longest run of windows in which a worker had started items left and got none through. */
function longestWait(accepted: number[], firstStartMs: number): number {
	const last = accepted.findLastIndex((count) => count > 0);
	let run = 0;
	let longest = 0;
	for (let window = Math.floor(firstStartMs / 60_000); window <= last; window++) {
		run = accepted[window] === 0 ? run + 1 : 0;
		longest = Math.max(longest, run);
	}
	return longest;
}

test(`random loads over 2 or 3 workers: every item answered once, each worker's requests its own, none held back over 2 windows (${RUNS} loads, seed ${SEED})`, () => {
	// eslint-disable-next-line no-console -- the property's seed, for the log
	console.log(`rate-limit loads: fast-check seed ${SEED}, ${RUNS} runs`);
	fc.assert(
		fc.property(load, (simulation) => {
			const result = simulate(simulation);
			const itemsOf = simulation.processes.map((process) =>
				process.executions.reduce((sum, execution) => sum + execution.items, 0),
			);
			const acceptedOf = result.acceptedPerWindowByProcess.map((windows) =>
				windows.reduce((sum, accepted) => sum + accepted, 0),
			);
			expect(result.done).toBe(result.items);
			expect(acceptedOf).toEqual(itemsOf);
			expect(result.acceptedPerWindow.every((accepted) => accepted <= 150)).toBe(true);
			simulation.processes.forEach((process, index) => {
				const firstStartMs = Math.min(...process.executions.map((execution) => execution.startMs));
				// virtual time: the simulation's windows
				expect(
					longestWait(result.acceptedPerWindowByProcess[index], firstStartMs),
				).toBeLessThanOrEqual(2);
			});
		}),
		{ seed: SEED, numRuns: RUNS },
	);
});
