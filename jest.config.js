'use strict';
/** Tests run the built package (dist/) through n8n-core's engine against the local API sandbox. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.js'],
	testTimeout: 30000,
	globalSetup: '<rootDir>/test/harness/globalSetup.js',
	globalTeardown: '<rootDir>/test/harness/globalTeardown.js',
	reporters: ['default', '<rootDir>/test/harness/summaryReporter.js'],
};
