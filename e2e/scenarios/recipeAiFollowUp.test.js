'use strict';
/**
 * examples/recipes/ai-follow-up-draft.json active in `n8n start` (as if for an hour), with n8n's own
 * AI Agent and OpenAI Chat Model against the stand-in model (scripted tool calls: modelScripts.js),
 * the Storydoc tools against the sandbox, and n8n's Gmail and Slack nodes against their stand-ins.
 * Each hot or warm visit with an email gets one Gmail draft to the visit's own email (whatever the
 * model wrote) and one Slack message to the seller with its link; a bad date from the model comes
 * back to it as a tool error that names the field and the format, and the agent goes on; cold and
 * anonymous visits are never drafted for; the next poll drafts nothing twice. The second test puts
 * 50 other readers on a proposal: the model reads its reader's visits only, and a visit's input tokens
 * stay within 1.2 × those of a proposal its reader alone read. The third runs the recipe with the
 * Chat Completions model node (1.2) and Gmail and Slack refusing. All poll every 5 minutes, as filed.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { SELLER_SLACK_ID } = require('../crm/seed');
const { STRANGER_EMAIL } = require('../crm/modelScripts');
const { prospectVersions, useRecipes, view } = require('../crm/useRecipes');
const { waitFor } = require('../harness/waiting');
const { agentRuns, toolMessages } = require('../crm/agentRuns');
const { CLICK, expectAgentRun, otherReaders, readerVisits } = require('../crm/followUpChecks');

const RECIPE = 'ai-follow-up-draft';
const NOT_WRITTEN = 'Not written (see the error; run these again)';
/** What a model answer takes, as a hosted model's short answers do. */
const ANSWER_MS = 800;
/** The recipe polls every 5 minutes, as filed: a poll, and the runs it starts, within this (a hang catcher). */
const POLL_WAIT_MS = 8 * 60_000;
const scenario = useRecipes();
const { app } = scenario;

/** Visits: hot (long and clicked), warm (a minute and a half), cold (20 s), anonymous but hot. */
async function visitsOf() {
	const [known] = await prospectVersions(app.client);
	const warm = await scenario.newVersion({
		title: 'Proposal for Cyberdyne',
		first_name: 'Tomas',
		email: ' Tomas.Berg@Cyberdyne.test',
	});
	const anonymous = await scenario.newVersion({
		title: 'Proposal for a walk-in',
		first_name: 'Ann',
	});
	const visits = {
		earlier: [
			view(known.id, 'vis_ai_a', 'p0', 1, 3 * 1440),
			view(known.id, 'vis_ai_a', 'p0', 2, 3 * 1440 - 1),
		],
		hot: [
			view(known.id, 'vis_ai_a', 'h1', 1, 48),
			view(known.id, 'vis_ai_a', 'h1', 3, 46),
			{ ...view(known.id, 'vis_ai_a', 'h1', 3, 44), eventCategory: 'click', eventName: CLICK },
			view(known.id, 'vis_ai_a', 'h1', 4, 43),
		],
		warm: [view(warm, 'vis_ai_b', 'w1', 1, 45), view(warm, 'vis_ai_b', 'w1', 2, 43.5)],
		cold: [view(known.id, 'vis_ai_c', 'c1', 1, 41), view(known.id, 'vis_ai_c', 'c1', 2, 40.7)],
		anonymous: [
			view(anonymous, 'vis_ai_d', 'd1', 1, 47),
			{ ...view(anonymous, 'vis_ai_d', 'd1', 1, 46), eventCategory: 'click', eventName: CLICK },
			view(anonymous, 'vis_ai_d', 'd1', 5, 42),
		],
	};
	return { known, warm, anonymous, visits };
}

/** A version as Storydoc's API gives it. */
async function versionOf(id) {
	const response = await fetch(`${app.url}/v2/versions/${id}`, {
		headers: { authorization: `Bearer ${app.sandbox.tokens.team}` },
	});
	return response.json();
}

/** The recipe with its model node at 1.2 (Chat Completions): a workflow of its own, as a user's copy. */
const VARIANT = `${RECIPE}-chat-completions`;

/**
 * The recipe as filed, or its variant instead (the recipe deactivated first). On n8n 2.x a workflow
 * imported again with another node version and published kept running the version published before.
 */
