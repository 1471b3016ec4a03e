'use strict';
/**
 * What every benchmark shares around its figures: its command-line flags, and its checks (a line
 * each, then `bench: N checks passed, N failed`). A benchmark's checks are not tests: CI counts them
 * in its exit status only.
 */

/** The value after `flag` on the command line, or undefined. */
function argValue(flag) {
	const index = process.argv.indexOf(flag);
	return index === -1 ? undefined : process.argv[index + 1];
}

function createChecks() {
	const results = [];
	return {
		check(name, ok, detail = '') {
			results.push(ok);
			console.log(`${ok ? 'ok    ' : 'FAILED'}  ${name}${detail ? `: ${detail}` : ''}`);
		},
		/** Prints the summary line and sets the exit status. */
		summarize() {
			const failed = results.filter((ok) => !ok).length;
			console.log(`bench: ${results.length - failed} checks passed, ${failed} failed`);
			process.exitCode = failed ? 1 : 0;
		},
	};
}

/** For a benchmark that could not finish: its error, a failed summary, and exit (what it started may hang). */
function benchCrashed(error) {
	console.error(error);
	console.log('bench: 0 checks passed, 1 failed');
	process.exit(1);
}

module.exports = { argValue, benchCrashed, createChecks };
