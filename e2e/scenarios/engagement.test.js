'use strict';
/**
 * The engagement triggers in `n8n start` under n8n's default scheduling (e2e/triggers/engagement.js):
 * a returning reader and a new reader each emitted once, and reading sessions emitted once, whole,
 * with n8n restarted in the middle of one. About 8 minutes.
 */
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { engagementScenario } = require('../triggers/engagement');

const app = useApp();

test('Returning Reader and New Reader once each; a session read over several polls and an n8n restart emitted once, whole, after Session Ends After', () =>
	engagementScenario(app));

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