async function activate(variant) {
	if (!variant) return scenario.activateAsIfAnHourAgo(RECIPE);
	const { workflow } = scenario.recipes.get(RECIPE);
	const deactivate =
		app.n8n.major >= 2
			? ['unpublish:workflow', `--id=${workflow.id}`]
			: ['update:workflow', `--id=${workflow.id}`, '--active=false'];
	ensure((await app.cli.run(deactivate)).code === 0, `n8n ${deactivate.join(' ')}`);
	const copy = structuredClone(workflow);
	copy.id = `${workflow.id}V`;
	copy.name = `${workflow.name} (Chat Completions)`;
	copy.nodes.find((node) => node.type.endsWith('.lmChatOpenAi')).typeVersion = 1.2;
	scenario.recipes.set(VARIANT, { workflow: copy });
	return scenario.activateAsIfAnHourAgo(VARIANT);
}

/**
 * The drafts Gmail holds: one per hot or warm visit with an email, to the visit's address (n8n's
 * Gmail node writes its domain in lower case), with the model's subject and body, never the stranger.
 */
async function expectDrafts(people) {
	const { drafts } = await scenario.crm.gmail.state();
	expectEqual(
		drafts.map((draft) => draft.to.toLowerCase()).sort(),
		[people.known.data.email, 'tomas.berg@cyberdyne.test'].sort(),
		'one draft per hot or warm visit with an email, to the email of the visit',
	);
	const proposals = {
		[people.known.data.email]: await versionOf(people.known.id),
		'tomas.berg@cyberdyne.test': await versionOf(people.warm),
	};
	for (const draft of drafts) {
		const proposal = proposals[draft.to.toLowerCase()];
		const body = draft.parts.map((part) => part.text).join('\n');
		expectEqual(
			{
				subject: draft.subject,
				greets: body.includes(`Hi ${proposal.data.first_name},`),
				link: body.includes(proposal.url),
				stranger: draft.to.includes(STRANGER_EMAIL),
			},
			{ subject: `${proposal.title}: a next step`, greets: true, link: true, stranger: false },
			`the draft to ${draft.to}: the model's subject and body, the reader's address only`,
		);
	}
	return drafts;
}

/** One direct message to the seller per draft, each with its draft's link. */
async function expectSellerMessages(seen, drafts) {
	const { messages } = await scenario.crm.slack.state();
	const written = seen['Draft written'].map((item) => item.json);
	expectEqual(
		messages.map((message) => message.channel).sort(),
		[SELLER_SLACK_ID, SELLER_SLACK_ID],
		'one direct message to the seller per draft',
	);
	for (const item of written)
		ensure(
			messages.some((message) => message.text.includes(item.draftUrl)) &&
				item.draftUrl.endsWith(
					drafts.find((draft) => draft.to.toLowerCase() === item.prospectEmail.trim().toLowerCase())
						.messageId,
				),
			`the Slack message carries the draft's link: ${item.draftUrl}`,
		);
}

/** The recipe published and n8n started, once Slack holds both visits' messages (n8n stopped on failure). */
async function startUntilTwoDrafts() {
	await activate();
	const running = await app.start();
	try {
		await waitFor(
			async () => (await scenario.crm.slack.state()).messages.length >= 2,
			'the two drafts and their Slack messages',
			POLL_WAIT_MS,
		);
	} catch (error) {
		await running.stop();
		throw error;
	}
	return running;
}

/** What each visit cost, printed for the README's and the note's figures. */
async function printCosts(runs, toolRequests, running) {
	const storydocReads = toolRequests.filter(
		(entry) =>
			entry.path.startsWith('/v2/versions/') ||
			(entry.path === '/v2/analytics/events' && (entry.query?.versionId || entry.query?.storyId)),
	);
	console.log(
		[
			`recipe ${RECIPE} on n8n ${app.n8n.n8nVersion}, per visit (${runs.length} visits):`,
			...runs.map(
				(run) =>
					`  ${run.versionId}: ${run.calls} model calls (${run.api}), ${run.toolCalls} tool calls, ` +
					`${run.usage.input} input and ${run.usage.output} output tokens (four characters a token), ` +
					`the model's answers ${(run.answerMs / 1000).toFixed(1)} s`,
			),
			`  Storydoc requests by the tools: ${storydocReads.length} (${storydocReads.map((entry) => `${entry.method} ${entry.path}`).join(', ')})`,
			...(await scenario.finishedRuns(running, RECIPE)).map(
				(execution) =>
					`  run ${execution.id}: ${((Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt)) / 1000).toFixed(1)} s`,
			),
		].join('\n'),
	);
}

