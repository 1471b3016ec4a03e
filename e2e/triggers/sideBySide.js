'use strict';
/**
 * The Storydoc Trigger as n8n runs it for real: the click and First View workflows published (n8n
 * 2.x) or activated (1.x), `n8n start` activates them (their first polls) and n8n's scheduler polls
 * each every minute, keeping their static data between polls. The two run side by side in one n8n,
 * in the same minutes; the First View workflow uses a second key of the organization, so the
 * sandbox's log (and a fault rule) tells its requests apart. `clicks` and `firstView` settle with each
 * scenario's checks; `stop` stops n8n once both are done.
 */
const { clickWorkflow, firstViewWorkflow } = require('../harness/workflows');
const { clickScenario } = require('./clicks');
const { firstViewScenario } = require('./firstView');

/** @param {ReturnType<import('../harness/useApp').useApp>} app with the account and second-key credentials imported */
function triggersSideBySide(app) {
	const started = startTriggers(app);
	const clicks = started.then((running) => clickScenario(app, running));
	const firstView = started.then((running) => firstViewScenario(app, running));
	// Awaited by the tests; these only keep an early failure from being reported as unhandled.
	clicks.catch(() => undefined);
	firstView.catch(() => undefined);
	return {
		clicks,
		firstView,
		async stop() {
			await Promise.allSettled([clicks, firstView]);
			const running = await started.catch(() => undefined);
			if (running) await running.stop();
		},
	};
}

async function startTriggers(app) {
	await app.cli.importAndActivate([clickWorkflow(), firstViewWorkflow()]);
	app.sandbox.clearLog();
	const activatedFrom = Date.now();
	const running = await app.start();
	return { ...running, activatedFrom };
}

module.exports = { triggersSideBySide };
