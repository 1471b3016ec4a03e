'use strict';
/**
 * The engagement and the slide-and-quiet scenarios (e2e/triggers/engagement.js, slideQuiet.js) side
 * by side in one `n8n start` under n8n 2.x's durable scheduler (its four settings on): the same
 * promises through n8n's poller state, with one restart for both. About 9 minutes; skipped on n8n
 * 1.x, which has no such scheduler.
 */
const { requestedVersion } = require('../n8n-app');
const { NO_TOKEN_LEAKED } = require('../harness/useApp');
const { useSharedApp } = require('../harness/sharedApp');
const { DURABLE_SCHEDULER_ENV } = require('../triggers/durableScheduler');
const { engagementScenario } = require('../triggers/engagement');
const { slideQuietScenario } = require('../triggers/slideQuiet');

const testOnN8n2 = Number(requestedVersion().split('.')[0]) >= 2 ? test : test.skip;
const shared = useSharedApp(['engagement', 'slideQuiet'], { extraEnv: DURABLE_SCHEDULER_ENV });
const runs = () =>
	shared.runSideBySide({ engagement: engagementScenario, slideQuiet: slideQuietScenario });

testOnN8n2(
	'durable scheduler: Returning Reader and New Reader once each; a session across polls and an n8n restart emitted once, whole',
	() => runs().engagement,
);

testOnN8n2(
	'durable scheduler: Slide Reached once per reader, Version Went Quiet once per version, across polls and an n8n restart',
	() => runs().slideQuiet,
);

testOnN8n2(NO_TOKEN_LEAKED, () => shared.base.expectNoTokenLeaked());
