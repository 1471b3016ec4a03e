/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests run in Node (node:path), and the reporter writes to process.stdout */
/**
 * The closing lines every jest run prints (test/harness/summaryReporter.js): one `failed: …` line per
 * failed test or file that did not run, so that the tail of CI's log names them, then the count.
 */
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest loads the reporter as CommonJS
const SummaryReporter = require('../harness/summaryReporter');

const ROOT = path.resolve(__dirname, '..', '..');

function printed(results: unknown): string[] {
	const lines: string[] = [];
	const write = jest
		.spyOn(process.stdout, 'write')
		.mockImplementation((text: string | Uint8Array) => lines.push(String(text)) > 0);
	try {
		new SummaryReporter({ rootDir: ROOT }).onRunComplete(new Set(), results);
	} finally {
		write.mockRestore();
	}
	return lines.join('').split('\n').filter(Boolean);
}

test('a green run prints the count alone', () => {
	const results = {
		numPassedTests: 3,
		numFailedTests: 0,
		numRuntimeErrorTestSuites: 0,
		testResults: [
			{
				testFilePath: path.join(ROOT, 'test/a.test.ts'),
				testResults: [{ status: 'passed', fullName: 'a', failureMessages: [] }],
			},
		],
	};
	expect(printed(results)).toEqual(['tests: 3 passed, 0 failed']);
});

test('each failed test and each file that did not run is named before the count, by its path and first line', () => {
	const results = {
		numPassedTests: 5,
		numFailedTests: 2,
		numRuntimeErrorTestSuites: 1,
		testResults: [
			{
				testFilePath: path.join(ROOT, 'test/scripts/live.test.ts'),
				testResults: [
					{ status: 'passed', fullName: 'fine', failureMessages: [] },
					{
						status: 'failed',
						fullName: 'reads only',
						failureMessages: [
							'\n\u001b[31mthrown: "Exceeded timeout of 30000 ms for a test.\u001b[39m\nmore',
						],
					},
					{
						status: 'failed',
						fullName: 'writes once',
						failureMessages: ['Error: expect(received)'],
					},
				],
			},
			{
				testFilePath: path.join(ROOT, 'e2e/scenarios/mcp.test.js'),
				testExecError: { message: 'Cannot find module x\n  at y' },
				testResults: [],
			},
		],
	};
	expect(printed(results)).toEqual([
		'failed: test/scripts/live.test.ts › reads only (thrown: "Exceeded timeout of 30000 ms for a test.)',
		'failed: test/scripts/live.test.ts › writes once (Error: expect(received))',
		'failed: e2e/scenarios/mcp.test.js (did not run: Cannot find module x)',
		'tests: 5 passed, 3 failed',
	]);
});
