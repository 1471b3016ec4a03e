'use strict';
/** The Storydoc Trigger in the editor: its Event list, notices, Fetch Test Event returning the latest click, First View, Reading Session Ended, the reader events, Slide Reached and Version Went Quiet. */
const { expectEqual, ensure } = require('../../../scripts/lib/assertions');
const { TRIGGER_TYPE } = require('../../n8n-app');
const { chooseOption, dropdownOptions, tidyForScreenshot } = require('../browser');
const { builtTriggerDescription, optionNames, plainText } = require('../nodeDescriptions');
const { TRIGGER_NODE, TRIGGER_WORKFLOW_ID } = require('../workflows');
const { OPENED: NODE_OPENED } = require('./nodePanel');

const OPENED = `the Storydoc Trigger "${TRIGGER_NODE}" opening`;

function triggerPanel(session) {
	session.test(
		`the Storydoc Trigger "${TRIGGER_NODE}" opens with its Event list`,
		async ({ page, base }) => {
			await page.goto(`${base}/workflow/${TRIGGER_WORKFLOW_ID}`);
			const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${TRIGGER_NODE}"]`);
			expectEqual(
				await node.getAttribute('data-node-type'),
				TRIGGER_TYPE,
				'the trigger type on the canvas',
			);
			await node.dblclick();
			await page.locator('[data-test-id="parameter-input-event"]').waitFor();
			expectEqual(
				await dropdownOptions(page, 'event'),
				optionNames(builtTriggerDescription(), 'event'),
				'Event options',
			);
		},
		{ needs: [NODE_OPENED], gives: OPENED },
	);
	session.test(
		'the trigger shows the Team-plan notice and the hint that a poll can emit many items',
		async ({ page }) => {
			const description = builtTriggerDescription();
			const notice = description.properties.find(
				(property) => property.type === 'notice',
			).displayName;
			await page.getByText(notice, { exact: false }).first().waitFor({ timeout: 15_000 });
			await page
				.getByText(plainText(description.hints[0].message).slice(0, 60), { exact: false })
				.first()
				.waitFor({ timeout: 15_000 });
		},
		{ needs: [OPENED] },
	);
	session.test(
		'Fetch Test Event returns the most recent click of the last 92 days from the sandbox',
		async ({ page, client }) => {
			await fetchTestEvent(page, client);
			await tidyForScreenshot(page);
			await session.screenshot('ui-trigger-test-event.png');
		},
		{ needs: [OPENED] },
	);
	session.test(
		'choosing First View of a Version shows what it costs and hides Output',
		async ({ page }) => {
			await chooseFirstView(page);
			await tidyForScreenshot(page);
			await session.screenshot('ui-trigger-first-view.png');
		},
		{ needs: [OPENED] },
	);
	session.test(
		'choosing Reading Session Ended shows Session Ends After and Engagement Level, and hides Output',
		async ({ page }) => {
			await chooseOption(page, 'event', 'Reading Session Ended');
			await page
				.locator('[data-test-id="parameter-input-sessionGapMinutes"]')
				.waitFor({ timeout: 15_000 });
			await engagementLevel(page).waitFor({ timeout: 15_000 });
			await page
				.locator('[data-test-id="parameter-input-output"]')
				.waitFor({ state: 'detached', timeout: 15_000 });
			await tidyForScreenshot(page);
			await session.screenshot('ui-trigger-session-ended.png');
		},
		{ needs: [OPENED] },
	);
	readerEvents(session);
}

/** The Engagement Level option (Reading Session Ended, Version Went Quiet). */
const engagementLevel = (page) =>
	page.locator('[data-test-id="parameter-item"]', { hasText: 'Engagement Level' }).first();

