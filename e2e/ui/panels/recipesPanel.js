'use strict';
/**
 * The recipes of examples/recipes/ in the editor, as a user sees them after importing: each opens,
 * every node of the file is on the canvas with its type and no node shows an issue (a parameter n8n
 * finds missing or wrong), and the whole workflow, fitted to the view, is the README's picture of it.
 */
const { expectEqual } = require('../../../scripts/lib/assertions');
const { loadRecipes } = require('../../crm/recipes');
const { tidyForScreenshot } = require('../browser');

function recipesPanel(session) {
	for (const [key, recipe] of loadRecipes()) {
		session.test(
			`examples/recipes/${recipe.file} opens in the editor with every node and no issue`,
			async ({ page, base }) => {
				await page.goto(`${base}/workflow/${recipe.workflow.id}`);
				const expected = recipe.workflow.nodes
					.filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
					.map((node) => [node.name, node.type])
					.sort();
				const nodes = page.locator('[data-test-id="canvas-node"]');
				await nodes.first().waitFor();
				const shown = await nodes.evaluateAll((elements) =>
					elements.map((element) => [
						element.getAttribute('data-node-name'),
						element.getAttribute('data-node-type'),
					]),
				);
				expectEqual(
					shown.filter(([, type]) => type !== 'n8n-nodes-base.stickyNote').sort(),
					expected,
					'the nodes on the canvas',
				);
				expectEqual(
					await page.locator('[data-test-id="canvas-node"] [data-test-id="node-issues"]').count(),
					0,
					'nodes showing an issue',
				);
				await page.keyboard.press('1');
				await tidyForScreenshot(page);
				await session.screenshot(`recipe-${key}.png`);
			},
			{ needs: ['the owner setup'] },
		);
	}
}

module.exports = { recipesPanel };
