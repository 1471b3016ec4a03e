'use strict';
/** The MCP example: a Storydoc tool (node version 2) shows its Description for a model and Output, Simplified. */
const { loadExamples } = require('../../../scripts/examples');
const { ensure, expectEqual } = require('../../../scripts/lib/assertions');
const { dropdownOptions, tidyForScreenshot } = require('../browser');
const { OPENED: NODE_OPENED } = require('./nodePanel');

function toolPanel(session) {
	session.test(
		'the MCP example opens with its trigger and three Storydoc tools; List stories shows Output (Simplified, Raw, Selected Fields) set to Simplified and the Description a model reads',
		async ({ page, base }) => {
			const workflow = loadExamples().get('mcp-storydoc-tools').workflow;
			await page.goto(`${base}/workflow/${workflow.id}`);
			for (const node of workflow.nodes.filter(
				(candidate) => candidate.type !== 'n8n-nodes-base.stickyNote',
			)) {
				await page
					.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"]`)
					.waitFor({ timeout: 15_000 });
			}
			await tidyForScreenshot(page);
			await session.screenshot('ui-mcp-tools.png');
			await page.locator('[data-test-id="canvas-node"][data-node-name="List stories"]').dblclick();
			await page.locator('[data-test-id="ndv"]').waitFor();
			const description = page
				.locator('[data-test-id="parameter-input-toolDescription"] textarea')
				.first();
			await description.waitFor({ timeout: 15_000 });
			ensure(
				/^List the Storydoc stories/.test(await description.inputValue()),
				`the Description shown: ${await description.inputValue()}`,
			);
			const output = page.locator('[data-test-id="parameter-input-output"] input').first();
			await output.scrollIntoViewIfNeeded();
			expectEqual(await output.inputValue(), 'Simplified', 'the Output shown for the tool');
			expectEqual(
				await dropdownOptions(page, 'output'),
				['Simplified', 'Raw', 'Selected Fields'],
				'the Output options',
			);
			await tidyForScreenshot(page);
			await session.screenshot('ui-tool-output.png');
		},
		{ needs: [NODE_OPENED] },
	);
}

module.exports = { toolPanel };
