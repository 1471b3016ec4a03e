'use strict';
/**
 * Which line of n8n's engine the tests, the harness and the built package run on.
 *
 *   STORYDOC_N8N_LINE unset or 2.x   the project's own devDependencies (n8n-core 2.41.1)
 *   STORYDOC_N8N_LINE=1.x            the tree `scripts/install-engine.sh 1.x` installs: n8n-core,
 *                                    n8n-workflow, @n8n/backend-common and @n8n/di as n8n 1.123.x
 *                                    ships them (test/engines/n8n-1.x/package.json)
 *
 * Every `require` of those packages from the project (dist/, the harness, tests, worker processes)
 * must reach the same copy, or `instanceof NodeApiError` fails across copies. Node's resolver is
 * redirected by `redirectRequire()` (the harness calls it before it loads n8n-core); jest has its
 * own resolver, redirected by `jestModuleNameMapper()` in jest.config.js.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ENGINE_PACKAGES = ['n8n-core', 'n8n-workflow', '@n8n/backend-common', '@n8n/di'];
const DEFAULT_LINE = '2.x';

function line() {
	return process.env.STORYDOC_N8N_LINE || DEFAULT_LINE;
}

/** The folder holding the selected line's node_modules, or undefined for the project's own. */
function engineDir() {
	const selected = line();
	if (selected === DEFAULT_LINE) return undefined;
	const cache = process.env.STORYDOC_ENGINE_CACHE || path.join(os.homedir(), '.cache', 'storydoc-engines');
	const dir = path.join(cache, `n8n-${selected}`);
	if (!fs.existsSync(path.join(dir, 'node_modules', 'n8n-core', 'package.json'))) {
		throw new Error(
			`STORYDOC_N8N_LINE=${selected}: the engine is not installed in ${dir}; run scripts/install-engine.sh ${selected}`,
		);
	}
	return dir;
}

const engineRequest = (request) =>
	ENGINE_PACKAGES.some((name) => request === name || request.startsWith(`${name}/`));

let redirected = false;

/** Makes Node's `require` of the engine packages from outside the engine tree load the selected line. */
function redirectRequire() {
	const dir = engineDir();
	if (!dir || redirected) return;
	redirected = true;
	const Module = require('node:module');
	const resolve = Module._resolveFilename;
	const inside = dir + path.sep;
	Module._resolveFilename = function (request, parent, isMain, options) {
		if (engineRequest(request) && !(parent && typeof parent.filename === 'string' && parent.filename.startsWith(inside))) {
			return resolve.call(this, request, parent, isMain, { paths: [dir] });
		}
		return resolve.call(this, request, parent, isMain, options);
	};
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** jest `moduleNameMapper` entries for the selected line (none for the project's own). */
function jestModuleNameMapper() {
	const dir = engineDir();
	if (!dir) return {};
	const mapper = {};
	for (const name of ENGINE_PACKAGES) {
		const target = path.join(dir, 'node_modules', name);
		mapper[`^${escapeRegExp(name)}$`] = target;
		mapper[`^${escapeRegExp(name)}/(.*)$`] = `${target}/$1`;
	}
	return mapper;
}

/**
 * What n8n throws for a workflow whose nodes have parameter issues: 2.x names them (`issuesOn2x`);
 * 1.x refuses the workflow as a whole.
 */
function workflowIssuesRefusal(issuesOn2x) {
	return line() === '1.x' ? 'The workflow has issues and cannot be executed for that reason. Please fix them first.' : issuesOn2x;
}

module.exports = { jestModuleNameMapper, line, redirectRequire, workflowIssuesRefusal };
