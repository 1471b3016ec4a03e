'use strict';
const { triggersSideBySide } = require('./sideBySide');

/**
 * The click and First View workflows as one scenario (e2e/triggers/sideBySide.js): its credentials
 * imported, both settled, n8n left; each outcome as `Promise.allSettled` gives it, for its own test.
 * @param {ReturnType<import('../harness/useApp').useApp>} app
 */
async function clicksAndFirstView(app) {
	await app.importCredentials(['account', 'secondKey']);
	const triggers = triggersSideBySide(app);
	const [clicks, firstView] = await Promise.allSettled([triggers.clicks, triggers.firstView]);
	await triggers.stop();
	return { clicks, firstView };
}

/** A test's check: the outcome's failure, thrown. */
async function outcome(settled) {
	const result = await settled;
	if (result.status === 'rejected') throw result.reason;
}

module.exports = { clicksAndFirstView, outcome };
