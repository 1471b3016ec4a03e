/**
 * Three tiers, run together by `npm test` and apart with `--selectProjects`:
 * - unit: `*.unit.test.ts`, pure functions imported from the TypeScript sources (`npm run test:unit`);
 * - engine: the node run through n8n-core's engine against the local API sandbox (`dist/`);
 * - reliability: the slow fault, rate-limit and secret checks (`npm run test:reliability`).
 * STORYDOC_N8N_LINE=1.x runs them on n8n 1.x's engine instead of the project's own (engineLine.ts).
 * ts-jest only transpiles (test/tsconfig.json sets isolatedModules); `npm run test:types` type-checks.
 */
import type { Config } from 'jest';

import { jestModuleNameMapper } from './test/harness/engineLine';

const shared = {
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
	moduleNameMapper: jestModuleNameMapper(),
};

const config: Config = {
	testTimeout: 30000,
	// The tests mostly wait (sandbox latency, rate-limit windows, poll schedules): one worker per core.
	maxWorkers: '100%',
	globalSetup: '<rootDir>/test/harness/globalSetup.ts',
	globalTeardown: '<rootDir>/test/harness/globalTeardown.ts',
	reporters: ['default', '<rootDir>/test/harness/summaryReporter.js'],
	projects: [
		{ ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/**/*.unit.test.ts'] },
		{
			...shared,
			displayName: 'engine',
			testMatch: ['<rootDir>/test/**/*.test.ts'],
			testPathIgnorePatterns: ['\\.unit\\.test\\.ts$', '<rootDir>/test/reliability/'],
		},
		{
			...shared,
			displayName: 'reliability',
			testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
		},
	],
};

export default config;
