'use strict';
/** Tests run the built package (dist/) through n8n-core's engine against the local API sandbox. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.js'],
	testTimeout: 30000,
	reporters: ['default', '<rootDir>/test/harness/summaryReporter.js'],
};
