'use strict';
/**
 * Slide Reached and Version Went Quiet in `n8n start` under n8n's default scheduling
 * (e2e/triggers/slideQuiet.js): each reader reaching the slide and each version going quiet emitted
 * once, across polls and an n8n restart. About 8 minutes.
 */
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { slideQuietScenario } = require('../triggers/slideQuiet');

const app = useApp();

test('Slide Reached once per reader, Version Went Quiet once per version, across polls and an n8n restart', () =>
	slideQuietScenario(app));

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
