'use strict';
/**
 * Get Events with two input items: the Team-plan notice, the hint that points at Execute Once,
 * Summary per Story's parameters and Engagement Level's thresholds.
 */
const { expectEqual } = require('../../../scripts/lib/assertions');
const {
	chooseOption,
	dropdownOptions,
	openCollectionAdd,
	runPreviousNodes,
	tidyForScreenshot,
} = require('../browser');
const { builtNodeDescription, plainText } = require('../nodeDescriptions');
const { ANALYTICS_NODE, ANALYTICS_WORKFLOW_ID } = require('../workflows');
const { OPENED: NODE_OPENED } = require('./nodePanel');

const OPENED = `Get Events "${ANALYTICS_NODE}" opening`;

function analyticsPanel(session) {
	session.test(
		`Get Events "${ANALYTICS_NODE}" opens with the Team-plan notice`,
		async ({ page, base }) => {
			const notice = builtNodeDescription().properties.find(
				(property) => property.type === 'notice' && property.name === 'teamPlanNotice',
			).displayName;
			await page.goto(`${base}/workflow/${ANALYTICS_WORKFLOW_ID}`);
			await page
				.locator(`[data-test-id="canvas-node"][data-node-name="${ANALYTICS_NODE}"]`)
				.dblclick();
			await page.locator('[data-test-id="ndv"]').waitFor();
			await page.getByText(notice, { exact: false }).first().waitFor({ timeout: 15_000 });
		},
		{ needs: [NODE_OPENED], gives: OPENED },
	);
	session.test(
		'with two input items, the output pane shows the hint to turn on Execute Once (before running)',
		async ({ page }) => {
			const hint = plainText(builtNodeDescription().hints[0].message);
			await runPreviousNodes(page, '2 items');
			await page
				.getByText(hint.slice(0, 60), { exact: false })
				.first()
				.waitFor({ timeout: 15_000 });
			await page.waitForTimeout(1000); // n8n's toast about the node not having run yet, closed below
			await tidyForScreenshot(page);
			await session.screenshot('ui-analytics-hint.png');
		},
		{ needs: [OPENED] },
	);
	session.test(
		'choosing Summary per Story shows Items (one per story, per story and slide, per story and day) and Last Slide',
		async ({ page }) => {
			const field = (name) => page.locator(`[data-test-id="parameter-input-${name}"]`);
			await chooseOption(page, 'output', 'Summary per Story');
			await field('storyItems').waitFor({ timeout: 15_000 });
			await field('lastSlide').waitFor({ timeout: 15_000 });
			await field('itemVersion').waitFor({ state: 'detached', timeout: 15_000 });
			expectEqual(
				await dropdownOptions(page, 'storyItems'),
				['One per Story', 'One per Story and Slide', 'One per Story and Day'],
				'the Items options',
			);
			await tidyForScreenshot(page);
			await session.screenshot('ui-analytics-story.png');
		},
		{ needs: [OPENED] },
	);
	session.test(
		'choosing Summary per Reading Session shows Engagement Level: its thresholds listed to add, Hot Reading Time 180 once added',
		({ page }) => engagementLevelShown(page, session),
		{ needs: [OPENED] },
	);
}

/** Adds Hot Reading Time to Engagement Level as a user does; the thresholds offered are the node's. */
async function engagementLevelShown(page, session) {
	await chooseOption(page, 'output', 'Summary per Reading Session');
	await openCollectionAdd(page, 'Engagement Level');
	const offered = builtNodeDescription()
		.properties.find((property) => property.name === 'engagementLevel')
		.options.map((option) => option.displayName);
	for (const name of offered)
		await page.getByText(name, { exact: true }).last().waitFor({ timeout: 15_000 });
	await page.getByText('Hot Reading Time (Seconds)', { exact: true }).last().click();
	const input = page.locator('[data-test-id="parameter-input-hotReadingSeconds"] input').first();
	await input.waitFor();
	expectEqual(await input.inputValue(), '180', 'Hot Reading Time once added');
	await tidyForScreenshot(page);
	await session.screenshot('ui-analytics-levels.png');
}

module.exports = { analyticsPanel };
