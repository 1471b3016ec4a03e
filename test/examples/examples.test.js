'use strict';
/**
 * The workflows in examples/ as a user imports them: nothing of the sandbox inside (no seeded ID,
 * sender or sandbox-only variable key), the account-specific fields left for the user and a note
 * saying what to set; and, with the sandbox's values filled in as `npm run demo` fills them, each
 * runs through n8n's engine and does what its check in scripts/examples.js says.
 */
const util = require('node:util');

const { runWorkflow } = require('../harness/n8n');
const { useSandbox } = require('../harness/sandbox');
const { SEED } = require('../../sandbox/seed');
const { loadExamples, sandboxClient } = require('../../scripts/examples');

const api = useSandbox();
const examples = [...loadExamples().values()];

/** The data keys Storydoc's API reference documents for every story (the `data` object's table). */
const DOCUMENTED_KEYS = new Set(['title', 'first_name', 'last_name', 'company', 'email', 'phone', 'date']);

/** Every ID, email and variable key of the sandbox's seed. */
function seedValues() {
	const ids = new Set();
	const emails = new Set();
	const walk = (value, key) => {
		if (typeof value === 'string') {
			if (/^[0-9a-f]{24}$/.test(value)) ids.add(value);
			if (/^[^@\s]+@[^@\s]+$/.test(value)) emails.add(value);
		} else if (value && typeof value === 'object') {
			for (const [childKey, child] of Object.entries(value)) walk(child, childKey);
		}
		return key;
	};
	walk(SEED);
	const keys = new Set();
	for (const story of Object.values(SEED.stories)) {
		for (const key of Object.keys(story.dynamicVariables ?? {})) keys.add(key);
		for (const group of story.repeatables ?? []) keys.add(group.key);
	}
	return { ids, emails, keys };
}

const storydocNodes = (workflow) => workflow.nodes.filter((node) => node.type === 'n8n-nodes-storydoc.storydoc');
const stickyNotes = (workflow) => workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');

/** Names of the fields that reach a Storydoc node's variables: its mapped keys, and with Map Automatically the fields of the Edit Fields node before it. */
function variableKeys(workflow, node) {
	const variables = node.parameters.variables;
	if (!variables) return [];
	const keys = [...Object.keys(variables.value ?? {}), ...(variables.schema ?? []).map((field) => field.id)];
	if (variables.mappingMode === 'autoMapInputData') {
		const source = Object.entries(workflow.connections).find(([, { main }]) => main.flat().some((c) => c.node === node.name))?.[0];
		const sourceNode = workflow.nodes.find((candidate) => candidate.name === source);
		keys.push(...(sourceNode?.parameters.assignments?.assignments ?? []).map((assignment) => assignment.name));
	}
	return keys;
}

describe.each(examples.map((example) => [example.file, example]))('examples/%s as a user imports it', (_file, example) => {
	const text = JSON.stringify(example.asFiled);
	const seed = seedValues();

	test('holds no ID, sender or sandbox-only variable key of the sandbox', () => {
		expect([...seed.ids].filter((id) => text.includes(id))).toEqual([]);
		expect([...seed.emails].filter((email) => text.includes(email))).toEqual([]);
		for (const node of storydocNodes(example.asFiled)) {
			const keys = variableKeys(example.asFiled, node);
			expect(keys.filter((key) => seed.keys.has(key) && !DOCUMENTED_KEYS.has(key))).toEqual([]);
		}
	});

	test('leaves the story, the sender and the version to the user, and a note says what to set and what it does', () => {
		for (const node of storydocNodes(example.asFiled)) {
			if ('storyId' in node.parameters) expect(node.parameters.storyId).toEqual({ __rl: true, mode: 'list', value: '' });
			if ('senderEmail' in node.parameters) expect(node.parameters.senderEmail).toBe('');
			expect(node.credentials).toEqual({ storydocApi: { id: 'storydocAccount', name: 'Storydoc account' } });
		}
		const notes = stickyNotes(example.asFiled);
		expect(notes).toHaveLength(1);
		const content = notes[0].parameters.content;
		expect(content).toMatch(/^## \S/);
		expect(content).toMatch(/\*\*Set up:\*\*[^]*pick your Storydoc credential/);
		// Every account-specific value the demo fills in is one the note names.
		for (const value of example.sandboxValues) {
			const label = value.what.split(' = ')[0];
			expect(content).toContain(label);
		}
	});
});

describe.each(examples.map((example) => [example.file, example]))('examples/%s with the sandbox values filled in (npm run demo)', (_file, example) => {
	test(`runs through n8n's engine: ${example.title}`, async () => {
		const client = sandboxClient(String(api.url).replace(/\/+$/, ''), api.sandbox.tokens.team);
		await client.reset();
		const before = await example.before?.({ sandbox: client });
		const { outputs, error } = await runWorkflow(structuredClone(example.workflow), {
			credentials: api.credentials(),
			startNode: example.startNode,
		});
		expect(error).toBeUndefined();
		const expectEqual = (actual, expected, what) => {
			if (!util.isDeepStrictEqual(actual, expected)) throw new Error(`${what}: expected ${util.inspect(expected, { depth: 5 })}, got ${util.inspect(actual, { depth: 5 })}`);
		};
		const expectTrue = (condition, message) => {
			if (!condition) throw new Error(message);
		};
		await example.check({ outputs, before, workflow: example.workflow, sandbox: client, expectEqual, expect: expectTrue });
		expect(example.report({ outputs, before, workflow: example.workflow }).length).toBeGreaterThan(0);
	});
});

test('the demo fills in only what the files leave empty, and the filled copy differs from the file only there', () => {
	for (const example of loadExamples().values()) {
		const filled = example.workflow;
		const asFiled = example.asFiled;
		const changed = filled.nodes.filter((node, index) => JSON.stringify(node) !== JSON.stringify(asFiled.nodes[index])).map((node) => node.name);
		expect([...new Set(changed)].sort()).toEqual([...new Set(example.sandboxValues.map((value) => value.node))].sort());
	}
});

test("README › Your first personalized link shows the output the example gives (first deal, fresh sandbox)", async () => {
	const fs = require('node:fs');
	const path = require('node:path');
	const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
	const section = readme.slice(readme.indexOf('## Your first personalized link'), readme.indexOf('## Operations'));
	const blocks = [...section.matchAll(/```json\n([^]*?)```/g)].map((match) => JSON.parse(match[1]));
	expect(blocks).toHaveLength(2);

	const example = loadExamples().get('crm-create-version');
	await sandboxClient(String(api.url).replace(/\/+$/, ''), api.sandbox.tokens.team).reset();
	const { outputs, error } = await runWorkflow(example.workflow, { credentials: api.credentials(), startNode: example.startNode });
	expect(error).toBeUndefined();
	expect(blocks).toEqual([outputs['Create personalized version'][0].json, outputs['Write link to CRM deal'][0].json]);
	// Key order too: the README shows what n8n's JSON view shows.
	expect(blocks.map(Object.keys)).toEqual([
		Object.keys(outputs['Create personalized version'][0].json),
		Object.keys(outputs['Write link to CRM deal'][0].json),
	]);
});
