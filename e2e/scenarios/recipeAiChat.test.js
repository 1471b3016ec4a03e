'use strict';
/**
 * examples/recipes/ai-chat-proposals.json published in `n8n start`: its Chat Trigger (hosted chat,
 * n8n User Auth) asked three questions in one chat as its page asks them (POST …/chat with
 * `sendMessage`, the owner's cookie), n8n's AI Agent with Simple Memory and the OpenAI Chat Model
 * (1.3, the Responses API) against the stand-in model, the four read-only Storydoc tools against the
 * sandbox. Each answer is built from what the tools returned, each tool call reaches the API with
 * the model's arguments, the second question's model call carries the first exchange (memory), a bad
 * date comes back to the model and the agent goes on, and a request without an n8n sign-in is refused.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { agentRuns, toolMessages } = require('../crm/agentRuns');
const { prospectVersions, useRecipes, view } = require('../crm/useRecipes');
const { waitFor } = require('../harness/waiting');

const RECIPE = 'ai-chat-proposals';
const TOOLS = ['Engagement_per_version', 'List_stories', 'Reading_sessions', 'Story_analytics'];
const scenario = useRecipes();
const { app } = scenario;

/** A question's model calls and tool calls, as the README's costs say (2 to 3, and 1 to 2). */
const expectCost = (run, expected, what) =>
	expectEqual([run.calls, run.toolCalls], expected, `${what}: model calls and tool calls`);

/** "Who read the Globex proposal this week?": the week's reading sessions, the answer from them. */
async function askWho(ask) {
	const who = await ask('Who read the Globex proposal this week, and how far?');
	const [first] = agentRuns(await scenario.crm.model.log());
	expectCost(first, [2, 1], 'the first question');
	expectEqual(first.tools, TOOLS, 'the tools the agent offered: the four read-only ones');
	expectEqual(first.api, 'responses', 'the model node 1.3 speaks the Responses API');
	const [sessions] = toolMessages(first);
	expectEqual(sessions.call.name, 'Reading_sessions', 'the tool the model called');
	expectEqual(
		app.sandbox.log
			.filter((entry) => entry.path === '/v2/analytics/events')
			.map((entry) => [entry.query.dateFrom, entry.query.dateTo])
			.filter(([from]) => from === sessions.call.arguments.dateFrom).length > 0,
		true,
		'the reading sessions read with the dates the model sent',
	);
	const globex = sessions.items.filter((item) => /globex/i.test(item.versionTitle ?? ''));
	ensure(
		globex.some((item) => item.sessionId === 'q1' && item.deepestSlide === 4),
		'the visit of this week among the sessions the tool returned',
	);
	expectEqual(
		who,
		globex
			.map(
				(item) =>
					`${item.prospectName || item.prospectEmail || 'An anonymous reader'} read "${item.versionTitle}" for ${item.readingSeconds} s, up to slide ${item.deepestSlide}.`,
			)
			.join('\n'),
		'the answer, from the sessions the tool returned',
	);

	return who;
}

/** "Which slide loses readers in the sales deck?": the stories, then that one's summary; memory. */
async function askSlide(ask, who) {
	const slide = await ask('Which slide loses readers in the sales deck?');
	const second = agentRuns(await scenario.crm.model.log()).at(-1);
	expectCost(second, [3, 2], 'the second question');
	const remembered = second.entries[0].conversation.map((turn) => turn.text);
	ensure(
		// 1.123.81's memory keeps the answer behind a "[Used tools: …]" line.
		remembered.includes('Who read the Globex proposal this week, and how far?') &&
			remembered.some((text) => text.includes(who)),
		'the second question’s model call carries the first exchange (Simple Memory)',
	);
	const [stories, summary] = toolMessages(second);
	expectEqual(
		[stories.call.name, summary.call.name],
		['List_stories', 'Story_analytics'],
		'the tools called for the second question',
	);
	const sales = stories.items.find((story) => /sales/i.test(story.title));
	expectEqual(
		summary.call.arguments.story,
		sales.storyId,
		'the story asked by its ID from List stories',
	);
	const worst = summary.items[0].slides.reduce((best, candidate) =>
		candidate.dropFromPrevious > best.dropFromPrevious ? candidate : best,
	);
	expectEqual(
		slide,
		`In "${sales.title}", the most readers (${worst.dropFromPrevious}) drop before slide ${worst.slide}.`,
		'the answer, from the story summary the tool returned',
	);

	return slide;
}

/** "What happened last Tuesday?": the bad date read by the model, then the corrected call. */
async function askTuesday(ask) {
	const tuesday = await ask('What happened last Tuesday?');
	const third = agentRuns(await scenario.crm.model.log()).at(-1);
	expectCost(third, [3, 2], 'the third question (one call refused)');
	const [refused, corrected] = toolMessages(third);
	expectEqual(
		refused.items,
		[
			{
				error:
					'Item 0: "From" is not a valid date. Value given: "last Tuesday". Use ISO 8601, for example 2026-01-31T00:00:00Z.',
			},
		],
		'the bad date, as the model read it',
	);
	expectEqual(
		tuesday,
		`${corrected.items.length} reading sessions since ${corrected.call.arguments.dateFrom.slice(0, 10)}.`,
		'the agent went on: the answer from the corrected call',
	);
	return tuesday;
}

test('three questions in one chat: answers from the tools, memory across them, a bad date corrected; no answer without an n8n sign-in', async () => {
	const { crm } = scenario;
	const [known] = await prospectVersions(app.client);
	app.sandbox.addEvents([
		view(known.id, 'vis_chat_a', 'q1', 1, 30),
		view(known.id, 'vis_chat_a', 'q1', 3, 28),
		view(known.id, 'vis_chat_a', 'q1', 4, 26),
	]);
	const { workflow } = scenario.recipes.get(RECIPE);
	await app.cli.importAndActivate([workflow]);
	const trigger = workflow.nodes.find((node) => node.type.endsWith('.chatTrigger'));
	const chatPath = `/webhook/${trigger.webhookId}/chat`;
	const running = await app.start();
	try {
		// n8n 2.x publishes in the background: its webhooks answer 404 until they are registered.
		const stranger = await waitFor(
			async () => {
				const answer = await fetch(`${running.url}${chatPath}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({
						action: 'sendMessage',
						sessionId: 'x',
						chatInput: 'who read it?',
					}),
				});
				return answer.status !== 404 && answer;
			},
			`${chatPath} served`,
			60_000,
		);
		expectEqual(stranger.status, 401, 'a question without an n8n sign-in');
		expectEqual((await crm.model.log()).length, 0, 'model calls for it');
		const owner = await scenario.owner(running);
		const ask = async (chatInput) => {
			const { status, text } = await owner.send('POST', chatPath, {
				action: 'sendMessage',
				sessionId: 'chat-e2e-1',
				chatInput,
			});
			expectEqual(status, 200, `the chat's answer to "${chatInput}" (${text.slice(0, 300)})`);
			return JSON.parse(text).output;
		};

		const who = await askWho(ask);
		const slide = await askSlide(ask, who);
		const tuesday = await askTuesday(ask);
		scenario.report('Ask your proposals (n8n start, hosted chat)', [who, slide, tuesday]);
	} finally {
		await running.stop();
	}
});

scenario.noTokenLeaked();
