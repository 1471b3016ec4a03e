/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox */
/**
 * The recipes in examples/recipes/ as files a user imports and n8n's template gallery takes: a name,
 * a description and notes on what to set and what a run costs (a trigger recipe's polls a month, at
 * its setting and at every minute); n8n's own nodes only (no Code node), each at a version both
 * tested n8n lines have; credentials named, never carried; every node wired;
 * nothing of the sandbox (no seeded ID); an ID n8n 1.x keeps a trigger's state for (16 characters).
 * That each runs and does what its note says is checked in the real app (e2e/scenarios/recipe*).
 */
import fs from 'node:fs';
import path from 'node:path';

import type { IConnections, INode } from 'n8n-workflow';

import { SEED } from '../../sandbox/seed';

const RECIPES_DIR = path.resolve(__dirname, '..', '..', 'examples', 'recipes');
/** Each node type the recipes use, and the highest version 1.123.81 and 2.41.1 both have. */
const VERSIONS: Record<string, number> = {
	'n8n-nodes-base.hubspot': 2.2,
	'n8n-nodes-base.slack': 2.4,
	'n8n-nodes-base.salesforce': 1,
	'n8n-nodes-base.pipedrive': 1,
	'n8n-nodes-base.httpRequest': 4.3,
	'n8n-nodes-base.googleSheets': 4.7,
	'n8n-nodes-base.quickChart': 1,
	'n8n-nodes-base.if': 2.3,
	'n8n-nodes-base.filter': 2.3,
	'n8n-nodes-base.splitOut': 1,
	'n8n-nodes-base.merge': 3.2,
	'n8n-nodes-base.set': 3.4,
	'n8n-nodes-base.scheduleTrigger': 1.3,
	'n8n-nodes-base.manualTrigger': 1,
	'n8n-nodes-base.noOp': 1,
	'n8n-nodes-base.splitInBatches': 3,
	'n8n-nodes-base.stickyNote': 1,
	'n8n-nodes-base.postgres': 2.6,
	'n8n-nodes-base.dataTable': 1,
	'n8n-nodes-base.executeWorkflow': 1.3,
	'n8n-nodes-base.executeWorkflowTrigger': 1.1,
	'n8n-nodes-base.summarize': 1.1,
	'n8n-nodes-base.gmail': 2.2,
	'@n8n/n8n-nodes-langchain.agent': 3,
	'@n8n/n8n-nodes-langchain.lmChatOpenAi': 1.3,
	'@n8n/n8n-nodes-langchain.memoryBufferWindow': 1.3,
	'@n8n/n8n-nodes-langchain.chatTrigger': 1.4,
	'n8n-nodes-storydoc.storydoc': 1,
	'n8n-nodes-storydoc.storydocTool': 2,
	'n8n-nodes-storydoc.storydocTrigger': 1,
};

type PollTimes = { item: Array<{ mode: string; value?: number; unit?: string }> };
const EVERY_MINUTE: PollTimes = { item: [{ mode: 'everyMinute' }] };
/** A trigger's polls in a 30-day month: every minute 43,200; every 5 minutes 8,640. */
function pollsPerMonth({ item }: PollTimes): number {
	const minutes = 30 * 24 * 60;
	return item
		.map((entry) => {
			if (entry.mode === 'everyMinute') return minutes;
			if (entry.mode === 'everyX' && entry.unit === 'minutes') return minutes / Number(entry.value);
			if (entry.mode === 'everyX' && entry.unit === 'hours')
				return minutes / 60 / Number(entry.value);
			throw new Error(`Poll Times ${JSON.stringify(entry)}: count its polls here`);
		})
		.reduce((sum, polls) => sum + polls, 0);
}

interface Recipe {
	id: string;
	name: string;
	nodes: INode[];
	connections: IConnections;
	meta?: { description?: string };
}

const files = fs.readdirSync(RECIPES_DIR).filter((file) => file.endsWith('.json'));
const recipes = files.map(
	(file) =>
		[file, JSON.parse(fs.readFileSync(path.join(RECIPES_DIR, file), 'utf8')) as Recipe] as const,
);

test('there are the ten recipes', () => {
	expect(files.sort()).toEqual([
		'ai-chat-proposals.json',
		'ai-follow-up-draft.json',
		'data-table-event-sync.json',
		'hubspot-deal-proposal.json',
		'hubspot-engagement-sync.json',
		'hubspot-visit-note-task-slack.json',
		'pipedrive-first-view.json',
		'postgres-event-sync.json',
		'salesforce-visit-task.json',
		'weekly-story-report.json',
	]);
});

