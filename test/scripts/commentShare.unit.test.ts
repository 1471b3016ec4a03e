/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox, and read the repository's files */
/**
 * The package's code keeps its comments to the one line of "why" (STYLE.md): under 5 % of the
 * non-blank lines of nodes/ are comments (n8n's own nodes run at about 2 %). Longer reasoning goes
 * to docs/development.md › Design notes.
 */
import fs from 'node:fs';
import path from 'node:path';

import { filesUnder } from '../harness/repoFiles';

const ROOT = path.resolve(__dirname, '..', '..');
const MAX_COMMENT_SHARE = 0.05;

const sourceFiles = (folder: string) => filesUnder(ROOT, folder, (name) => name.endsWith('.ts'));

/** Non-blank lines, and those that are comments (`//`, or inside or opening a block comment). */
function countLines(text: string) {
	let lines = 0;
	let comments = 0;
	let inBlock = false;
	for (const line of text.split('\n').map((raw) => raw.trim())) {
		if (!line) continue;
		lines++;
		if (inBlock) {
			comments++;
			inBlock = !line.includes('*/');
		} else if (line.startsWith('//')) {
			comments++;
		} else if (line.startsWith('/*')) {
			comments++;
			inBlock = !line.includes('*/');
		}
	}
	return { lines, comments };
}

test(`under ${MAX_COMMENT_SHARE * 100} % of nodes/ is comments`, () => {
	const counts = sourceFiles('nodes').map((file) =>
		countLines(fs.readFileSync(path.join(ROOT, file), 'utf8')),
	);
	const lines = counts.reduce((sum, count) => sum + count.lines, 0);
	const comments = counts.reduce((sum, count) => sum + count.comments, 0);
	expect(lines).toBeGreaterThan(3000);
	process.stdout.write(
		`nodes/: ${comments} comment lines of ${lines} (${((100 * comments) / lines).toFixed(2)} %)\n`,
	);
	expect(comments / lines).toBeLessThan(MAX_COMMENT_SHARE);
});
