'use strict';
/**
 * The Storydoc Trigger polling in `n8n start`, two workflows side by side for about 2.5 minutes
 * (n8n's scheduled polls come a minute apart): new clicks (e2e/triggers/clicks.js) and First View
 * (e2e/triggers/firstView.js).
 */
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { triggersSideBySide } = require('../triggers/sideBySide');

const app = useApp();
let triggers;

beforeAll(async () => {
	await app.importCredentials(['account', 'secondKey']);
	triggers = triggersSideBySide(app);
});
afterAll(() => triggers?.stop());

test('the Storydoc Trigger, published and polling in `n8n start`: from activation on, each new click once, the cursor kept between polls', () =>
	triggers.clicks);

test('Storydoc Trigger › First View, polling in `n8n start` beside it: one item for a version created and viewed after activation, through a failed poll and later views; none for a version viewed before', () =>
	triggers.firstView);

test(NO_TOKEN_LEAKED, async () => {
	await triggers.stop();
	await app.expectNoTokenLeaked();
});
