import type { IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ItemOutcome } from '../helpers/parallelItems';
import { isUnknownOutcome } from '../transport';

type UnknownOutcome = { message: string; description?: string; httpCode?: string };
type WriteOutcome =
	| { output: INodeExecutionData[] }
	| { unknown: UnknownOutcome }
	/** Refused (nothing written): tried again by the next try, and reported if that try never sends it. */
	| { failed: string };

function replayedError(node: INode, outcome: UnknownOutcome, itemIndex: number): NodeApiError {
	const error = new NodeApiError(node, { outcome: 'unknown' }, { ...outcome, itemIndex });
	error.message = outcome.message;
	error.context.outcome = 'unknown';
	return error;
}

/** What a write did per item, replayed by Retry On Fail's next try: docs/development.md › Design notes. */
export class WriteReplay {
	private constructor(
		private readonly node: INode,
		private readonly outcomes: Record<number, WriteOutcome>,
	) {}

	/** The replay of a write's run, or undefined when the node does not retry on fail. */
	static of(context: IExecuteFunctions) {
		const node = context.getNode();
		if (node.retryOnFail !== true) return undefined;
		const runIndex = context.getWorkflowDataProxy(0).$runIndex as number;
		const key = `storydocWrites:${context.getExecutionId()}:${runIndex}`;
		const nodeContext = context.getContext('node');
		nodeContext[key] ??= {};
		return new WriteReplay(node, nodeContext[key] as Record<number, WriteOutcome>);
	}

	/** The output an earlier try gave this item (its unknown-outcome error is thrown again), if any. */
	earlierOutput(itemIndex: number): INodeExecutionData[] | undefined {
		const done = this.outcomes[itemIndex];
		if (done && 'unknown' in done) throw replayedError(this.node, done.unknown, itemIndex);
		return done && 'output' in done ? done.output : undefined;
	}

	/** Whether an earlier try of this run sent any item. */
	sentBefore(): boolean {
		return Object.keys(this.outcomes).length > 0;
	}

	remember(itemIndex: number, output: INodeExecutionData[]) {
		this.outcomes[itemIndex] = { output };
	}

	/** An unknown outcome is replayed; a refusal only reported, since the next try sends the item again. */
	rememberFailure(itemIndex: number, error: unknown) {
		if (!isUnknownOutcome(error)) {
			this.outcomes[itemIndex] = { failed: (error as Error).message };
			return;
		}
		this.outcomes[itemIndex] = {
			unknown: {
				message: error.message,
				description: error.description ?? undefined,
				httpCode: error.httpCode ?? undefined,
			},
		};
	}

	/** This try's outcomes, an item it did not send shown as refused if an earlier try was refused. */
	withEarlierFailures<Output>(outcomes: Map<number, ItemOutcome<Output>>) {
		const merged = new Map(outcomes);
		for (const [itemIndex, outcome] of outcomes) {
			const earlier = this.outcomes[itemIndex];
			if (!('stopped' in outcome) || !earlier || !('failed' in earlier)) continue;
			merged.set(itemIndex, { error: new Error(`${earlier.failed}; in an earlier try`) });
		}
		return merged;
	}
}
