/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- jest loads this file in Node; the projects asked for are in its command line (process.argv), and its workers count the cores (node:os) */
/**
 * Three tiers, run together by `npm test` (and a bare `jest`) and apart with `--selectProjects`:
 * - unit: `*.unit.test.ts`, pure functions imported from the TypeScript sources (`npm run test:unit`);
 * - engine: the node run through n8n-core's engine against the local API sandbox (`dist/`);
 * - reliability: the slow fault, rate-limit and secret checks (`npm run test:reliability`).
 * STORYDOC_N8N_LINE=1.x runs them on n8n 1.x's engine instead of the project's own (engineLine.ts).
 * ts-jest only transpiles (test/tsconfig.json sets isolatedModules); `npm run test:types` type-checks.
 *
 * And three projects in the real n8n app (e2e/), minutes each, run only when named:
 * - e2e: one scenario per file in e2e/scenarios/ (`npm run test:e2e`; STORYDOC_E2E_N8N picks n8n);
 * - ui: the editor in Chromium (`npm run test:ui`);
 * - scale: n8n's queue mode (`npm run test:scale`);
 * - scale-full: queue mode at a sales team's size, every line (`npm run test:scale:full`).
 */
import os from 'node:os';

import type { Config } from 'jest';

import { engineFreeTests } from './test/harness/engineFreeTests';
import { escapeRegExp, jestModuleNameMapper, line } from './test/harness/engineLine';

/**
 * On n8n 1.x's engine, the test files no engine line can change are left out: `npm test` ran them
 * (test/harness/engineFreeTests.ts says which).
 */
const sameOnEveryLine =
	line() === '2.x' ? [] : engineFreeTests(__dirname).map((file) => `^${escapeRegExp(file)}$`);

const shared = {
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
	moduleNameMapper: jestModuleNameMapper(),
};

/**
 * A real-app project: JavaScript scenarios, minutes per test (e2e/harness/timeouts.js). It keeps the
 * tiers' transform: jest compiles the run's globalSetup (TypeScript) with the first project's.
 */
const realApp = (name: string) => ({
	...shared,
	displayName: name,
	setupFilesAfterEnv: ['<rootDir>/e2e/harness/timeouts.js'],
	testMatch: [`<rootDir>/e2e/${name === 'e2e' ? 'scenarios' : name}/**/*.test.js`],
});
const REAL_APP_PROJECTS = ['e2e', 'ui', 'scale', 'scale-full'];

/**
 * The project names given to `--selectProjects` (jest reads this file in the process it was started
 * in). It takes every word after it: the npm scripts put `--verbose` after the name, so that a path
 * given after `--` (`npm run test:e2e -- e2e/scenarios/mcp.test.js`) is a path, not a project.
 */
function selectedProjects(args: string[]): string[] {
	const names: string[] = [];
	args.forEach((arg, index) => {
		if (arg.startsWith('--selectProjects=')) names.push(...arg.split('=')[1].split(','));
		if (arg !== '--selectProjects') return;
		for (const next of args.slice(index + 1)) {
			if (next.startsWith('-')) break;
			names.push(next);
		}
	});
	return names;
}

const config: Config = {
	// A hang catcher, not a bound on speed: a test that takes seconds alone took over 30 on CI's two
	// cores beside n8n apps and other suites (docs/development.md › Tests on a busy machine).
	testTimeout: 5 * 60_000,
	// The tests mostly wait (sandbox latency, rate-limit windows, faults that hang): one worker per
	// core left a 2-core machine half idle (docs/development.md › CI's budget), so two per core, at
	// most 8 (each worker holds an n8n engine) ('200%' would not do: jest reads it as 200 workers).
	maxWorkers: Math.min(2 * os.cpus().length, 8),
	globalSetup: '<rootDir>/test/harness/globalSetup.ts',
	globalTeardown: '<rootDir>/test/harness/globalTeardown.ts',
	reporters: ['default', '<rootDir>/test/harness/summaryReporter.js'],
	testSequencer: '<rootDir>/test/harness/testSequencer.js',
	projects: [
		{
			...shared,
			displayName: 'unit',
			testMatch: ['<rootDir>/test/**/*.unit.test.ts'],
			testPathIgnorePatterns: sameOnEveryLine,
		},
		{
			...shared,
			displayName: 'engine',
			testMatch: ['<rootDir>/test/**/*.test.ts'],
			testPathIgnorePatterns: [
				'\\.unit\\.test\\.ts$',
				'<rootDir>/test/reliability/',
				...sameOnEveryLine,
			],
		},
		{
			...shared,
			displayName: 'reliability',
			testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
			testPathIgnorePatterns: sameOnEveryLine,
		},
		// Named or nothing: `npm test` must not install and start n8n.
		...REAL_APP_PROJECTS.filter((name) => selectedProjects(process.argv).includes(name)).map(
			realApp,
		),
	],
};

export default config;
