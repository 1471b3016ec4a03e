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

/**
 * Then the other real-app files of minutes, longest first: on a fresh clone jest orders the rest by
 * file size, and a long file started last is the step's tail (the warehouse scenario took 291 s and
 * 376 s in CI, the longest of the files that do not wait for polls).
 */
const LONG_AFTER = [
	'e2e/scenarios/recipePostgresSync.test.js',
	'e2e/scenarios/recipeDataTableSync.test.js',
];
const FIRST = [...MINUTES_LONG, ...LONG_AFTER];

class TestSequencer extends Sequencer {
	async sort(tests) {
		const rank = (test) => {
			const index = FIRST.findIndex((file) => test.path.endsWith(file));
			return index === -1 ? FIRST.length : index;
		};
		return [...(await super.sort(tests))].sort((a, b) => rank(a) - rank(b));
	}
}

// For CI (.ci/run), which runs these files beside the CPU-bound suites.
TestSequencer.MINUTES_LONG = MINUTES_LONG;

module.exports = TestSequencer;
