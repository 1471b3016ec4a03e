'use strict';
/**
 * The agreements behind one `n8n start` shared by several scenarios (e2e/harness/sharedApp.js): n8n
 * starts once every member has asked (each member's `beforeStart` run just before), restarts once
 * every member still running has asked (each member's `whileDown` run while it is down), and stops
 * when the last member has left.
 */
/**
 * @param {string[]} names the members
 * @param {() => Promise<{ url: string, stop: () => Promise<void> }>} startN8n
 */
function createStartGroup(names, startN8n) {
	const present = new Set(names);
	const waiting = { start: new Map(), restart: new Map() };
	let running;
	let busy = false;

	/** A running n8n as a member sees it: `stop` is that member leaving. */
	const viewOf = (name) => ({ ...running, stop: () => leave(name) });

	/** Opens a barrier once every member still running waits at it. */
	async function settle() {
		for (const barrier of ['start', 'restart']) {
			const arrived = [...waiting[barrier].entries()];
			if (!arrived.length || busy || [...present].some((name) => !waiting[barrier].has(name)))
				continue;
			busy = true;
			waiting[barrier].clear();
			try {
				if (barrier === 'restart') {
					await running.stop();
					await Promise.all(arrived.map(([, work]) => work.whileDown?.()));
				}
				for (const [, work] of arrived) await work.beforeStart?.();
				running = await startN8n();
				for (const [name, work] of arrived) work.resolve(viewOf(name));
			} catch (error) {
				for (const [, work] of arrived) work.reject(error);
			} finally {
				busy = false;
			}
			// Members may have arrived at the other barrier meanwhile.
			return settle();
		}
	}

	/** Waits at `barrier` ('start' or 'restart'); resolves with the n8n started for everyone. */
	function arrive(barrier, name, work = {}) {
		return new Promise((resolve, reject) => {
			waiting[barrier].set(name, { ...work, resolve, reject });
			void settle();
		});
	}

	/** The member is done (passed or failed): no barrier waits for it; the last one stops n8n. */
	async function leave(name) {
		if (!present.delete(name)) return;
		if (!present.size && running) await running.stop();
		else await settle();
	}

	return { arrive, leave };
}

module.exports = { createStartGroup };
