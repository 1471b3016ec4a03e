/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- a test reading the repository's files, not node code */
/**
 * The maintainer's guide (docs/development.md, the index, and docs/development/): every design note
 * names, in its title or its first lines, a file or folder it explains that exists, and the index
 * links every page.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const GUIDE = path.join(ROOT, 'docs', 'development');
const DESIGN = path.join(GUIDE, 'design');
const index = fs.readFileSync(path.join(ROOT, 'docs', 'development.md'), 'utf8');

/** Paths in backticks in a note's opening, as the repository has them (nodes/ is implied for code). */
function namedPaths(opening: string): string[] {
	return [...opening.matchAll(/`([\w./-]+\/[\w./*-]*|[\w-]+\.(?:ts|js|json|sql|yml))`/g)]
		.map(([, named]) => named.replace(/\.\*$/, '').replace(/\*$/, ''))
		.filter((named) =>
			[
				path.join(ROOT, named),
				path.join(ROOT, 'nodes', named),
				path.join(ROOT, 'nodes', 'Storydoc', named),
			].some((candidate) => fs.existsSync(candidate) || fs.existsSync(`${candidate}.json`)),
		);
}

test('every design note names a file or folder it explains, and it exists', () => {
	const pages = fs.readdirSync(DESIGN).filter((name) => name.endsWith('.md'));
	expect(pages.length).toBeGreaterThan(30);
	const unnamed = pages.filter((name) => {
		const opening = fs.readFileSync(path.join(DESIGN, name), 'utf8').split('\n').slice(0, 14);
		return namedPaths(opening.join('\n')).length === 0;
	});
	expect(unnamed).toEqual([]);
});

test('the index links every page of the guide', () => {
	const pages = [
		...fs.readdirSync(GUIDE).filter((name) => name.endsWith('.md')),
		...fs
			.readdirSync(DESIGN)
			.filter((name) => name.endsWith('.md'))
			.map((name) => `design/${name}`),
	];
	const unlinked = pages.filter((page) => !index.includes(`](development/${page})`));
	expect(unlinked).toEqual([]);
});

test('a note naming no file, or one that does not exist, is caught', () => {
	expect(namedPaths('# A note\n\nWhy it is so, with `no/such/file.ts` and no other.')).toEqual([]);
	expect(namedPaths('# A note (`transport/rateLimit.ts`)')).toEqual(['transport/rateLimit.ts']);
});
