'use strict';
/**
 * The package in the real app: the credentials import, the files in examples/ import as a user
 * imports them (their notes kept, nothing of the sandbox in them), the same workflows filled in with
 * the sandbox's values replace them, and n8n lists the node, the trigger and the credential.
 */
const fs = require('node:fs');
const path = require('node:path');

const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { loadExamples } = require('../../scripts/examples');
const { NODE_TYPE, TRIGGER_TYPE } = require('../n8n-app');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { withBadToken } = require('../harness/workflows');

const app = useApp();
const examples = loadExamples();

test('n8n imports the credentials', () =>
	app.importCredentials(['account', 'secondKey', 'badToken']));

test('the files in examples/ import as a user imports them, with their notes and nothing of the sandbox', async () => {
	await app.cli.importWorkflows([...examples.values()].map((example) => example.asFiled));
	const exportedFile = path.join(app.workDir, 'examples-exported.json');
	const exported = await app.cli.run(['export:workflow', '--all', `--output=${exportedFile}`]);
	ensure(exported.code === 0, `export:workflow exited ${exported.code}\n${exported.stderr}`);
	const workflows = JSON.parse(fs.readFileSync(exportedFile, 'utf8'));
	for (const example of examples.values()) {
		const stored = workflows.find((workflow) => workflow.id === example.asFiled.id);
		ensure(
			stored,
			`n8n has no workflow ${example.asFiled.id} after importing examples/${example.file}`,
		);
		const noteOf = (workflow) =>
			workflow.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote');
		expectEqual(
			noteOf(stored)?.parameters.content,
			noteOf(example.asFiled).parameters.content,
			`the note of examples/${example.file} in n8n`,
		);
		for (const node of stored.nodes.filter((candidate) =>
			[NODE_TYPE, `${NODE_TYPE}Tool`].includes(candidate.type),
		)) {
			// A story the workflow (a generated story's pageId) or the model ($fromAI) gives is not the user's to pick.
			const story = node.parameters.storyId?.value ?? '';
			expectEqual(
				{
					story: /^=.*(\.pageId|\$fromAI\('storyId')/.test(story) ? '' : story,
					sender: node.parameters.senderEmail ?? '',
				},
				{ story: '', sender: '' },
				`the story and sender of "${node.name}" (left to the user) in n8n`,
			);
		}
	}
});

test("the example workflows with the sandbox's story, sender and version filled in (as npm run demo fills them) replace them", () =>
	app.cli.importWorkflows([
		...[...examples.values()].map((example) => example.workflow),
		withBadToken(examples.get('account-check').workflow),
	]));

test(`n8n loads the package: node types ${NODE_TYPE} and ${TRIGGER_TYPE}, credential storydocApi`, async () => {
	const nodesFile = path.join(app.workDir, 'nodes.json');
	const exported = await app.cli.run(['export:nodes', `--output=${nodesFile}`]);
	ensure(exported.code === 0, `export:nodes exited ${exported.code}\n${exported.stderr}`);
	const types = JSON.parse(fs.readFileSync(nodesFile, 'utf8'));
	const storydoc = types.find((type) => type.name === NODE_TYPE);
	ensure(
		storydoc,
		`n8n's node list has no ${NODE_TYPE}; Storydoc-like entries: ${show(types.filter((t) => /storydoc/i.test(t.name)).map((t) => t.name))}`,
	);
	expectEqual(
		{ displayName: storydoc.displayName, credentials: storydoc.credentials.map((c) => c.name) },
		{ displayName: 'Storydoc', credentials: ['storydocApi'] },
		'the loaded node description',
	);
	const trigger = types.find((type) => type.name === TRIGGER_TYPE);
	ensure(trigger, `n8n's node list has no ${TRIGGER_TYPE}`);
	expectEqual(
		{
			displayName: trigger.displayName,
			polling: trigger.polling,
			credentials: trigger.credentials.map((c) => c.name),
		},
		{ displayName: 'Storydoc Trigger', polling: true, credentials: ['storydocApi'] },
		'the loaded trigger description',
	);
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
