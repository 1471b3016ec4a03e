/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox */
/**
 * The workflows in examples/ as a user imports them: nothing of the sandbox inside (no seeded ID,
 * sender or sandbox-only variable key), the account-specific fields left for the user and a note
 * saying what to set; and, with the sandbox's values filled in as `npm run demo` fills them, each
 * runs through n8n's engine and does what its check in scripts/examples.js says.
 */
import fs from 'node:fs';
import path from 'node:path';
import util from 'node:util';

import type {
	AssignmentCollectionValue,
	IConnections,
	INode,
	ResourceMapperValue,
} from 'n8n-workflow';

import { SEED } from '../../sandbox/seed';
import { loadExamples, sandboxClient } from '../../scripts/examples';
import type { TestItem, TestWorkflow } from '../harness/n8n';
import { PACKAGE_ROOT, runWorkflow } from '../harness/n8n';
import { useSandbox } from '../harness/sandbox';

/** An example workflow file (always with its connections). */
type ExampleWorkflow = TestWorkflow & { connections: IConnections };
type SandboxClient = ReturnType<typeof sandboxClient>;
interface RunContext {
	outputs: Record<string, TestItem[]>;
	before: unknown;
	workflow: ExampleWorkflow;
}
interface CheckContext extends RunContext {
	sandbox: SandboxClient;
	expectEqual: (actual: unknown, expected: unknown, what: string) => void;
	expect: (condition: unknown, message: string) => void;
}
/** An example as scripts/examples.js (JavaScript, untyped) loads it: the file and how to check a run. */
interface Example {
	key: string;
	file: string;
	title: string;
	startNode?: string;
	/** The workflow as the file has it (what a user imports). */
	asFiled: ExampleWorkflow;
	/** The same with the sandbox's values filled in. */
	workflow: ExampleWorkflow;
	/** What the demo fills in: in which node, and what (`Label = value`). */
	sandboxValues: Array<{ node: string; what: string }>;
	/** Served to MCP clients by `n8n start` (test:e2e calls it), not run from a start node. */
	servedOverMcp?: boolean;
	/** Started by a polling trigger: run here as the editor's manual run (Fetch Test Event). */
	runsOnPolls?: boolean;
	before?: (context: { sandbox: SandboxClient }) => Promise<unknown>;
	check: (context: CheckContext) => Promise<void>;
	report: (context: RunContext) => string[];
}
/** What the checks read of a story of the seed. */
interface SeedStory {
	dynamicVariables?: Record<string, unknown>;
	repeatables?: Array<{ key: string }>;
}

/** Every example, loaded afresh (scripts/examples.js is untyped JavaScript: typed here as this test reads it). */
const loadAll = (): Example[] => [...loadExamples().values()];

const api = useSandbox();
const examples = loadAll();

/** The data keys Storydoc's API reference documents for every story (the `data` object's table). */
const DOCUMENTED_KEYS = new Set([
	'title',
	'first_name',
	'last_name',
	'company',
	'email',
	'phone',
	'date',
]);

/** Every ID, email and variable key of the sandbox's seed. */
function seedValues() {
	const ids = new Set<string>();
	const emails = new Set<string>();
	const walk = (value: unknown, key?: string): string | undefined => {
		if (typeof value === 'string') {
			if (/^[0-9a-f]{24}$/.test(value)) ids.add(value);
			if (/^[^@\s]+@[^@\s]+$/.test(value)) emails.add(value);
		} else if (value && typeof value === 'object') {
			for (const [childKey, child] of Object.entries(value)) walk(child, childKey);
		}
		return key;
	};
	walk(SEED);
	const keys = new Set<string>();
	for (const story of Object.values<SeedStory>(SEED.stories)) {
		for (const key of Object.keys(story.dynamicVariables ?? {})) keys.add(key);
		for (const group of story.repeatables ?? []) keys.add(group.key);
	}
	return { ids, emails, keys };
}

/** The Storydoc nodes, as nodes or as an AI tool (`storydocTool`). */
const storydocNodes = (workflow: ExampleWorkflow) =>
	workflow.nodes.filter((node) => /^n8n-nodes-storydoc\.storydoc(Tool)?$/.test(node.type));
const stickyNotes = (workflow: ExampleWorkflow) =>
	workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');

