/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- a test reading the repository's files, not node code */
/**
 * README.md: its contents line links every `## ` section, in order, and nothing else; and what it
 * says of n8n 3.0 about the package itself holds (docs/compatibility.md); and the Reader filter as
 * docs/analytics.md says.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { Storydoc } from '../../nodes/Storydoc/Storydoc.node';
import { StorydocTrigger } from '../../nodes/StorydocTrigger/StorydocTrigger.node';

const ROOT = path.resolve(__dirname, '..', '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const ANALYTICS = fs.readFileSync(path.join(ROOT, 'docs', 'analytics.md'), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');

/** The `## ` headings outside code blocks, in order. */
function sectionHeadings(markdown: string): string[] {
	const headings: string[] = [];
	let inCode = false;
	for (const line of markdown.split('\n')) {
		if (line.startsWith('```')) inCode = !inCode;
		else if (!inCode && line.startsWith('## ')) headings.push(line.slice(3));
	}
	return headings;
}

/** The contents line: the first paragraph made of in-page links only, before the first section. */
function contentsLinks(markdown: string): Array<{ text: string; anchor: string }> {
	const intro = markdown.slice(0, markdown.indexOf('\n## '));
	const paragraph = intro
		.split(/\n\s*\n/)
		.find((block) => /^\[[^\]]+\]\(#[^)]+\)(\s*·\s*\[[^\]]+\]\(#[^)]+\))*\s*$/.test(block.trim()));
	if (!paragraph) return [];
	return [...paragraph.matchAll(/\[([^\]]+)\]\(#([^)]+)\)/g)].map(([, text, anchor]) => ({
		text,
		anchor,
	}));
}

describe('README › the contents line', () => {
	test('links every `## ` section, in the order of the document, by its own anchor and name', () => {
		const sections = sectionHeadings(README);
		expect(sections.length).toBeGreaterThan(5);
		expect(contentsLinks(README)).toEqual(
			sections.map((heading) => ({ text: heading, anchor: anchorOf(heading) })),
		);
	});

	test('the check fails for a section the line leaves out', () => {
		const withNewSection = `${README}\n## A new section\n\nText.\n`;
		const sections = sectionHeadings(withNewSection).map(anchorOf);
		const linked = contentsLinks(withNewSection).map((link) => link.anchor);
		expect(sections.filter((anchor) => !linked.includes(anchor))).toEqual(['a-new-section']);
	});

	test("anchors as GitHub makes them, for this README's headings", () => {
		expect(anchorOf('Use with AI agents')).toBe('use-with-ai-agents');
		expect(anchorOf('Your first personalized link')).toBe('your-first-personalized-link');
		expect(anchorOf('Analytics › Get Events (Team plan)')).toBe('analytics--get-events-team-plan');
	});
});

describe('docs/compatibility.md: n8n 3.0', () => {
	const examples = fs
		.readdirSync(path.join(ROOT, 'examples'))
		.filter((name) => name.endsWith('.json'))
		.map((name) => ({
			name,
			text: fs.readFileSync(path.join(ROOT, 'examples', name), 'utf8'),
		}));

	/** The nodes n8n 3.0 removes (docs.n8n.io › n8n 3.0 breaking changes), by type. */
	const REMOVED_TYPES = [
		'n8n-nodes-base.function',
		'n8n-nodes-base.functionItem',
		'n8n-nodes-base.itemLists',
		'n8n-nodes-base.aiTransform',
		'@n8n/n8n-nodes-langchain.code',
	];

	test('the package declares community-node API version 1', () => {
		const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
		expect(manifest.n8n.n8nNodesApiVersion).toBe(1);
	});

	test('neither node sets defaults.color', () => {
		for (const node of [new Storydoc(), new StorydocTrigger()]) {
			expect(Object.keys(node.description.defaults)).toEqual(['name']);
		}
	});

	test('no node code or example uses $getPairedItem', () => {
		const sources = (dir: string): string[] =>
			fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
				const full = path.join(dir, entry.name);
				return entry.isDirectory() ? sources(full) : [full];
			});
		const files = [
			...sources(path.join(ROOT, 'nodes')),
			...sources(path.join(ROOT, 'credentials')),
		];
		expect(files.length).toBeGreaterThan(10);
		const users = [
			...files.filter((file) => fs.readFileSync(file, 'utf8').includes('$getPairedItem')),
			...examples.filter(({ text }) => text.includes('$getPairedItem')).map(({ name }) => name),
		];
		expect(users).toEqual([]);
	});

	test('no example uses a node 3.0 removes, nor version 1 of the AI Agent', () => {
		expect(examples.length).toBeGreaterThan(0);
		const used = examples.flatMap(({ name, text }) =>
			(JSON.parse(text).nodes as Array<{ type: string; typeVersion: number }>)
				.filter(
					(node) =>
						REMOVED_TYPES.includes(node.type) ||
						(node.type === '@n8n/n8n-nodes-langchain.agent' && node.typeVersion < 2),
				)
				.map((node) => `${name}: ${node.type}`),
		);
		expect(used).toEqual([]);
	});
});

test('docs/analytics.md › Filters › Reader: Get Events has the Reader filter, the Storydoc Trigger has none', () => {
	const filterNames = (properties: INodeProperties[]) =>
		properties
			.filter((property) => property.name === 'filters')
			.flatMap((property) => (property.options ?? []).map((option) => option.name));
	expect(ANALYTICS).toContain('the Storydoc Trigger has no Reader filter');
	expect(filterNames(new Storydoc().description.properties)).toContain('reader');
	const triggerFilters = filterNames(new StorydocTrigger().description.properties);
	expect(triggerFilters.length).toBeGreaterThan(0);
	expect(triggerFilters).not.toContain('reader');
});
