/* eslint-disable @n8n/community-nodes/no-restricted-imports -- jest's config runs this in Node, and it reads the repository's files */
/**
 * The test files that run the same on every engine line: nothing they import, directly or through
 * the files they import, is an n8n package or reads which line is selected, and they start no other
 * process (which could run the engine). `npm run test:n8n-1` leaves them out; `npm test` runs them.
 * docs/development.md › Engine lines.
 */
import fs from 'node:fs';
import path from 'node:path';

import { filesUnder } from './repoFiles';

/** What ties a file to the engine line: an n8n package, the line's variable, a child process. */
const ENGINE_PACKAGE = /^(n8n-core|n8n-workflow|@n8n\/)/;
const LINE_AWARE = /STORYDOC_N8N_LINE|node:child_process|'child_process'/;
const SPECIFIER = /(?:from\s+|require\(\s*|import\(\s*)'([^']+)'/g;
/** Type-only imports and exports, which TypeScript erases: they load nothing. */
const TYPE_ONLY = /(?:import|export)\s+type\s[^;]*?from\s+'[^']+'/gs;
const EXTENSIONS = ['', '.ts', '.js', '/index.ts', '/index.js'];

function resolveRelative(from: string, specifier: string): string | undefined {
	const base = path.resolve(path.dirname(from), specifier);
	return EXTENSIONS.map((extension) => base + extension).find(
		(candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
	);
}

interface FileFacts {
	/** It loads an n8n package itself or is tied to the line. */
	tied: boolean;
	/** The package files it imports by relative path. */
	imports: string[];
}

/** What one file says of itself, read once (memoized in `facts`). */
function factsOf(file: string, facts: Map<string, FileFacts>): FileFacts {
	let known = facts.get(file);
	if (!known) {
		const text = fs.readFileSync(file, 'utf8').replace(TYPE_ONLY, '');
		const specifiers = [...text.matchAll(SPECIFIER)].map(([, specifier]) => specifier);
		const relative = specifiers.filter((specifier) => specifier.startsWith('.'));
		known = {
			tied:
				LINE_AWARE.test(text) ||
				specifiers.some(
					(specifier) => !specifier.startsWith('.') && ENGINE_PACKAGE.test(specifier),
				),
			imports: relative.flatMap((specifier) => resolveRelative(file, specifier) ?? []),
		};
		facts.set(file, known);
	}
	return known;
}

/** Whether `file`, or any file reachable through its imports, is tied (a walk, so circles are whole). */
function tiedToEngine(file: string, facts: Map<string, FileFacts>): boolean {
	const seen = new Set<string>();
	const stack = [file];
	while (stack.length > 0) {
		const next = stack.pop() as string;
		if (seen.has(next)) continue;
		seen.add(next);
		const { tied, imports } = factsOf(next, facts);
		if (tied) return true;
		stack.push(...imports);
	}
	return false;
}

/** The absolute paths of the test files under `root`/test that no engine line can change. */
export function engineFreeTests(root: string): string[] {
	const facts = new Map<string, FileFacts>();
	return filesUnder(root, 'test', (name) => name.endsWith('.test.ts'))
		.map((file) => path.join(root, file))
		.filter((file) => !tiedToEngine(file, facts));
}
