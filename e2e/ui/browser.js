'use strict';
/**
 * The browser of the editor check: Debian's Chromium (`/usr/bin/chromium`, `apt-get install -y
 * chromium`, or STORYDOC_UI_CHROMIUM) driven by playwright-core, and what the panels read of the page.
 */
const fs = require('node:fs');

const CHROMIUM = process.env.STORYDOC_UI_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

function requireChromium() {
	if (!fs.existsSync(CHROMIUM)) {
		throw new Error(
			`no browser at ${CHROMIUM}: install Debian's Chromium (apt-get install -y chromium) or set STORYDOC_UI_CHROMIUM`,
		);
	}
}

/** Chromium, headless, with one page as large as the screenshots. */
async function openBrowser() {
	const { chromium } = require('playwright-core');
	const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
	const page = await browser.newPage({ viewport: { width: 1600, height: 1400 } });
	page.setDefaultTimeout(30_000);
	return { browser, page };
}

/** The visible options of a dropdown parameter, read by opening and closing it. */
async function dropdownOptions(page, parameter) {
	const input = page.locator(`[data-test-id="parameter-input-${parameter}"]`);
	await input.click();
	const items = page.locator('.el-select-dropdown__item:visible');
	await items.first().waitFor();
	const texts = (await items.allInnerTexts()).map((text) => text.split('\n')[0].trim());
	await input.click();
	await items.first().waitFor({ state: 'hidden' });
	return texts;
}

/**
 * Picks an option of a dropdown parameter as a user does, and waits until the list has gone: a list
 * still fading out is still "visible" to the next dropdown's reading.
 */
async function chooseOption(page, parameter, name) {
	await page.click(`[data-test-id="parameter-input-${parameter}"]`);
	await page.locator('.el-select-dropdown__item:visible', { hasText: name }).first().click();
	await page
		.locator('.el-select-dropdown__item:visible')
		.first()
		.waitFor({ state: 'hidden', timeout: 15_000 });
}

/**
 * For readable screenshots: closes n8n's toasts and drags the parameters panel wider (its labels hold
 * each variable's tip). Cosmetic only; nothing is checked here.
 */
async function tidyForScreenshot(page, { widen = 0 } = {}) {
	const closes = await page.locator('.el-notification__closeBtn:visible').all();
	for (const close of closes) await close.click().catch(() => undefined);
	// A closed toast fades out: wait until it has gone from the picture.
	if (closes.length)
		await page
			.locator('.el-notification')
			.first()
			.waitFor({ state: 'detached', timeout: 3_000 })
			.catch(() => undefined);
	if (!widen) return;
	const panel = await page
		.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]')
		.boundingBox();
	if (!panel) return;
	for (const handle of await page
		.locator('[data-test-id="ndv"] [data-test-id="resize-handle"][data-dir="right"]')
		.all()) {
		const box = await handle.boundingBox();
		if (!box || Math.abs(box.x + box.width / 2 - (panel.x + panel.width)) > 40) continue;
		const y = box.y + box.height / 2;
		await page.mouse.move(box.x + box.width / 2, y);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width / 2 + widen, y, { steps: 10 });
		await page.mouse.up();
		return;
	}
}

/** The ids of the variable fields that show n8n's issue marker now. */
async function fieldsWithIssues(page) {
	return await page.locator(FIELD_INPUTS).evaluateAll(
		(inputs, selector) =>
			inputs
				.filter((input) => {
					// The field's row: the largest ancestor that holds this field's input and no other field's.
					const fieldSelector = selector.replace(
						/^\[data-test-id="mapping-fields-container"\] /,
						'',
					);
					let row = input;
					while (row.parentElement && row.parentElement.querySelectorAll(fieldSelector).length <= 1)
						row = row.parentElement;
					return Boolean(row.querySelector('[data-test-id="parameter-issues"]'));
				})
				.map((input) => input.getAttribute('data-test-id').replace(/^parameter-input-/, '')),
		FIELD_INPUTS,
	);
}

/** The ids of the variable fields the resource mapper shows now. */
const FIELD_INPUTS =
	'[data-test-id="mapping-fields-container"] [data-test-id^="parameter-input-"]:not([data-test-id="parameter-input-field"]):not([data-test-id="parameter-input-hint"])';

async function mappedFieldIds(page) {
	return await page
		.locator(FIELD_INPUTS)
		.evaluateAll((inputs) =>
			inputs.map((input) => input.getAttribute('data-test-id').replace(/^parameter-input-/, '')),
		);
}

/** Opens the add menu of the collection parameter shown as `label` (Options, Engagement Level, …). */
async function openCollectionAdd(page, label) {
	const add = page
		.locator('[data-test-id="parameter-item"]', { hasText: label })
		.locator(
			'[data-test-id="collection-parameter-add"], [data-test-id="collection-parameter-add-dropdown"] button',
		)
		.last();
	await add.scrollIntoViewIfNeeded();
	await add.click();
}

/**
 * Runs the nodes before the open one (the panel's "Execute previous nodes") and waits until the input
 * pane shows `shows`. That is a real run in n8n, slow on a busy machine: it gets two minutes, and a
 * wait that ends without it says what the pane and n8n's messages showed instead.
 */
async function runPreviousNodes(page, shows) {
	await page.click('[data-test-id="execute-previous-node"]');
	const input = page.locator('[data-test-id="ndv-input-panel"]');
	try {
		await input.filter({ hasText: shows }).first().waitFor({ timeout: 120_000 });
	} catch (error) {
		const seen = async (locator) =>
			(await locator.allInnerTexts().catch(() => []))
				.join(' | ')
				.replace(/\s+/g, ' ')
				.slice(0, 600);
		throw new Error(
			`the input pane did not show "${shows}" after Execute previous nodes (${error.message.split('\n')[0]}); ` +
				`it showed: ${await seen(input)}; n8n's messages: ${await seen(page.locator('.el-notification:visible'))}`,
		);
	}
}

module.exports = {
	FIELD_INPUTS,
	chooseOption,
	dropdownOptions,
	fieldsWithIssues,
	mappedFieldIds,
	openBrowser,
	openCollectionAdd,
	requireChromium,
	runPreviousNodes,
	tidyForScreenshot,
};
