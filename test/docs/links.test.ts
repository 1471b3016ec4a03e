/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- a test running a Markdown checker (a child process) over the repository's files, not node code */
/**
 * Every relative link and `#anchor` in the repository's Markdown resolves, checked offline by
 * remark-validate-links (GitHub's heading anchors, GFM tables included). A second check proves the
 * checker catches a broken anchor, so a silent checker cannot pass.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const REMARK = path.join(ROOT, 'node_modules', 'remark-cli', 'cli.js');
/** Plugins by path: remark resolves a bare name from the folder it runs in. */
const plugin = (name: string) => path.join(ROOT, 'node_modules', name, 'index.js');
const MARKDOWN = ['README.md', 'CHANGELOG.md', 'docs', 'sandbox/README.md'];

/** remark's report (without colours) and exit code for the given files, run from `cwd`. */
function checkLinks(files: string[], cwd = ROOT) {
	const run = spawnSync(
		process.execPath,
		[
			REMARK,
			'--quiet',
			'--frail',
			'--no-stdout',
			'--no-color',
			'--use',
			plugin('remark-gfm'),
			'--use',
			`${plugin('remark-validate-links')}=repository:false`,
			...files,
		],
		{ cwd, encoding: 'utf8' },
	);
	return { code: run.status, report: `${run.stdout}${run.stderr}`.trim() };
}

test("every relative link and anchor in README.md, CHANGELOG.md, docs/ and the sandbox's README resolves", () => {
	const { code, report } = checkLinks(MARKDOWN);
	expect(report).toBe('');
	expect(code).toBe(0);
});

test('the checker reports a link to a missing heading and a missing file', () => {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-links-'));
	try {
		fs.writeFileSync(
			path.join(folder, 'page.md'),
			'# Page\n\n| a |\n|---|\n| [there](#no-such-heading) |\n\n[gone](missing.md)\n',
		);
		const { code, report } = checkLinks(['page.md'], folder);
		expect(code).not.toBe(0);
		expect(report).toContain('no-such-heading');
		expect(report).toContain('missing.md');
	} finally {
		fs.rmSync(folder, { recursive: true, force: true });
	}
});
