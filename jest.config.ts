/**
 * Tests run the built package (dist/) through n8n-core's engine against the local API sandbox.
 * STORYDOC_N8N_LINE=1.x runs them on n8n 1.x's engine instead of the project's own (engineLine.ts).
 *
 * ts-jest only transpiles (test/tsconfig.json sets isolatedModules); `npm run test:types` type-checks
 * the test tree with tsc. jest reads this file through ts-node; the reporter it names stays
 * JavaScript because jest loads reporters without any transform.
 */
import type { Config } from 'jest';

import { jestModuleNameMapper } from './test/harness/engineLine';

const config: Config = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
	testTimeout: 30000,
	// One worker per core, not jest's default of one fewer: the tests mostly wait (on the sandbox's
	// latency, rate-limit windows and poll schedules), so on 2 cores two workers halve the run
	// (358 s → 187 s) and leave the CPU half idle.
	maxWorkers: '100%',
	moduleNameMapper: jestModuleNameMapper(),
	globalSetup: '<rootDir>/test/harness/globalSetup.ts',
	globalTeardown: '<rootDir>/test/harness/globalTeardown.ts',
	reporters: ['default', '<rootDir>/test/harness/summaryReporter.js'],
};

export default config;
