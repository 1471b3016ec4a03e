'use strict';
/**
 * n8n's engine in this process, for the scripts that run the built package through it (the demo, the
 * live check, the benchmarks): the harness the tests use (test/harness/n8n.ts), which also gives the
 * process a throwaway n8n user folder.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** Whether dist/ holds a build (the harness loads the package from it). */
const isBuilt = () => fs.existsSync(path.join(ROOT, 'dist', 'nodes'));

/** The engine harness; it is TypeScript, which ts-node compiles on load. */
function loadEngine() {
	require('ts-node').register({ transpileOnly: true, project: path.join(ROOT, 'tsconfig.json') });
	return require('../test/harness/n8n');
}

module.exports = { isBuilt, loadEngine };
