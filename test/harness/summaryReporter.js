'use strict';
const path = require('node:path');

/**
 * Ends every run with the one line CI reads, `tests: N passed, N failed`, after one `failed: …` line
 * per failed test or file that did not run: CI may show only the tail of a long log, and jest prints
 * each failure where it happened, minutes earlier.
 */
class SummaryReporter {
	constructor(globalConfig) {
		this.root = globalConfig.rootDir;
	}

	onRunComplete(_contexts, results) {
		for (const file of results.testResults) {
			const where = path.relative(this.root, file.testFilePath);
			if (file.testExecError)
				process.stdout.write(
					`failed: ${where} (did not run: ${firstLine(file.testExecError.message)})\n`,
				);
			for (const test of file.testResults)
				if (test.status === 'failed')
					process.stdout.write(
						`failed: ${where} › ${test.fullName} (${firstLine(test.failureMessages[0])})\n`,
					);
		}
		const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
		process.stdout.write(`tests: ${results.numPassedTests} passed, ${failed} failed\n`);
	}
}

/** The first line of a failure, without jest's colours, at most 200 characters. */
function firstLine(message = '') {
	const line =
		message
			.replace(/\u001b\[[0-9;]*m/g, '')
			.split('\n')
			.find((text) => text.trim()) ?? '';
	return line.trim().slice(0, 200);
}

module.exports = SummaryReporter;
