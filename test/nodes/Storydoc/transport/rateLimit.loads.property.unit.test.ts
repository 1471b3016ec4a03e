/**
 * Queue-mode workers with executions arriving at random times: whatever the load, every item is
 * answered once and each worker's accepted requests are its items. Generated with fast-check; the seed
 * is printed, and a failure prints the load to replay. What the pacer does not promise here, and why
 * (a worker sending alone can hold a joining one back): docs/development.md › Design notes ›
 * Rate-limit pacing from the response headers.
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

test(`random loads over 2 or 3 workers: every item answered once, each worker's requests its own (${RUNS} loads, seed ${SEED})`, () => {
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
		}),
		{ seed: SEED, numRuns: RUNS },
	);
});
