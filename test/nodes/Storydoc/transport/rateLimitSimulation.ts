/**
 * A discrete-event simulation of processes sharing one rate-limit window, in virtual time: each
 * process has its own pacer (the real RateLimitPacer) and runs executions that keep a number of items
 * in flight; the server counts requests on arrival in fixed windows opened by the first request, as
 * the sandbox and Storydoc's reference describe it. Arrivals get a seeded random delay, so requests
 * sent together arrive in any order, as they do over real connections.
 */
import { RateLimitPacer } from '../../../../nodes/Storydoc/transport/rateLimit';

export interface SimulatedProcess {
	/** Executions of this process, each with its items; `startMs` when it starts (0). */
	executions: Array<{ items: number; startMs?: number }>;
	/** Items in flight per execution (the node's Items in Parallel). */
	itemsInParallel: number;
	/** The pacer's cold release, as generation's pacer has it (none: the version pacer's). */
	coldReleaseMs?: number;
}

export interface Simulation {
	processes: SimulatedProcess[];
	/** From sending a request to hearing its answer. */
	answerMs: number;
	/** Up to this much random delay on the way to the server (10). */
	jitterMs?: number;
	seed?: number;
	max?: number;
	windowMs?: number;
	/** Requests someone else already made in the first window (0). */
	usedByOthers?: number;
}

export interface SimulationResult {
	items: number;
	done: number;
	refused: number;
	lastAnswerMs: number;
	/** Requests the server accepted in each of its windows. */
	acceptedPerWindow: number[];
	/** The same, per process (in the order given). */
	acceptedPerWindowByProcess: number[][];
}

const ONE_WAY_MS = 20;

export function simulate(simulation: Simulation): SimulationResult {
	const { answerMs, jitterMs = 10, max = 150, windowMs = 60_000 } = simulation;
	let seed = simulation.seed ?? 1;
	const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
	const events: Array<{ at: number; order: number; run: () => void }> = [];
	let order = 0;
	let now = 0;
	const schedule = (at: number, run: () => void) => events.push({ at, order: order++, run });

	let windowStart: number | undefined;
	let count = 0;
	const acceptedPerWindow: number[] = [];
	let refused = 0;
	const byProcess = simulation.processes.map((): number[] => []);
	const arrive = (process: number) => {
		if (windowStart === undefined || now - windowStart >= windowMs) {
			windowStart = now;
			count = acceptedPerWindow.length === 0 ? (simulation.usedByOthers ?? 0) : 0;
			acceptedPerWindow.push(0);
		}
		count += 1;
		const limited = count > max;
		const window = acceptedPerWindow.length - 1;
		if (limited) {
			refused += 1;
		} else {
			acceptedPerWindow[window] += 1;
			byProcess[process][window] = (byProcess[process][window] ?? 0) + 1;
		}
		return { counter: count, limited };
	};

	let items = 0;
	let done = 0;
	let lastAnswerMs = 0;
	for (const [index, process] of simulation.processes.entries()) {
		const pacer = new RateLimitPacer(true, process.coldReleaseMs);
		for (const execution of process.executions) {
			items += execution.items;
			let next = 0;
			const queue = {
				get waiting() {
					return execution.items - next;
				},
			};
			const takeItem = () => {
				if (next >= execution.items) return;
				next += 1;
				// As the node's wait does: the item counts as demand from its first ask to its slot.
				const attempt = () => {
					const slot = pacer.reserve(now, queue);
					if (typeof slot === 'number') {
						schedule(now + Math.max(1, slot), attempt);
						return;
					}
					pacer.stopWaiting();
					const arrival = now + ONE_WAY_MS + random() * jitterMs;
					schedule(arrival, () => {
						const answer = arrive(index);
						schedule(arrival + Math.max(0, answerMs - ONE_WAY_MS), () => {
							pacer.onResponse(
								slot,
								{ counter: answer.counter, maximum: max },
								answer.limited,
								now,
							);
							if (answer.limited) {
								ask();
								return;
							}
							done += 1;
							lastAnswerMs = now;
							takeItem();
						});
					});
				};
				const ask = () => {
					pacer.startWaiting();
					attempt();
				};
				ask();
			};
			schedule(execution.startMs ?? 0, () => {
				for (let worker = 0; worker < process.itemsInParallel; worker++) takeItem();
			});
		}
	}
	while (events.length) {
		let first = 0;
		for (let index = 1; index < events.length; index++) {
			const event = events[index];
			const best = events[first];
			if (event.at < best.at || (event.at === best.at && event.order < best.order)) first = index;
		}
		const [event] = events.splice(first, 1);
		now = event.at;
		event.run();
	}
	const acceptedPerWindowByProcess = byProcess.map((windows) =>
		acceptedPerWindow.map((_, window) => windows[window] ?? 0),
	);
	return {
		items,
		done,
		refused,
		lastAnswerMs,
		acceptedPerWindow,
		acceptedPerWindowByProcess,
	};
}

/** The time the limit allows at best: the windows before the last, plus one answer. */
export function floorMs(items: number, answerMs: number, max = 150, windowMs = 60_000) {
	return (Math.ceil(items / max) - 1) * windowMs + answerMs;
}
