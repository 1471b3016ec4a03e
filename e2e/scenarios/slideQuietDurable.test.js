'use strict';
/**
 * Slide Reached and Version Went Quiet (e2e/triggers/slideQuiet.js) under n8n 2.x's durable
 * scheduler (its four settings on): the same promises through n8n's poller state, with a restart in
 * the middle. About 8 minutes; skipped on n8n 1.x, which has no such scheduler.
 */
const { requestedVersion } = require('../n8n-app');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { DURABLE_SCHEDULER_ENV } = require('../triggers/durableScheduler');
const { slideQuietScenario } = require('../triggers/slideQuiet');

const testOnN8n2 = Number(requestedVersion().split('.')[0]) >= 2 ? test : test.skip;
const app = useApp({ extraEnv: DURABLE_SCHEDULER_ENV });

testOnN8n2(
	'durable scheduler: Slide Reached once per reader, Version Went Quiet once per version, across polls and an n8n restart',
	() => slideQuietScenario(app),
);

testOnN8n2(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
