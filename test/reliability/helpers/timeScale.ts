/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a test helper that replaces Node's clock in a worker process */
/**
 * Preloaded (node -r) into a worker process to make its clock run TIME_SCALE times faster: Date.now
 * and every setTimeout, so the node's waits (sleep from n8n-workflow, request timeouts) take
 * 1/TIME_SCALE of their length. Lets a test show a bound of minutes in seconds. The sandbox, in the
 * test's own process, keeps real time.
 */
const scale = Number(process.env.TIME_SCALE || 1);
if (scale > 1) {
	const realNow = Date.now.bind(Date);
	const origin = realNow();
	Date.now = () => origin + (realNow() - origin) * scale;
	const realSetTimeout = globalThis.setTimeout;
	const scaledSetTimeout = (
		callback: (...args: unknown[]) => void,
		ms?: number,
		...args: unknown[]
	) => realSetTimeout(callback, Math.max(0, Number(ms ?? 0) / scale), ...args);
	globalThis.setTimeout = scaledSetTimeout as typeof setTimeout;
}
