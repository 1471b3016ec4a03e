'use strict';
const { expectEqual } = require('../../../scripts/lib/assertions');
const { FIELD_INPUTS, mappedFieldIds } = require('../browser');

/**
 * Opens the Story list (it loads from the sandbox), chooses each story in turn and waits until the
 * Variables mapper shows exactly that story's variables (ids and titles as the API gives them).
 * Ends on `finalStory`, so the screenshot taken next shows its variables.
 */
async function storyAndVariables(page, client, { otherStory, finalStory }) {
	const liveStories = await client.api('/v2/stories?status=Live');
	await page.click('[data-test-id="rlc-input"]');
	const items = page.locator('[data-test-id="rlc-item"]');
	// The list first shows the story already chosen, then what listSearch loaded.
	await page
		.waitForFunction(
			(count) => document.querySelectorAll('[data-test-id="rlc-item"]').length >= count,
			liveStories.length,
			{
				timeout: 20_000,
			},
		)
		.catch(() => undefined);
	expectEqual(
		(await items.allInnerTexts()).map((text) => text.trim()).sort(),
		liveStories.map((story) => story.title).sort(),
		'the Story list (compared with GET /v2/stories?status=Live)',
	);

	for (const [index, title] of [otherStory, finalStory].entries()) {
		if (index > 0) await page.click('[data-test-id="rlc-input"]');
		await page.locator('[data-test-id="rlc-item"]', { hasText: title }).click();
		const storyId = liveStories.find((story) => story.title === title).id;
		const story = await client.api(`/v2/stories/${storyId}`);
		const expectedIds = [
			...Object.keys(story.dynamicVariables ?? {}).filter((key) => key !== 'title'),
			...(story.repeatables ?? []).map((group) => group.key),
		];
		// The mapper reloads its fields a moment after the story changes.
		await page
			.waitForFunction(
				({ ids, selector }) => {
					const shown = [...document.querySelectorAll(selector)].map((input) =>
						input.getAttribute('data-test-id').replace(/^parameter-input-/, ''),
					);
					return shown.length === ids.length && ids.every((id) => shown.includes(id));
				},
				{ ids: expectedIds, selector: FIELD_INPUTS },
				{ timeout: 20_000 },
			)
			.catch(() => undefined);
		expectEqual(
			(await mappedFieldIds(page)).sort(),
			[...expectedIds].sort(),
			`the variable fields shown for the story "${title}"`,
		);
		for (const [key, variable] of Object.entries(story.dynamicVariables ?? {})) {
			if (key === 'title') continue;
			const label = await page
				.locator(
					`[data-test-id="mapping-fields-container"] [data-test-id="parameter-input-${key}"]`,
				)
				.locator('xpath=ancestor::*[.//label][1]//label')
				.first()
				.innerText();
			if (!label.startsWith(variable.title)) {
				throw new Error(
					`the field of the variable "${key}" is labelled "${label.split('\n')[0]}", not with its title "${variable.title}"`,
				);
			}
		}
	}
}

module.exports = { storyAndVariables };
