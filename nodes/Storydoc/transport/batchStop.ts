import type { StorydocContext } from './context';

/** Executions whose batch failed (without Continue On Fail): requests not sent yet are dropped. */
const stoppedBatches = new WeakSet<object>();

/** A request dropped before it was sent, because another item of the batch failed. */
export class BatchStoppedError extends Error {
	constructor() {
		super('Not sent: another item of this batch failed');
		this.name = 'BatchStoppedError';
	}
}

export function stopBatch(context: StorydocContext) {
	stoppedBatches.add(context);
}

export function resumeBatch(context: StorydocContext) {
	stoppedBatches.delete(context);
}

export function throwIfBatchStopped(context: StorydocContext) {
	if (stoppedBatches.has(context)) throw new BatchStoppedError();
}
