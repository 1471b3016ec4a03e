'use strict';
/** Story › Generate in the example workflow: its notice, the Prompt, and Request Options showing 180 s. */
const { loadExamples } = require('../../../scripts/examples');
const { expectEqual } = require('../../../scripts/lib/assertions');
const { tidyForScreenshot } = require('../browser');
const { builtNodeDescription, plainText } = require('../nodeDescriptions');
const { OPENED: NODE_OPENED } = require('./nodePanel');

const GENERATE_NODE = 'Generate a presentation for the lead';

function generatePanel(session) {
	session.test(
		`Story › Generate "${GENERATE_NODE}" opens with its notice, the Prompt, and a Timeout of 180 s in Request Options`,
		async ({ page, base }) => {
			const notice = plainText(
				builtNodeDescription().properties.find((property) => property.name === 'generateNotice')
					.displayName,
			);
			const workflow = loadExamples().get('lead-generate-personalize').workflow;
			await page.goto(`${base}/workflow/${workflow.id}`);
			await page
				.locator(`[data-test-id="canvas-node"][data-node-name="${GENERATE_NODE}"]`)
				.dblclick();
			await page.locator('[data-test-id="ndv"]').waitFor();
			await page
				.getByText(notice.slice(0, 60), { exact: false })
				.first()
				.waitFor({ timeout: 15_000 });
			await page.locator('[data-test-id="parameter-input-prompt"]').first().waitFor();
			const timeout = page.locator('[data-test-id="parameter-input-timeout"] input').first();
			await timeout.scrollIntoViewIfNeeded();
			expectEqual(
				await timeout.inputValue(),
				'180',
				'the Timeout (Seconds) shown for Story › Generate',
			);
			await tidyForScreenshot(page);
			await session.screenshot('ui-story-generate.png');
		},
		{ needs: [NODE_OPENED] },
	);
}

module.exports = { generatePanel };
