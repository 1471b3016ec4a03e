/**
 * Generated write batches for the report property (batchReport.property.test.ts): the batch, the
 * node's settings, and per item the fault its first request meets at the sandbox and how long its
 * answer takes, placed by the item's title so that it lands on that item whatever order requests
 * arrive in. docs/development.md › Tests › The report property says how to replay a failing seed.
 */
import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import type { FaultRule, SandboxHandle } from '../../harness/sandbox';

export type FaultKind =
	| 'status500'
	| 'status500Processed'
	| 'status503'
	| 'status503Processed'
	| 'status502Html'
	| 'resetBefore'
	| 'resetAfter'
	| 'hang'
	| 'invalidJson'
	| 'burst429'
	/** Storydoc refuses the item itself (an unknown sender): 400 on every try. */
	| 'refused';

export interface ItemPlan {
	fault: FaultKind | null;
	/** The answer's delay when the item has no fault: answers come back in another order than sent. */
	delayMs: number;
	/** 429s before the request goes through, for `burst429`. */
	burst: number;
}

export interface WriteSchedule {
	operation: 'create' | 'update';
	items: ItemPlan[];
	itemsInParallel: number;
	onError: NonNullable<INode['onError']>;
	/** n8n's tries of the node: 1 is Retry On Fail off, 2 to 5 its Max. Tries. */
	tries: number;
}

const FAULT_KINDS: FaultKind[] = [
	'status500',
	'status500Processed',
	'status503',
	'status503Processed',
	'status502Html',
	'resetBefore',
	'resetAfter',
	'hang',
	'invalidJson',
	'burst429',
	'refused',
];

/** The faults a write request can meet that may leave it processed; 429s and refusals never are. */
export const PROCESSED_BY_FAULT = new Set(['resetAfter', 'invalidJson']);

/** A batch's items: a fault rate per batch (none to most items), then each item's fault and delay. */
const itemsArbitrary = fc.constantFrom(0, 5, 20, 60).chain((ratePercent) =>
	fc
		.array(
			fc.record({
				roll: fc.integer({ min: 0, max: 99 }),
				kind: fc.constantFrom(...FAULT_KINDS),
				delayMs: fc.integer({ min: 0, max: 8 }),
				burst: fc.integer({ min: 1, max: 2 }),
			}),
			{ minLength: 1, maxLength: 60, size: 'max' },
		)
		.map((rolls) =>
			rolls.map(
				({ roll, kind, delayMs, burst }): ItemPlan => ({
					fault: roll < ratePercent ? kind : null,
					delayMs,
					burst,
				}),
			),
		),
);

export const scheduleArbitrary: fc.Arbitrary<WriteSchedule> = fc.record({
	operation: fc.constantFrom('create', 'update'),
	items: itemsArbitrary,
	itemsInParallel: fc.integer({ min: 1, max: 60 }),
	onError: fc.constantFrom('stopWorkflow', 'continueRegularOutput', 'continueErrorOutput'),
	tries: fc.integer({ min: 1, max: 5 }),
});

/**
 * Every item's title: quoted in a body, it matches that item of that schedule alone ("Item 1 of run 2"
 * is not in "Item 10 of run 2", nor in a late request of run 1: docs/development.md › The report property).
 */
export const titleOf = (index: number, run: number) => `Item ${index} of run ${run}`;

const ROUTE: Record<WriteSchedule['operation'], FaultRule['route']> = {
	create: 'POST /v2/versions',
	update: 'POST /v2/versions/:id',
};

function ruleFor(plan: ItemPlan): Omit<FaultRule, 'route' | 'bodyIncludes'> | undefined {
	switch (plan.fault) {
		case null:
			return plan.delayMs > 0 ? { type: 'slow', delayMs: plan.delayMs } : undefined;
		case 'refused':
			return undefined;
		case 'status500Processed':
			return { type: 'status500', processed: true };
		case 'status503Processed':
			return { type: 'status503', processed: true };
		case 'status502Html':
			return { type: 'status502', html: true };
		case 'burst429':
			return { type: 'status429', times: plan.burst };
		default:
			return { type: plan.fault };
	}
}

/** Sets each item's fault at the sandbox (a rule that fires once, or `burst` times for 429s). */
export function placeFaults(api: SandboxHandle, schedule: WriteSchedule, run: number) {
	schedule.items.forEach((plan, index) => {
		const rule = ruleFor(plan);
		if (!rule) return;
		api.sandbox.setFault({
			...rule,
			route: ROUTE[schedule.operation],
			bodyIncludes: `"${titleOf(index, run)}"`,
		});
	});
}

/** How a schedule reads in a failure message: short enough to replay by eye. */
export function describeSchedule(schedule: WriteSchedule): string {
	const faults = schedule.items
		.map((plan, index) => (plan.fault ? `${index}:${plan.fault}` : ''))
		.filter(Boolean);
	return `${schedule.operation} of ${schedule.items.length} items, ${schedule.itemsInParallel} in parallel, onError ${schedule.onError}, ${schedule.tries} ${schedule.tries === 1 ? 'try' : 'tries'}; faults ${faults.join(' ') || 'none'}`;
}
