/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- tests run in Node, not in n8n's node sandbox, and run git and release-it */
/**
 * `npm run release` (`n8n-node release`, which runs release-it and, after its bump, `npx
 * auto-changelog -p`) tags the version package.json holds and leaves the hand-written CHANGELOG as
 * it is: release-it's `increment` is off, auto-changelog writes into node_modules/, and the
 * CHANGELOG has that version's section. A dry run of release-it with n8n-node's flags, in a
 * throwaway clone with a local origin, shows the tag it would make (docs/development/releasing.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
	version: string;
	devDependencies: Record<string, string>;
	'release-it'?: { increment?: unknown };
	'auto-changelog'?: { output?: string };
};
const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');

/** n8n-node release's flags for release-it (@n8n/node-cli's `release` command), hooks as echoes. */
const N8N_NODE_FLAGS = [
	'--git.requireBranch',
	'main',
	'--git.requireCleanWorkingDir',
	'--git.requireUpstream',
	'--git.requireCommits',
	'--git.commit',
	'--git.tag',
	'--git.push',
	'--git.changelog=echo notes',
	'--no-github.release',
	'--hooks.after:bump=npx auto-changelog -p',
	'--npm.publish=false',
];

function git(cwd: string, ...args: string[]) {
	const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
		cwd,
		encoding: 'utf8',
	});
	if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
	return run.stdout;
}

test("the CHANGELOG's newest version is package.json's, with a date", () => {
	const versions = [
		...changelog.matchAll(/^## \[(\d+\.\d+\.\d+[^\]]*)\] - (\d{4}-\d{2}-\d{2})$/gm),
	];
	expect(versions[0]?.[1]).toBe(manifest.version);
});

test('release-it keeps the version package.json holds; auto-changelog writes nothing git tracks or npm packs', () => {
	expect(manifest['release-it']?.increment).toBe(false);
	const output = manifest['auto-changelog']?.output ?? 'CHANGELOG.md';
	expect(output.startsWith('node_modules/')).toBe(true);
	expect(fs.readFileSync(path.join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain(
		'node_modules',
	);
	expect(manifest.devDependencies['release-it']).toBeDefined();
});

test("a dry run of release-it with n8n-node release's flags tags package.json's version, unbumped", () => {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-release-'));
	try {
		const clone = path.join(work, 'clone');
		git(work, 'clone', '--quiet', '--bare', ROOT, 'origin.git');
		git(work, 'clone', '--quiet', path.join(work, 'origin.git'), clone);
		git(clone, 'checkout', '--quiet', '-B', 'main');
		// The working tree's package.json (what this test checks), committed and pushed.
		fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(clone, 'package.json'));
		git(clone, 'commit', '--quiet', '--allow-empty', '-am', 'package.json as checked');
		git(clone, 'push', '--quiet', '-u', 'origin', 'main');
		const releaseIt = path.join(ROOT, 'node_modules', 'release-it', 'bin', 'release-it.js');
		const run = spawnSync(process.execPath, [releaseIt, '--dry-run', '--ci', ...N8N_NODE_FLAGS], {
			cwd: clone,
			encoding: 'utf8',
		});
		const printed = `${run.stdout}${run.stderr}`;
		expect(printed).toContain(`currently at ${manifest.version}`);
		expect(printed).toContain(
			`git tag --annotate --message Release ${manifest.version} ${manifest.version}`,
		);
		expect(run.status).toBe(0);
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
});
