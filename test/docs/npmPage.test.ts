/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- a test reading the repository's files and asking git which it tracks, not node code */
/**
 * The README's links on npm's page: npm shows the README of the published package and resolves its
 * relative links and images against package.json's `repository` (GitHub's copy at HEAD), not the
 * package's own files. So `repository` must name the GitHub repository, and every relative link of
 * the README must be a file or folder git tracks (a generated or ignored file resolves locally, and
 * is a broken link on npm). A second check proves an untracked target is caught.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** The relative targets of Markdown links and images (`](target)`), without their `#anchor`. */
function relativeTargets(markdown: string): string[] {
	const targets = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
	return [
		...new Set(
			targets
				.filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
				.map((target) => decodeURIComponent(target.split('#')[0])),
		),
	];
}

/** The targets git does not track, as a file or as a folder holding tracked files. */
function untracked(targets: string[]): string[] {
	const tracked = spawnSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' });
	expect(tracked.status).toBe(0);
	const files = new Set(tracked.stdout.split('\n').filter(Boolean));
	const folders = new Set(
		[...files].flatMap((file) => {
			const parts = file.split('/');
			return parts.slice(1).map((_, index) => `${parts.slice(0, index + 1).join('/')}/`);
		}),
	);
	return targets.filter(
		(target) => !files.has(target) && !folders.has(target.replace(/\/?$/, '/')),
	);
}

test("package.json's repository is the GitHub repository npm resolves the README's links against", () => {
	const { repository } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	expect(repository.type).toBe('git');
	expect(repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
});

test('every relative link and image of the README is a file or folder in the repository, as npm’s page resolves it', () => {
	const targets = relativeTargets(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
	expect(targets.length).toBeGreaterThan(20);
	expect(untracked(targets)).toEqual([]);
});

test('a link to a file git does not track is caught', () => {
	const targets = relativeTargets(
		'[built](dist/nodes/Storydoc/Storydoc.node.js) [ok](README.md#install)',
	);
	expect(targets).toEqual(['dist/nodes/Storydoc/Storydoc.node.js', 'README.md']);
	expect(untracked(targets)).toEqual(['dist/nodes/Storydoc/Storydoc.node.js']);
});
