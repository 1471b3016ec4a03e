'use strict';
/**
 * jest's own order (the failed files first, then the slowest of the last run), except that the
 * real-app scenario files that wait minutes for n8n's scheduled polls start first: on a fresh clone
 * jest knows no durations and would start them last, after the short ones, instead of beside them.
 * JavaScript: jest loads the sequencer without any transform.
 */
const Sequencer = require('@jest/test-sequencer').default;

/** The scenarios of minutes, longest first (a new one that waits for polls belongs here). */
const MINUTES_LONG = [
	'e2e/scenarios/pollScenariosDurable.test.js',
	'e2e/scenarios/pollScenarios.test.js',
	'e2e/scenarios/durable.test.js',
	'e2e/scenarios/recipeMonthTriggers.test.js',
	'e2e/scenarios/tokenRotation.test.js',
	'e2e/scenarios/recipePipedriveFirstView.test.js',
	'e2e/scenarios/catchUpPolls.test.js',
];

class TestSequencer extends Sequencer {
	async sort(tests) {
		const rank = (test) => {
			const index = MINUTES_LONG.findIndex((file) => test.path.endsWith(file));
			return index === -1 ? MINUTES_LONG.length : index;
		};
		return [...(await super.sort(tests))].sort((a, b) => rank(a) - rank(b));
	}
}

// For CI (.ci/run), which runs these files beside the CPU-bound suites.
TestSequencer.MINUTES_LONG = MINUTES_LONG;

module.exports = TestSequencer;
