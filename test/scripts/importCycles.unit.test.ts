/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox, and read the repository's files */
/**
 * No circle of imports in the package's sources (nodes/, credentials/): a type that several files
 * share lives with the shared types (actions/node.type.ts, helpers/interfaces.ts), not in a file
 * that imports them all. Relative imports only; type-only imports count too.
 */
import fs from 'node:fs';
import path from 'node:path';

import { filesUnder } from '../harness/repoFiles';

const ROOT = path.resolve(__dirname, '..', '..');

const sourceFiles = (folder: string) => filesUnder(ROOT, folder, (name) => name.endsWith('.ts'));

/** The package files a file imports (relative specifiers resolved to `.ts` or `index.ts`). */
function importsOf(file: string): string[] {
	const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
	return [...text.matchAll(/from '(\.[^']+)'/g)].flatMap(([, specifier]) => {
		const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
		return [`${target}.ts`, `${target}/index.ts`].filter((candidate) =>
			fs.existsSync(path.join(ROOT, candidate)),
		);
	});
}

/** Every circle found by a depth-first walk, each as the files in it. */
function circles(graph: Map<string, string[]>): string[][] {
	const found: string[][] = [];
	const done = new Set<string>();
	const walk = (file: string, stack: string[]) => {
		if (stack.includes(file)) {
			found.push(stack.slice(stack.indexOf(file)));
			return;
		}
		if (done.has(file)) return;
		for (const next of graph.get(file) ?? []) walk(next, [...stack, file]);
		done.add(file);
	};
	for (const file of graph.keys()) walk(file, []);
	return found;
}

test('the package sources import one another without a circle', () => {
	const files = [...sourceFiles('nodes'), ...sourceFiles('credentials')];
	const graph = new Map(files.map((file) => [file, importsOf(file)]));
	expect(files.length).toBeGreaterThan(50);
	expect([...graph.values()].flat().length).toBeGreaterThan(100);
	expect(circles(graph).map((circle) => circle.join(' → '))).toEqual([]);
});
