/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the harness runs in Node (jest, scripts, worker processes), not in n8n's node sandbox */
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
 * own resolver, redirected by `jestModuleNameMapper()` in jest.config.ts.
 */
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';

const ENGINE_PACKAGES = ['n8n-core', 'n8n-workflow', '@n8n/backend-common', '@n8n/di'];
const DEFAULT_LINE = '2.x';

export type EngineLine = '1.x' | '2.x';

export function line(): EngineLine {
	return (process.env.STORYDOC_N8N_LINE as EngineLine | undefined) || DEFAULT_LINE;
}

/** The folder holding the selected line's node_modules, or undefined for the project's own. */
function engineDir(): string | undefined {
	const selected = line();
	if (selected === DEFAULT_LINE) return undefined;
	const cache =
		process.env.STORYDOC_ENGINE_CACHE || path.join(os.homedir(), '.cache', 'storydoc-engines');
	const dir = path.join(cache, `n8n-${selected}`);
	if (!fs.existsSync(path.join(dir, 'node_modules', 'n8n-core', 'package.json'))) {
		throw new Error(
			`STORYDOC_N8N_LINE=${selected}: the engine is not installed in ${dir}; run scripts/install-engine.sh ${selected}`,
		);
	}
	return dir;
}

const engineRequest = (request: string) =>
	ENGINE_PACKAGES.some((name) => request === name || request.startsWith(`${name}/`));

/** Node's resolver, which `@types/node` does not declare: the one hook that can redirect every `require`. */
type ResolveFilename = (
	request: string,
	parent: NodeJS.Module | undefined,
	isMain: boolean,
	options?: { paths?: string[] },
) => string;
const resolver = Module as unknown as { _resolveFilename: ResolveFilename };

let redirected = false;

/** Makes Node's `require` of the engine packages from outside the engine tree load the selected line. */
export function redirectRequire(): void {
	const dir = engineDir();
	if (!dir || redirected) return;
	redirected = true;
	const resolve = resolver._resolveFilename;
	const inside = dir + path.sep;
	resolver._resolveFilename = function (this: unknown, request, parent, isMain, options) {
		if (
			engineRequest(request) &&
			!(parent && typeof parent.filename === 'string' && parent.filename.startsWith(inside))
		) {
			return resolve.call(this, request, parent, isMain, { paths: [dir] });
		}
		return resolve.call(this, request, parent, isMain, options);
	};
}

/** `text` as a regular expression matching it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** jest `moduleNameMapper` entries for the selected line (none for the project's own). */
export function jestModuleNameMapper(): Record<string, string> {
	const dir = engineDir();
	if (!dir) return {};
	const mapper: Record<string, string> = {};
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
export function workflowIssuesRefusal<T extends string | RegExp>(issuesOn2x: T): T | string {
	return line() === '1.x'
		? 'The workflow has issues and cannot be executed for that reason. Please fix them first.'
		: issuesOn2x;
}
