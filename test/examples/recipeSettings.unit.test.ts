/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox */
/**
 * Each recipe imported as a new user would, with only what its Set up note names set, has nothing
 * left to choose. The note is the source: its `In *Node* › **Field**` items are what the user sets,
 * and e2e/crm/recipeSettings.js's fillUserChoices (what the real-app runs import) sets those and
 * nothing else. A placeholder is anything a user would have to find and change: an empty resource
 * locator or an empty field of a service node, a value only the stand-ins or the sandbox know, or
 * the usual marks (YOUR_…, <your …>, xxx).
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INode } from 'n8n-workflow';

import { SEED } from '../../sandbox/seed';

interface Workflow {
	name: string;
	nodes: INode[];
}
interface Named {
	node: string;
	field: string;
}
/* eslint-disable @typescript-eslint/no-require-imports -- the e2e helpers are untyped JavaScript: typed here as this test reads them */
const settings = require('../../e2e/crm/recipeSettings') as {
	fillUserChoices: (workflow: Workflow) => Workflow;
	namedSettings: (workflow: Workflow) => Named[];
	settingIn: (workflow: Workflow, named: Named) => { node: INode; path: Array<string | number> };
	valueAt: (parameters: unknown, path: Array<string | number>) => unknown;
};
const seed = require('../../e2e/crm/seed') as Record<string, unknown>;
const { channelIdOf } = require('../../e2e/crm/slack') as { channelIdOf: (name: string) => string };
const sandboxValues = require('../../scripts/examples/sandboxValues') as Record<string, unknown>;
/* eslint-enable @typescript-eslint/no-require-imports */

const RECIPES_DIR = path.resolve(__dirname, '..', '..', 'examples', 'recipes');
/** n8n's own nodes that only route, shape or start: the rest are service nodes. */
const FLOW_NODES = new Set(
	[
		'if',
		'filter',
		'merge',
		'set',
		'splitOut',
		'splitInBatches',
		'noOp',
		'stickyNote',
		'scheduleTrigger',
		'manualTrigger',
		'executeWorkflow',
		'executeWorkflowTrigger',
		'summarize',
	].map((name) => `n8n-nodes-base.${name}`),
);
const MARKS = /YOUR_|<your[^<>]*>|<[a-z][\w-]*(?: [\w-]+)*>|\bx{3,}\b|changeme|replace me/i;

/** Every string and resource locator in a value, with its path. */
function* leaves(value: unknown, at: Array<string | number> = []): Generator<[string, unknown]> {
	if (value !== null && typeof value === 'object' && '__rl' in value) yield [at.join('.'), value];
	else if (Array.isArray(value))
		for (const [i, each] of value.entries()) yield* leaves(each, [...at, i]);
	else if (value !== null && typeof value === 'object')
		for (const [key, each] of Object.entries(value)) yield* leaves(each, [...at, key]);
	else if (typeof value === 'string') yield [at.join('.'), value];
}

/** Every string a stand-in or the sandbox holds as an ID, token or address: none is the user's. */
function standInValues(): string[] {
	const values = new Set<string>();
	const collect = (value: unknown, key = ''): void => {
		if (typeof value === 'string' && /ids?$/i.test(key)) values.add(value);
		else if (Array.isArray(value)) for (const each of value) collect(each, key);
		else if (value !== null && typeof value === 'object')
			for (const [name, each] of Object.entries(value)) collect(each, name);
	};
	collect(seed);
	for (const token of Object.values(seed.TOKENS as Record<string, string>)) values.add(token);
	collect(SEED);
	collect(sandboxValues);
	for (const channel of seed.SLACK_CHANNELS as string[]) values.add(channelIdOf(channel));
	values.add(String(seed.SALESFORCE_INSTANCE));
	values.add(String(sandboxValues.SENDER_EMAIL));
	return [...values].filter((value) => value.length >= 6);
}

