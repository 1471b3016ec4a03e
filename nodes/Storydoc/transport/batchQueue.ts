import type { StorydocContext } from './context';
import type { ItemQueue } from './rateLimit';

/** Per execution: whether more of its batch's items wait to start (Design notes › Keeping room). */
const queues = new WeakMap<object, ItemQueue>();

export function trackQueuedItems(context: StorydocContext, queue: ItemQueue) {
	queues.set(context, queue);
}

export function queuedItemsOf(context: StorydocContext): ItemQueue | undefined {
	return queues.get(context);
}