test('each hot or warm visit with an email: the agent reads the proposal, a bad date corrected, one Gmail draft to the visit’s email, one Slack message; others in their branches; nothing twice', async () => {
	const { crm } = scenario;
	const people = await visitsOf();
	app.sandbox.addEvents(Object.values(people.visits).flat());
	await crm.model.answerAfter(ANSWER_MS);
	const running = await startUntilTwoDrafts();
	try {
		const seen = await scenario.storedOutputs(running, RECIPE, 'Tell the seller in Slack');
		const sessions = seen['When a reader finishes'].map((item) => item.json);
		const session = (id) => sessions.find((candidate) => candidate.sessionId === id);
		expectEqual(
			Object.fromEntries(['h1', 'w1', 'c1', 'd1'].map((id) => [id, session(id)?.engagementLevel])),
			{ h1: 'hot', w1: 'warm', c1: 'cold', d1: 'hot' },
			'the visits the trigger emitted, with their levels',
		);
		// The tools' requests (before this test's own reads of the versions below).
		const toolRequests = [...app.sandbox.log];
		const drafts = await expectDrafts(people);
		const runs = agentRuns(await crm.model.log());
		expectEqual(
			runs.length,
			2,
			'one agent run per drafted visit (its first model call names the visit)',
		);
		for (const run of runs) expectAgentRun(run, app.sandbox.log);
		await expectSellerMessages(seen, drafts);

		expectEqual(
			['Anonymous readers (never drafted for)', 'Cold visits (no draft)'].map((branch) =>
				(seen[branch] ?? []).map((item) => item.json.sessionId),
			),
			[['d1'], ['c1']],
			'the anonymous reader and the cold visit, each in its branch (never drafted for)',
		);
		await printCosts(runs, toolRequests, running);
		scenario.report('A hot visit → AI Agent → Gmail draft → Slack (n8n start, polling)', [
			...drafts.map((draft) => `draft to ${draft.to}: ${draft.subject}`),
			...runs.map(
				(run) => `visit ${run.versionId}: ${run.calls} model calls, ${run.toolCalls} tool calls`,
			),
		]);

		const drafted = drafts.length;
		const polls = () =>
			app.sandbox.log.filter(
				(entry) =>
					entry.path === '/v2/analytics/events' && !entry.query?.versionId && !entry.query?.storyId,
			).length;
		const before = polls();
		await waitFor(() => polls() > before, 'the next poll', POLL_WAIT_MS);
		expectEqual(
			[(await crm.gmail.state()).drafts.length, (await crm.slack.state()).messages.length],
			[drafted, 2],
			'drafts and messages after the next poll',
		);
	} finally {
		await running.stop();
	}
});

test('with 50 other readers on the proposal, the earlier visits the model reads are its reader’s only, and a visit’s input tokens at most 1.2 × those of a proposal its reader alone read', async () => {
	const { crm } = scenario;
	const proposal = (email) => ({ title: 'Proposal for Initrode', first_name: 'Petra', email });
	const alone = await scenario.newVersion(proposal('petra.a@initrode.test'));
	const crowded = await scenario.newVersion(proposal('petra.b@initrode.test'));
	const readers = { [alone]: ['vis_ai_e', 'e'], [crowded]: ['vis_ai_f', 'f'] };
	const others = otherReaders(crowded, 50);
	app.sandbox.addEvents([
		...readerVisits(alone, ...readers[alone]),
		...readerVisits(crowded, ...readers[crowded]),
		...others,
	]);
	expectEqual(new Set(others.map((event) => event.visitorId)).size, 50, 'the other readers');
	const running = await startUntilTwoDrafts();
	try {
		const toolRequests = [...app.sandbox.log];
		expectEqual(
			(await crm.gmail.state()).drafts.map((draft) => draft.to.toLowerCase()).sort(),
			['petra.a@initrode.test', 'petra.b@initrode.test'],
			'one draft per visit, to its email',
		);
		const runs = agentRuns(await crm.model.log());
		const runOf = (versionId) => runs.find((run) => run.versionId === versionId);
		for (const [versionId, [reader, tag]] of Object.entries(readers)) {
			const read = toolMessages(runOf(versionId)).filter(
				(message) =>
					message.call.name === 'Earlier_visits_of_this_reader' &&
					message.call.arguments.dateFrom !== 'last Tuesday',
			);
			expectEqual(
				read.map((message) => message.items.map((item) => [item.visitorId, item.sessionId])),
				[['0', '1', '2'].map((session) => [reader, `${tag}${session}`])],
				`the earlier visits the model read for ${versionId}: its reader's only, the visit itself last`,
			);
		}
		const [inputAlone, inputCrowded] = [runOf(alone), runOf(crowded)].map((run) => run.usage.input);
		console.log(
			`input tokens per visit: ${inputAlone} with the reader alone, ${inputCrowded} with 50 other readers (${(inputCrowded / inputAlone).toFixed(3)} ×)`,
		);
		ensure(
			inputCrowded <= 1.2 * inputAlone,
			`input tokens with 50 other readers (${inputCrowded}) at most 1.2 × those with the reader alone (${inputAlone})`,
		);
		await printCosts(runs, toolRequests, running);
	} finally {
		await running.stop();
	}
});