/** What a user would still have to find and change in a workflow, as `Node › path: why`. */
function placeholdersIn(workflow: Workflow, known = standInValues()): string[] {
	const found: string[] = [];
	for (const node of workflow.nodes.filter((each) => each.type !== 'n8n-nodes-base.stickyNote'))
		for (const [at, value] of leaves(node.parameters)) {
			const where = `${node.name} › ${at}`;
			const text = typeof value === 'string' ? value : String((value as { value: unknown }).value);
			if (typeof value === 'object' && text === '') found.push(`${where}: an empty choice`);
			else if (text === '' && !FLOW_NODES.has(node.type))
				found.push(`${where}: empty in a service node`);
			else if (MARKS.test(text)) found.push(`${where}: a placeholder mark`);
			else if (known.some((id) => text.includes(id))) found.push(`${where}: a stand-in's value`);
		}
	return found;
}

/** The paths where two workflows' node parameters differ, as `Node › path`. */
function differences(before: Workflow, after: Workflow): string[] {
	const changed: string[] = [];
	for (const node of after.nodes) {
		const was = before.nodes.find((each) => each.name === node.name);
		const old = new Map(leaves(was?.parameters ?? {}));
		const now = new Map(leaves(node.parameters));
		for (const at of new Set([...old.keys(), ...now.keys()]))
			if (JSON.stringify(old.get(at)) !== JSON.stringify(now.get(at)))
				changed.push(`${node.name} › ${at}`);
	}
	return changed;
}

const recipes = fs
	.readdirSync(RECIPES_DIR)
	.filter((file) => file.endsWith('.json'))
	.map(
		(file) =>
			[
				file,
				JSON.parse(fs.readFileSync(path.join(RECIPES_DIR, file), 'utf8')) as Workflow,
			] as const,
	);

test('the placeholder check finds each kind: an empty choice, an empty service field, a mark, a stand-in’s ID', () => {
	const slack = 'n8n-nodes-base.slack';
	const workflow = {
		name: 'crafted',
		nodes: [
			{ name: 'A', type: slack, parameters: { user: { __rl: true, mode: 'id', value: '' } } },
			{ name: 'B', type: slack, parameters: { options: { channelId: '' } } },
			{ name: 'C', type: 'n8n-nodes-base.if', parameters: { rightValue: '' } },
			{ name: 'D', type: slack, parameters: { text: 'Hello <your name>' } },
			{ name: 'E', type: slack, parameters: { options: { channelId: '=C0STORYREPORTS' } } },
			{ name: 'F', type: 'n8n-nodes-base.googleSheets', parameters: { documentId: 'YOUR_SHEET' } },
			{ name: 'G', type: slack, parameters: { user: String(seed.SELLER_SLACK_ID) } },
		] as unknown as INode[],
	};
	expect(placeholdersIn(workflow)).toEqual([
		'A › user: an empty choice',
		'B › options.channelId: empty in a service node',
		'D › text: a placeholder mark',
		"E › options.channelId: a stand-in's value",
		'F › documentId: a placeholder mark',
		"G › user: a stand-in's value",
	]);
});

describe.each(recipes)('examples/recipes/%s', (file, asFiled) => {
	const named = settings.namedSettings(asFiled);

	test('as filed: no value of the stand-ins or the sandbox in any node', () => {
		expect(placeholdersIn(asFiled).filter((found) => found.endsWith("a stand-in's value"))).toEqual(
			[],
		);
	});

	test('each setting its Set up note names is a field the recipe has, of a node it has', () => {
		for (const each of named) {
			const { node, path: at } = settings.settingIn(asFiled, each);
			expect([each.field, settings.valueAt(node.parameters, at)]).not.toEqual([
				each.field,
				undefined,
			]);
		}
	});

	test('set as the note says (and nothing else), it has no placeholder left in any node', () => {
		const filled = settings.fillUserChoices(structuredClone(asFiled));
		expect(placeholdersIn(filled, [])).toEqual([]);
		const places = named.map((each) => {
			const { node, path: at } = settings.settingIn(asFiled, each);
			return `${node.name} › ${at.join('.')}`;
		});
		expect(
			differences(asFiled, filled).filter(
				(at) => !places.some((place) => at === place || at.startsWith(`${place}.`)),
			),
		).toEqual([]);
		expect(filled.nodes.map((node) => [node.name, node.credentials])).toEqual(
			asFiled.nodes.map((node) => [node.name, node.credentials]),
		);
	});
});
