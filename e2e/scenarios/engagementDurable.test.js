'use strict';
/**
 * The engagement triggers (e2e/triggers/engagement.js) under n8n 2.x's durable scheduler (its four
 * settings on): the same promises through n8n's poller state, with a restart in the middle of a
 * session. About 8 minutes; skipped on n8n 1.x, which has no such scheduler.
 */
const { requestedVersion } = require('../n8n-app');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { DURABLE_SCHEDULER_ENV } = require('../triggers/durableScheduler');
const { engagementScenario } = require('../triggers/engagement');

const testOnN8n2 = Number(requestedVersion().split('.')[0]) >= 2 ? test : test.skip;
const app = useApp({ extraEnv: DURABLE_SCHEDULER_ENV });

testOnN8n2(
	'durable scheduler: Returning Reader and New Reader once each; a session across polls and an n8n restart emitted once, whole',
	() => engagementScenario(app),
);

testOnN8n2(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