test('with the Chat Completions model node (1.2): Gmail refusing a draft and Slack a message, each visit in "Not written" once with what failed and the error', async () => {
	const { crm } = scenario;
	const { known, warm } = await visitsOf();
	// Sessions of their own: the executions of the test before are still stored.
	app.sandbox.addEvents([
		view(known.id, 'vis_ai_a', 'n1', 1, 48),
		view(known.id, 'vis_ai_a', 'n1', 3, 44),
		{ ...view(known.id, 'vis_ai_a', 'n1', 3, 43), eventCategory: 'click', eventName: CLICK },
		view(warm, 'vis_ai_b', 'n2', 1, 46),
		view(warm, 'vis_ai_b', 'n2', 2, 44.5),
	]);
	await crm.gmail.failNext(429, 'POST', '^/gmail/v1/users/me/drafts$');
	await crm.slack.failNext(500, 'POST', '^/api/chat\\.postMessage$');
	await activate(VARIANT);
	const running = await app.start();
	try {
		const mine = await waitFor(
			async () => {
				const seen = await scenario.storedOutputs(running, VARIANT, NOT_WRITTEN);
				const items = seen[NOT_WRITTEN].filter(({ json }) => ['n1', 'n2'].includes(json.sessionId));
				return items.length >= 2 && items;
			},
			'the refused draft and message',
			POLL_WAIT_MS,
		);
		const refused = Object.fromEntries(
			mine.map(({ json }) => [
				json.notWritten,
				{
					error: json.error,
					reader: [json.prospectEmail, json.visitorId],
					proposal: [json.versionId, typeof json.versionTitle],
					level: json.engagementLevel,
					draft: typeof json.draftUrl,
				},
			]),
		);
		const sessionOf = (json) => json.sessionId;
		const draftFailed = mine.find(({ json }) => json.notWritten === 'draft').json;
		const slackFailed = mine.find(({ json }) => json.notWritten === 'Slack message').json;
		ensure(
			[draftFailed, slackFailed].map(sessionOf).sort().join() === 'n1,n2',
			'one visit refused by Gmail, the other by Slack',
		);
		expectEqual(
			refused.draft.error,
			'The service is receiving too many requests from you (item 0)',
			'the draft Gmail refused: n8n’s text for a 429 (Google’s own message is not in the item)',
		);
		expectEqual(
			draftFailed.errorDescription,
			null,
			'the draft Gmail refused: no errorDescription (as the README and the note say)',
		);
		ensure(typeof refused['Slack message'].error === 'string', 'the refused message’s error');
		expectEqual(
			refused['Slack message'].draft,
			'string',
			'the refused message’s visit keeps its draft’s link',
		);
		expectEqual(
			[(await crm.gmail.state()).drafts.length, (await crm.slack.state()).messages.length],
			[1, 0],
			'written: one draft (the other refused), no message (refused)',
		);
		const runs = agentRuns(await crm.model.log());
		expectEqual(
			runs.map((run) => [run.api, run.calls]),
			[
				['chat', 3],
				['chat', 3],
			],
			'the 1.2 model node speaks Chat Completions: three model calls per visit',
		);
	} finally {
		await running.stop();
	}
});

scenario.noTokenLeaked();
