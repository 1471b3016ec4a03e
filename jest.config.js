'use strict';
/**
 * Tests run the built package (dist/) through n8n-core's engine against the local API sandbox.
 * STORYDOC_N8N_LINE=1.x runs them on n8n 1.x's engine instead of the project's own (engineLine.js).
 */
const { jestModuleNameMapper } = require('./test/harness/engineLine');

module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.js'],
	testTimeout: 30000,
	moduleNameMapper: jestModuleNameMapper(),
	globalSetup: '<rootDir>/test/harness/globalSetup.js',
	globalTeardown: '<rootDir>/test/harness/globalTeardown.js',
	reporters: ['default', '<rootDir>/test/harness/summaryReporter.js'],
};
