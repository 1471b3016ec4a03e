'use strict';
/**
 * The trigger scenarios that wait on n8n's scheduled polls, side by side in one `n8n start` under
 * n8n's default scheduling (e2e/harness/sharedApp.js: each its own sandbox, credentials and
 * workflows; n8n restarted once for both scenarios that restart it):
 * - engagement (e2e/triggers/engagement.js): a returning reader and a new reader each emitted once,
 *   reading sessions emitted once, whole, with n8n restarted in the middle of one;
 * - slide and quiet (e2e/triggers/slideQuiet.js): each reader reaching the slide and each version
 *   going quiet emitted once, across polls and the restart;
 * - clicks and First View (e2e/triggers/sideBySide.js): from activation on, each new click once; a
 *   version's first view once, through a failed poll.
 * About 9 minutes.
 */
const { NO_TOKEN_LEAKED } = require('../harness/useApp');
const { useSharedApp } = require('../harness/sharedApp');
const { clicksAndFirstView, outcome } = require('../triggers/clicksAndFirstView');
const { engagementScenario } = require('../triggers/engagement');
const { slideQuietScenario } = require('../triggers/slideQuiet');

const shared = useSharedApp(['engagement', 'slideQuiet', 'clicks']);
const runs = () =>
	shared.runSideBySide({
		engagement: engagementScenario,
		slideQuiet: slideQuietScenario,
		clicks: clicksAndFirstView,
	});

test('Returning Reader and New Reader once each; a session read over several polls and an n8n restart emitted once, whole, after Session Ends After', () =>
	runs().engagement);

test('Slide Reached once per reader, Version Went Quiet once per version, across polls and an n8n restart', () =>
	runs().slideQuiet);

test('the Storydoc Trigger, published and polling in `n8n start`: from activation on, each new click once, the cursor kept between polls', () =>
	outcome(runs().clicks.then((run) => run.clicks)));

test('Storydoc Trigger › First View, polling in `n8n start` beside it: one item for a version created and viewed after activation, through a failed poll and later views; none for a version viewed before', () =>
	outcome(runs().clicks.then((run) => run.firstView)));

test(NO_TOKEN_LEAKED, () => shared.base.expectNoTokenLeaked());
