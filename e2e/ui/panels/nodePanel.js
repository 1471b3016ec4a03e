'use strict';
/**
 * The Storydoc node's panel in the CRM example, as a user sets up Create Version: the Resource and
 * Operation lists, the Story list from the sandbox and the story's variables as fields, no error
 * marker on an optional field left empty, and the credential test.
 */
const { loadExamples } = require('../../../scripts/examples');
const { expectEqual } = require('../../../scripts/lib/assertions');
const { NODE_TYPE } = require('../../n8n-app');
const {
	dropdownOptions,
	fieldsWithIssues,
	openCollectionAdd,
	runPreviousNodes,
	tidyForScreenshot,
} = require('../browser');
const { builtNodeDescription, optionNames } = require('../nodeDescriptions');
const { UI_NODE, UI_WORKFLOW_ID, uiWorkflow } = require('../workflows');
const { storyAndVariables } = require('./storyVariables');

/** The resource of the node being set up in the CRM example. */
const RESOURCE = uiWorkflow(loadExamples().get('crm-create-version')).nodes.find(
	(node) => node.name === UI_NODE,
).parameters.resource;
// The editor adds "Custom API Call" to nodes whose credential can sign HTTP Request calls.
const withoutCustomCall = (names) => names.filter((name) => name !== 'Custom API Call');
const OPENED = `the Storydoc node "${UI_NODE}" opening`;

function nodePanel(session) {
	session.test(
		`the Storydoc node "${UI_NODE}" opens, with the CRM records as its input`,
		({ page, base }) => openNode(page, base),
		{ needs: ['the owner setup'], gives: OPENED },
	);
	session.test(
		'the Resource list shows every resource of the node',
		async ({ page }) => {
			expectEqual(
				withoutCustomCall(await dropdownOptions(page, 'resource')),
				optionNames(builtNodeDescription(), 'resource'),
				'Resource options',
			);
		},
		{ needs: [OPENED] },
	);
	session.test(
		`the Operation list shows the operations of "${RESOURCE}"`,
		async ({ page }) => {
			expectEqual(
				withoutCustomCall(await dropdownOptions(page, 'operation')),
				optionNames(builtNodeDescription(), 'operation', RESOURCE),
				'Operation options',
			);
			await tidyForScreenshot(page, { widen: 360 });
			await session.screenshot('ui-node-panel.png');
		},
		{ needs: [OPENED] },
	);
	session.test(
		'the Story list loads from the sandbox and choosing a story shows its variables as fields',
		async ({ page, client }) => {
			await storyAndVariables(page, client, {
				otherStory: 'Intro one-pager',
				finalStory: 'Sales proposal',
			});
			await tidyForScreenshot(page);
			await page.locator('[data-test-id="mapping-fields-container"]').scrollIntoViewIfNeeded();
			await session.screenshot('ui-story-variables.png');
		},
		{ needs: [OPENED] },
	);
	session.test(
		'an optional field left empty (typed in, then cleared) shows no error marker; only the empty required ones do',
		({ page, client }) => optionalFieldCleared(page, client),
		{ needs: [OPENED] },
	);
	session.test(
		'Request Options › Add Option › Items in Parallel shows 150 for a Version operation (the description says 50 for the rest)',
		({ page }) => itemsInParallelShown(page),
		{ needs: [OPENED] },
	);
	session.test(
		'the credential test succeeds against the sandbox (GET /v2/account)',
		async ({ page, client }) => {
			await client.reset();
			await page.click('[data-test-id="credential-edit-button"]');
			await page.locator('[data-test-id="credentials-config-container-test-success"]').waitFor();
			await page.waitForTimeout(500); // the dialog's fade-in
			await session.screenshot('ui-credential-test.png');
			const requests = await client.requests();
			expectEqual(
				requests
					.map((r) => `${r.method} ${r.path} → ${r.status}`)
					.filter((r) => r.includes('/v2/account'))
					.slice(0, 1),
				['GET /v2/account → 200'],
				'the credential test request the sandbox received',
			);
		},
		{ needs: [OPENED] },
	);
}

async function openNode(page, base) {
	await page.goto(`${base}/workflow/${UI_WORKFLOW_ID}`);
	const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${UI_NODE}"]`);
	expectEqual(await node.getAttribute('data-node-type'), NODE_TYPE, 'the node type on the canvas');
	// Once in a few runs the panel opened without its parameters: open it again once before failing.
	for (let attempt = 1; ; attempt++) {
		await node.dblclick();
		await page.locator('[data-test-id="ndv"]').waitFor();
		const shown = await page
			.locator('[data-test-id="parameter-input-resource"]')
			.waitFor({ timeout: 15_000 })
			.then(
				() => true,
				() => false,
			);
		if (shown) break;
		if (attempt === 2)
			throw new Error('the node panel opened twice without showing its parameters');
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
	}
	// Runs Manual → Edit Fields → Split Out in n8n, so the panel shows the records to map from.
	await runPreviousNodes(page, 'first_name');
}

/** Adds Items in Parallel to the node's Request Options as a user does, and reads the value shown. */
async function itemsInParallelShown(page) {
	await openCollectionAdd(page, 'Request Options');
	await page.getByText('Items in Parallel', { exact: true }).last().click();
	const input = page.locator('[data-test-id="parameter-input-itemsInParallel"] input').first();
	await input.waitFor();
	expectEqual(await input.inputValue(), '150', 'Items in Parallel shown for Version › Create');
	const defaults = builtNodeDescription()
		.properties.filter((property) => property.name === 'requestOptions')
		.map(
			(property) => property.options.find((option) => option.name === 'itemsInParallel').default,
		);
	expectEqual(defaults, [50, 150, 10], 'Items in Parallel of the three Request Options');
}

async function optionalFieldCleared(page, client) {
	const story = await client.api(
		`/v2/stories/${(await client.api('/v2/stories?status=Live')).find((s) => s.title === 'Sales proposal').id}`,
	);
	const required = Object.entries(story.dynamicVariables)
		.filter(([, v]) => v.validation?.required)
		.map(([key]) => key);
	for (const key of ['products', 'pricing_items']) {
		const input = page
			.locator(
				`[data-test-id="mapping-fields-container"] [data-test-id="parameter-input-${key}"] input, [data-test-id="mapping-fields-container"] [data-test-id="parameter-input-${key}"] textarea`,
			)
			.first();
		await input.fill('[]');
		await input.fill('');
		await input.blur();
	}
	await page.waitForTimeout(500);
	const marked = await fieldsWithIssues(page);
	expectEqual(marked.sort(), [...required].sort(), 'the variable fields marked with an issue');
}

module.exports = { OPENED, nodePanel };