describe.each(recipes)('examples/recipes/%s', (file, recipe) => {
	const notes = recipe.nodes
		.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
		.map((node) => String(node.parameters.content));
	const working = recipe.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');

	test('a name, a description, and notes on what to set and what it costs', () => {
		expect(recipe.name.length).toBeGreaterThan(20);
		expect(recipe.meta?.description?.length).toBeGreaterThan(80);
		expect(notes.some((note) => note.includes('Set up'))).toBe(true);
		expect(notes.some((note) => /Costs? per/.test(note))).toBe(true);
	});

	test("n8n's own nodes at versions both lines have, and no Code node", () => {
		expect(
			working
				.filter((node) => VERSIONS[node.type] !== node.typeVersion)
				.map((node) => `${node.name}: ${node.type} ${node.typeVersion}`),
		).toEqual([]);
	});

	test('credentials named by the user’s choice, never carried; nothing of the sandbox', () => {
		for (const node of working)
			for (const credential of Object.values(node.credentials ?? {}))
				expect(Object.keys(credential).sort()).toEqual(['id', 'name']);
		const text = JSON.stringify(recipe);
		const seeded = [
			...Object.values(SEED.stories as Record<string, { id: string }>).map((story) => story.id),
			...Object.values(SEED.versions as Record<string, { id: string }>).map(
				(version) => version.id,
			),
		];
		expect(seeded.filter((id) => text.includes(id))).toEqual([]);
		const create = working.find(
			(node) => node.type.endsWith('.storydoc') && node.parameters.operation === 'create',
		);
		if (create) expect((create.parameters.storyId as { value: string }).value).toBe('');
	});

	const trigger = working.find((node) => node.type === 'n8n-nodes-storydoc.storydocTrigger');
	if (trigger)
		test('a trigger recipe: its note says what its polls cost a month, at its setting and at every minute', () => {
			const polls = pollsPerMonth(trigger.parameters.pollTimes as PollTimes);
			const figure = (count: number) => count.toLocaleString('en-US');
			const setUp = notes.find((note) => note.includes('Set up')) ?? '';
			expect([polls, setUp.includes(`${figure(polls)} polls a month`)]).toEqual([polls, true]);
			expect(setUp).toContain(
				`Every minute would be at least ${figure(pollsPerMonth(EVERY_MINUTE))}`,
			);
		});

	test('every node wired, names and IDs unique, an ID of at most 16 characters', () => {
		const wired = new Set<string>();
		for (const [from, outputs] of Object.entries(recipe.connections)) {
			wired.add(from);
			for (const output of outputs.main ?? [])
				for (const connection of output ?? []) wired.add(connection.node);
		}
		expect(working.map((node) => node.name).filter((name) => !wired.has(name))).toEqual([]);
		expect(new Set(recipe.nodes.map((node) => node.name)).size).toBe(recipe.nodes.length);
		expect(new Set(recipe.nodes.map((node) => node.id)).size).toBe(recipe.nodes.length);
		expect(recipe.id.length).toBeLessThanOrEqual(16);
		expect(file).toMatch(/^[a-z0-9-]+\.json$/);
	});
});

describe('examples/recipes/ai-follow-up-draft.json as filed (its real-app run: e2e/scenarios/recipeAiFollowUp.test.js)', () => {
	const recipe = recipes.find(([file]) => file === 'ai-follow-up-draft.json')![1];
	const node = (name: string) => recipe.nodes.find((candidate) => candidate.name === name)!;

	// What its polls cost a month is checked for every trigger recipe, above.
	test('the trigger polls every 5 minutes', () => {
		expect(node('When a reader finishes').parameters.pollTimes).toEqual({
			item: [{ mode: 'everyX', value: 5, unit: 'minutes' }],
		});
	});

	test("the earlier visits are the visit's own reader's, from the visit's item, not from the model", () => {
		const filters = node('Earlier visits of this reader').parameters.filters as Record<
			string,
			unknown
		>;
		expect(filters.reader).toBe(
			"={{ $('One visit at a time').first(1)?.json?.visitorId ?? 'no-visitor-id' }}",
		);
		expect(String(filters.reader)).not.toMatch(/\$fromAI/);
	});
});
