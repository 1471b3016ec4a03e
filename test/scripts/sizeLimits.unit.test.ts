/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox, and read the repository's files */
/**
 * The code around the node stays readable: in e2e/, scripts/ and sandbox/, no source file over 400
 * lines and no function over 80 (counted with TypeScript's parser, from its first line to its last,
 * nested functions included). Data lives as data: JSON (such as the n8n lockfiles) is not counted,
 * and a source file that only holds data may be named below, with why.
 */
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

import { filesUnder } from '../harness/repoFiles';

const ROOT = path.resolve(__dirname, '..', '..');
const FOLDERS = ['e2e', 'scripts', 'sandbox'];
const SOURCE = /\.(?:js|cjs|mjs|ts|sh)$/;
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
/** Source files that hold data only (path → why), exempt from the file limit. None so far: the sandbox's seed data is split by what it describes (sandbox/data/). */
const DATA_FILES: Record<string, string> = {};

const sourceFiles = (folder: string) => filesUnder(ROOT, folder, (name) => SOURCE.test(name));

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Every function of a JavaScript or TypeScript file longer than the limit: "name (line N): L lines". */
function longFunctions(file: string, text: string): string[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
			const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			if (last - first + 1 > MAX_FUNCTION_LINES) {
				const named = node.name ?? (node.parent as { name?: ts.Node }).name;
				found.push(
					`${named?.getText() ?? '(anonymous)'} (line ${first + 1}): ${last - first + 1} lines`,
				);
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

const files = FOLDERS.flatMap(sourceFiles);

test('the folders hold source files to check', () => {
	expect(files.filter((file) => file.startsWith('e2e/')).length).toBeGreaterThan(10);
	expect(files.filter((file) => file.startsWith('sandbox/')).length).toBeGreaterThan(10);
});

test(`no file in ${FOLDERS.join('/, ')}/ over ${MAX_FILE_LINES} lines (data files named apart)`, () => {
	const long = files
		.filter((file) => !(file in DATA_FILES))
		.map((file) => ({ file, lines: lineCount(fs.readFileSync(path.join(ROOT, file), 'utf8')) }))
		.filter(({ lines }) => lines > MAX_FILE_LINES);
	expect(long).toEqual([]);
});

test(`no function in ${FOLDERS.join('/, ')}/ over ${MAX_FUNCTION_LINES} lines`, () => {
	const long = files
		.filter((file) => !file.endsWith('.sh'))
		.flatMap((file) =>
			longFunctions(file, fs.readFileSync(path.join(ROOT, file), 'utf8')).map(
				(fn) => `${file}: ${fn}`,
			),
		);
	expect(long).toEqual([]);
});

test('the counter sees a long function, nested or not', () => {
	const body = Array.from(
		{ length: MAX_FUNCTION_LINES },
		(_, index) => `\tconst a${index} = ${index};`,
	);
	const text = ['function outer() {', '\tconst inner = () => {', ...body, '\t};', '}'].join('\n');
	expect(longFunctions('example.js', text)).toEqual([
		`outer (line 1): ${MAX_FUNCTION_LINES + 4} lines`,
		`inner (line 2): ${MAX_FUNCTION_LINES + 2} lines`,
	]);
});