/** Returning Reader and New Reader on a Version in the editor: what each shows and hides. */
function readerEvents(session) {
	session.test(
		'choosing Returning Reader shows Session Ends After and what the look-back costs; New Reader on a Version the cost without the gap',
		async ({ page }) => {
			const costNotice = page.getByText("To know a version's earlier readers", { exact: false });
			const gap = page.locator('[data-test-id="parameter-input-sessionGapMinutes"]');
			await chooseOption(page, 'event', 'New Reader on a Version');
			await costNotice.first().waitFor({ timeout: 15_000 });
			await gap.waitFor({ state: 'detached', timeout: 15_000 });
			await chooseOption(page, 'event', 'Returning Reader');
			await gap.waitFor({ timeout: 15_000 });
			await engagementLevel(page).waitFor({ state: 'detached', timeout: 15_000 });
			await costNotice.first().waitFor({ timeout: 15_000 });
			await page
				.locator('[data-test-id="parameter-input-output"]')
				.waitFor({ state: 'detached', timeout: 15_000 });
			await tidyForScreenshot(page);
			await session.screenshot('ui-trigger-returning-reader.png');
		},
		{ needs: [OPENED] },
	);
	session.test(
		'choosing Slide Reached shows Slide and what it remembers; Version Went Quiet shows Quiet For, Engagement Level and what it costs',
		async ({ page }) => {
			const field = (name) => page.locator(`[data-test-id="parameter-input-${name}"]`);
			await chooseOption(page, 'event', 'Slide Reached');
			await field('slide').waitFor({ timeout: 15_000 });
			await page
				.getByText('Emitted once per reader and version', { exact: false })
				.first()
				.waitFor({ timeout: 15_000 });
			await chooseOption(page, 'event', 'Version Went Quiet');
			await field('quietDays').waitFor({ timeout: 15_000 });
			await field('slide').waitFor({ state: 'detached', timeout: 15_000 });
			await engagementLevel(page).waitFor({ timeout: 15_000 });
			await page
				.getByText('Watches the versions read since activation', { exact: false })
				.first()
				.waitFor({ timeout: 15_000 });
			await field('output').waitFor({ state: 'detached', timeout: 15_000 });
			await tidyForScreenshot(page);
			await session.screenshot('ui-trigger-quiet.png');
		},
		{ needs: [OPENED] },
	);
}

async function fetchTestEvent(page, client) {
	await client.reset();
	await page.click('[data-test-id="node-execute-button"]');
	const now = Date.now();
	const clicks = (await client.state('events')).filter(
		(event) =>
			event.eventCategory === 'click' &&
			Date.parse(event.timestamp) <= now &&
			Date.parse(event.timestamp) >= now - 92 * 86_400_000,
	);
	const latest = clicks[clicks.length - 1];
	if (!latest) throw new Error('the sandbox has no click in the last 92 days');
	// A trigger's panel has no input side; the editor names its output pane either way.
	const panes = '[data-test-id="ndv-output-panel"]:visible, [data-test-id="output-panel"]:visible';
	await page.locator(panes, { hasText: '1 item' }).first().waitFor({ timeout: 30_000 });
	const output = page.locator(panes, { hasText: '1 item' }).first();
	// "1 item" can show before the table's rows are drawn: read the pane until the event is there
	// (or 10 s). The table may break long ids with invisible characters: compare without them.
	const shown = async () =>
		(await output.evaluate((element) => element.textContent)).replace(/[\s\u00ad\u200b]/g, '');
	let shownText = await shown();
	const deadline = Date.now() + 10_000;
	while (!shownText.includes(latest.eventId) && Date.now() < deadline) {
		await page.waitForTimeout(200);
		shownText = await shown();
	}
	if (!shownText.includes(latest.eventId)) {
		throw new Error(
			`the output panel does not show the event ${latest.eventId}: ${shownText.slice(0, 400)}`,
		);
	}
	const requests = await client.requests();
	ensure(
		requests.length > 0 &&
			requests.every((r) => r.path === '/v2/analytics/events' && r.status === 200),
		'the trigger sent analytics requests only, each answered 200',
	);
}

async function chooseFirstView(page) {
	const notice = builtTriggerDescription().properties.find(
		(property) => property.name === 'firstViewNotice',
	).displayName;
	await chooseOption(page, 'event', 'First View of a Version');
	await page.getByText(notice.slice(0, 60), { exact: false }).first().waitFor({ timeout: 15_000 });
	await page
		.locator('[data-test-id="parameter-input-output"]')
		.waitFor({ state: 'detached', timeout: 15_000 });
}

module.exports = { triggerPanel };
