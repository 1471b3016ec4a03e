'use strict';
/**
 * The recipes of examples/recipes/ in the editor, as a user sees them after importing: each opens,
 * every node of the file is on the canvas with its type and no node shows an issue (a parameter n8n
 * finds missing or wrong), and the whole workflow, fitted to the view, is the README's picture of it.
 */
const path = require('node:path');

const { expectEqual } = require('../../../scripts/lib/assertions');
const { loadRecipes } = require('../../crm/recipes');
const { tidyForScreenshot } = require('../browser');

/** The part of the page that holds every node and note, with a margin: the picture of the workflow. */
async function around(elementsOnCanvas) {
	const boxes = await elementsOnCanvas.evaluateAll((elements) =>
		elements.map((element) => {
			const box = element.getBoundingClientRect();
			return [box.left, box.top, box.right, box.bottom];
		}),
	);
	const margin = 40;
	const left = Math.max(0, Math.min(...boxes.map((box) => box[0])) - margin);
	const top = Math.max(0, Math.min(...boxes.map((box) => box[1])) - margin);
	const right = Math.max(...boxes.map((box) => box[2])) + margin;
	const bottom = Math.max(...boxes.map((box) => box[3])) + margin;
	return { x: left, y: top, width: right - left, height: bottom - top };
}

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
				// Zoom to fit (the canvas's button), then let its zoom animation end before measuring.
				await page.locator('[data-test-id="zoom-to-fit"]').click();
				await page.waitForTimeout(800);
				await tidyForScreenshot(page);
				await page.screenshot({
					path: path.join(session.shotsDir, `recipe-${key}.png`),
					// vue-flow's node boxes: the sticky notes' too.
					clip: await around(page.locator('.vue-flow__node')),
				});
			},
			{ needs: ['the owner setup'] },
		);
	}
}

module.exports = { recipesPanel };
