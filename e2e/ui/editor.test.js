'use strict';
/**
 * The editor UI in a real browser (`npm run test:ui`): the real n8n app with the package linked and
 * the API sandbox behind a credential (./useEditor.js), Chromium on the editor. The owner is set up
 * in the browser, then each panel's checks run in order on the one page (./panels/): the node as a
 * user sets up Create Version, Get Events, Story › Generate, a Storydoc tool of the MCP example, the
 * trigger, then each recipe of examples/recipes/. Screenshots go to docs/ (STORYDOC_UI_SHOTS elsewhere).
 */
const { OWNER } = require('../n8n-app');
const { analyticsPanel } = require('./panels/analyticsPanel');
const { generatePanel } = require('./panels/generatePanel');
const { nodePanel } = require('./panels/nodePanel');
const { recipesPanel } = require('./panels/recipesPanel');
const { toolPanel } = require('./panels/toolPanel');
const { triggerPanel } = require('./panels/triggerPanel');
const { useEditor } = require('./useEditor');

const session = useEditor();

session.test(
	'owner setup in the browser',
	async ({ page, base }) => {
		await page.goto(`${base}/`);
		await page.waitForURL(/\/setup/);
		await page.fill('[data-test-id="email"] input', OWNER.email);
		await page.fill('[data-test-id="firstName"] input', OWNER.firstName);
		await page.fill('[data-test-id="lastName"] input', OWNER.lastName);
		await page.fill('[data-test-id="password"] input', OWNER.password);
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForURL((address) => !String(address).includes('/setup'));
	},
	{ gives: 'the owner setup' },
);
nodePanel(session);
analyticsPanel(session);
generatePanel(session);
toolPanel(session);
triggerPanel(session);
recipesPanel(session);
