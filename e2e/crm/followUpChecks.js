'use strict';
/**
 * The AI follow-up recipe's scenario (e2e/scenarios/recipeAiFollowUp.test.js): the visits it seeds
 * (a reader's visits over days, other readers of the same proposal) and what one visit's agent run
 * must show from the model's side.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { toolMessages } = require('./agentRuns');
const { view } = require('./useRecipes');

const CLICK = 'CTA click: Book a meeting';
const TOOLS = ['Earlier_visits_of_this_reader', 'Get_the_proposal', 'Slides_that_lose_readers'];

/** A reader's hot visit to a version now (as the one in the first test), after two visits of theirs days before. */
function readerVisits(versionId, reader, tag) {
	return [
		view(versionId, reader, `${tag}0`, 1, 6 * 1440),
		view(versionId, reader, `${tag}0`, 2, 6 * 1440 - 1),
		view(versionId, reader, `${tag}1`, 1, 2 * 1440),
		view(versionId, reader, `${tag}1`, 3, 2 * 1440 - 1),
		view(versionId, reader, `${tag}2`, 1, 48),
		view(versionId, reader, `${tag}2`, 3, 46),
		{ ...view(versionId, reader, `${tag}2`, 3, 44), eventCategory: 'click', eventName: CLICK },
		view(versionId, reader, `${tag}2`, 4, 43),
	];
}

/** `count` other readers' visits to a version in the last 80 days (older than the trigger's hour). */
function otherReaders(versionId, count) {
	return Array.from({ length: count }, (_, index) => {
		const [reader, session] = [`vis_ai_other${index}`, `o${index}`];
		const minutes = (2 + (index % 79)) * 1440 + index;
		return [
			view(versionId, reader, session, 1, minutes),
			view(versionId, reader, session, 2, minutes - 1),
		];
	}).flat();
}

/**
 * One visit's agent run, from the model's side: the three tools offered; the proposal by its ID
 * and the earlier visits from "last Tuesday", refused as a tool error the model reads (the field
 * and the format); then the earlier visits with ISO dates and the story by the proposal's editor
 * address, each reaching the API as sent; then the draft.
 */
function expectAgentRun(run, sandboxLog) {
	expectEqual(run.tools, TOOLS, 'the tools the agent offered the model');
	expectEqual(run.calls, 3, 'model calls for one visit');
	const [first, second] = run.toolCallsByTurn;
	expectEqual(
		first.map((call) => call.name),
		['Get_the_proposal', 'Earlier_visits_of_this_reader'],
		'the first turn’s tool calls',
	);
	const messages = toolMessages(run);
	const refused = messages.find((message) => message.call.arguments.dateFrom === 'last Tuesday');
	expectEqual(
		refused.items,
		[
			{
				error:
					'Item 0: "From" is not a valid date. Value given: "last Tuesday". Use ISO 8601, for example 2026-01-31T00:00:00Z.',
			},
		],
		'the refused date, as the model reads it: the field, the value and the format',
	);
	const proposal = messages.find((message) => message.call.name === 'Get_the_proposal');
	expectEqual(
		Object.keys(proposal.items[0]).sort(),
		['data', 'editorUrl', 'id', 'storyId', 'storyTitle', 'title', 'url'],
		'Get the proposal returns the fields its Output selects',
	);
	const earlier = messages.find(
		(message) => message.call.name === 'Earlier_visits_of_this_reader' && message !== refused,
	);
	ensure(earlier.items.length >= 1, 'the earlier visits the model read');
	ensure(
		earlier.items.every((item) => 'readingSeconds' in item && 'engagementLevel' in item),
		'each earlier visit a Summary per Reading Session item',
	);
	const story = second.find((call) => call.name === 'Slides_that_lose_readers');
	expectEqual(
		story.arguments.story,
		proposal.items[0].editorUrl,
		'the story asked by its editor address',
	);
	const reads = sandboxLog.filter(
		(entry) =>
			entry.path === '/v2/analytics/events' &&
			entry.query?.dateFrom === second[0].arguments.dateFrom,
	);
	ensure(
		reads.length >= 2,
		`the two reads with the model's ISO dates reached the API: ${reads.length}`,
	);
	ensure(
		!sandboxLog.some((entry) => JSON.stringify(entry.query ?? {}).includes('Tuesday')),
		'nothing sent for the refused date',
	);
}

module.exports = { CLICK, TOOLS, expectAgentRun, otherReaders, readerVisits };
