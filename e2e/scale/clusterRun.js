'use strict';
/**
 * A queue-mode run shared by a group of tests: started once before them (`run(cleanups)` pushes how to
 * stop what it starts), its figures printed, and everything stopped after them, also on failure.
 */

/** Registers the group's beforeAll and afterAll; returns a getter for the run's figures. */
function clusterRun(run, report, timeoutMs) {
	const cleanups = [];
	let figures;
	beforeAll(async () => {
		figures = await run(cleanups);
		console.log(report(figures));
	}, timeoutMs);
	afterAll(async () => {
		for (const cleanup of cleanups.reverse())
			await Promise.resolve(cleanup()).catch(() => undefined);
	});
	return () => figures;
}

module.exports = { clusterRun };