/** Names of the fields that reach a Storydoc node's variables: its mapped keys, and with Map Automatically the fields of the Edit Fields node before it. */
function variableKeys(workflow: ExampleWorkflow, node: INode): string[] {
	// A Storydoc node's Variables is a resource mapper's value; an Edit Fields node's Fields an assignment collection.
	const variables = node.parameters.variables as ResourceMapperValue | undefined;
	if (!variables) return [];
	const keys = [
		...Object.keys(variables.value ?? {}),
		...(variables.schema ?? []).map((field) => field.id),
	];
	if (variables.mappingMode === 'autoMapInputData') {
		const source = Object.entries(workflow.connections).find(([, { main }]) =>
			main.flat().some((c) => c?.node === node.name),
		)?.[0];
		const sourceNode = workflow.nodes.find((candidate) => candidate.name === source);
		const assignments = sourceNode?.parameters.assignments as AssignmentCollectionValue | undefined;
		keys.push(...(assignments?.assignments ?? []).map((assignment) => assignment.name));
	}
	return keys;
}

describe.each(examples.map((example): [string, Example] => [example.file, example]))(
	'examples/%s as a user imports it',
	(_file, example) => {
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
				// A story is the user's to pick, unless the workflow makes it (a generated story's pageId) or the model does.
				const story = node.parameters.storyId as { value?: unknown } | undefined;
				const madeByTheWorkflow =
					typeof story?.value === 'string' &&
					/^=.*(\.pageId|\$fromAI\('storyId')/.test(story.value);
				if (story && !madeByTheWorkflow)
					expect(story).toEqual({ __rl: true, mode: 'list', value: '' });
				if ('senderEmail' in node.parameters) expect(node.parameters.senderEmail).toBe('');
				expect(node.credentials).toEqual({
					storydocApi: { id: 'storydocAccount', name: 'Storydoc account' },
				});
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
	},
);

const runnable = examples.filter((example) => !example.servedOverMcp);

describe.each(runnable.map((example): [string, Example] => [example.file, example]))(
	'examples/%s with the sandbox values filled in (npm run demo)',
	(_file, example) => {
		test(`runs through n8n's engine: ${example.title}`, async () => {
			const client = sandboxClient(String(api.url).replace(/\/+$/, ''), api.sandbox.tokens.team);
			await client.reset();
			const before = await example.before?.({ sandbox: client });
			const { outputs, error } = await runWorkflow(structuredClone(example.workflow), {
				credentials: api.credentials(),
				startNode: example.startNode,
			});
			expect(error).toBeUndefined();
			const expectEqual = (actual: unknown, expected: unknown, what: string) => {
				if (!util.isDeepStrictEqual(actual, expected))
					throw new Error(
						`${what}: expected ${util.inspect(expected, { depth: 5 })}, got ${util.inspect(actual, { depth: 5 })}`,
					);
			};
			const expectTrue = (condition: unknown, message: string) => {
				if (!condition) throw new Error(message);
			};
			await example.check({
				outputs,
				before,
				workflow: example.workflow,
				sandbox: client,
				expectEqual,
				expect: expectTrue,
			});
			expect(
				example.report({ outputs, before, workflow: example.workflow }).length,
			).toBeGreaterThan(0);
		});
	},
);

test("an example started by polls has an ID n8n 1.x keeps its trigger's state for (16 characters at most)", () => {
	const polled = loadAll().filter((example) => example.runsOnPolls);
	expect(polled.length).toBeGreaterThan(0);
	for (const example of polled) expect(String(example.asFiled.id).length).toBeLessThanOrEqual(16);
});

test('the demo fills in only what the files leave empty, and the filled copy differs from the file only there', () => {
	for (const example of loadAll()) {
		const filled = example.workflow;
		const asFiled = example.asFiled;
		const changed = filled.nodes
			.filter((node, index) => JSON.stringify(node) !== JSON.stringify(asFiled.nodes[index]))
			.map((node) => node.name);
		expect([...new Set(changed)].sort()).toEqual(
			[...new Set(example.sandboxValues.map((value) => value.node))].sort(),
		);
	}
});

test('README › Your first personalized link shows the output the example gives (first deal, fresh sandbox)', async () => {
	const readme = fs.readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8');
	const section = readme.slice(
		readme.indexOf('## Your first personalized link'),
		readme.indexOf('## Operations'),
	);
	const blocks = [...section.matchAll(/```json\n([^]*?)```/g)].map((match) => JSON.parse(match[1]));
	expect(blocks).toHaveLength(2);

	const example: Example = loadExamples().get('crm-create-version');
	await sandboxClient(String(api.url).replace(/\/+$/, ''), api.sandbox.tokens.team).reset();
	const { outputs, error } = await runWorkflow(example.workflow, {
		credentials: api.credentials(),
		startNode: example.startNode,
	});
	expect(error).toBeUndefined();
	expect(blocks).toEqual([
		outputs['Create personalized version'][0].json,
		outputs['Write link to CRM deal'][0].json,
	]);
	// Key order too: the README shows what n8n's JSON view shows.
	expect(blocks.map(Object.keys)).toEqual([
		Object.keys(outputs['Create personalized version'][0].json),
		Object.keys(outputs['Write link to CRM deal'][0].json),
	]);
});
