'use strict';
/**
 * What the stand-in model (openAi.js) answers: the tool calls a model makes for the two AI recipes,
 * with the arguments a model sends (an ID, an editor address, ISO dates, and once a date no tool
 * accepts), then a final text built only from what the tools returned. A turn is decided by the
 * conversation so far: the recipe's prompt and the tool results since the user's last message.
 *
 * - A follow-up (examples/recipes/ai-follow-up-draft.json): the prompt names the visit. First the
 *   proposal (by its ID) and the reader's earlier visits from "last Tuesday" (refused by the node);
 *   then the earlier visits again with ISO dates and the story's slides by the proposal's editor
 *   address; then the draft, which also names a stranger's address in its text (a model's text must
 *   not decide the recipient).
 * - A chat (examples/recipes/ai-chat-proposals.json): "who read the X proposal …" reads the reading
 *   sessions of the week; "which slide loses readers in the X …" lists the stories, then reads the
 *   one named; "what happened last Tuesday" tries that date first, then ISO dates.
 */

/** The address a model's text names that is not the reader's: the draft must never go there. */
const STRANGER_EMAIL = 'someone.else@elsewhere.example';

/** A tool's answer as the agent gave it: the items (or `{ error }`) whatever wrapper n8n put around them. */
function resultOf(text) {
	let value;
	try {
		value = JSON.parse(text);
	} catch {
		return { error: text };
	}
	if (typeof value === 'string') return resultOf(value);
	if (value && !Array.isArray(value) && typeof value.response === 'string')
		return resultOf(value.response);
	if (value && !Array.isArray(value) && value.response) value = value.response;
	return value;
}

/** The items of a tool result, or [] for an error. */
const itemsOf = (result) => (Array.isArray(result) ? result.map((item) => item.json ?? item) : []);
const errorOf = (result) =>
	Array.isArray(result)
		? result.map((item) => item.json ?? item).find((item) => item.error)?.error
		: (result?.error ?? null);

/** The tool results since the user's last message: `[{ name, arguments, result }]` in call order. */
function resultsSinceUser(conversation) {
	const lastUser = conversation.map((turn) => turn.role).lastIndexOf('user');
	const calls = new Map();
	const results = [];
	for (const turn of conversation.slice(lastUser + 1)) {
		for (const call of turn.calls ?? []) calls.set(call.id, call);
		if (turn.role === 'tool') {
			const call = calls.get(turn.callId);
			results.push({
				name: call?.name,
				arguments: call ? JSON.parse(call.arguments || '{}') : {},
				result: resultOf(turn.text),
			});
		}
	}
	return results;
}

const dayOf = (iso) => iso.slice(0, 10);
const daysBefore = (iso, days) => new Date(Date.parse(iso) - days * 86_400_000).toISOString();

/** The slide that lost the most readers in a Summary per Story item (the first of equals). */
function slideLosingMost(story) {
	const slides = story?.slides ?? [];
	const worst = slides.reduce(
		(best, slide) => (slide.dropFromPrevious > (best?.dropFromPrevious ?? 0) ? slide : best),
		null,
	);
	return worst && { slide: worst.slide, lost: worst.dropFromPrevious };
}

function followUp(prompt, results, newId) {
	const versionId = /Version ID: ([0-9a-f]{24})/.exec(prompt)?.[1];
	const endedAt = /Ended: (\S+)/.exec(prompt)?.[1] ?? new Date().toISOString();
	const call = (name, args) => ({ id: newId(), name, arguments: args });
	if (!results.length)
		return {
			calls: [
				call('Get_the_proposal', { version: versionId }),
				call('Earlier_visits_of_this_reader', {
					version: versionId,
					dateFrom: 'last Tuesday',
					dateTo: dayOf(endedAt),
				}),
			],
		};
	const proposal =
		itemsOf(results.find((entry) => entry.name === 'Get_the_proposal')?.result)[0] ?? {};
	const visits = results.filter((entry) => entry.name === 'Earlier_visits_of_this_reader');
	if (!results.some((entry) => entry.name === 'Slides_that_lose_readers')) {
		const period = { dateFrom: daysBefore(endedAt, 90), dateTo: endedAt };
		return {
			calls: [
				call('Earlier_visits_of_this_reader', { version: versionId, ...period }),
				call('Slides_that_lose_readers', { story: proposal.editorUrl, ...period }),
			],
		};
	}
	const sessions = itemsOf(visits.at(-1).result);
	const story = itemsOf(
		results.find((entry) => entry.name === 'Slides_that_lose_readers').result,
	)[0];
	const losing = slideLosingMost(story);
	const data = proposal.data ?? {};
	return {
		text: [
			`Subject: ${proposal.title ?? 'Your proposal'}: a next step`,
			'',
			`Hi ${data.first_name ?? 'there'},`,
			'',
			`Thank you for reading ${proposal.title ?? 'the proposal'} (${sessions.length} visit${sessions.length === 1 ? '' : 's'} so far).` +
				(losing
					? ` Many readers stop before slide ${losing.slide}, so here is what it covers in two lines.`
					: ''),
			`You can open it again here: ${proposal.url ?? ''}`,
			`If someone else should see it, I can also write to ${STRANGER_EMAIL}.`,
			'',
			'Best regards',
		].join('\n'),
	};
}

function startOfWeek(now) {
	const day = new Date(now);
	day.setUTCHours(0, 0, 0, 0);
	day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
	return day.toISOString();
}

function chat(question, results, newId) {
	const now = new Date().toISOString();
	const call = (name, args) => ({ calls: [{ id: newId(), name, arguments: args }] });
	const reader = /who read the (.+?) proposal/i.exec(question);
	if (reader) {
		if (!results.length)
			return call('Reading_sessions', { dateFrom: startOfWeek(now), dateTo: now });
		const name = reader[1].toLowerCase();
		const sessions = itemsOf(results.at(-1).result).filter((session) =>
			String(session.versionTitle ?? '')
				.toLowerCase()
				.includes(name),
		);
		if (!sessions.length) return { text: `Nobody read the ${reader[1]} proposal this week.` };
		return {
			text: sessions
				.map(
					(session) =>
						`${session.prospectName || session.prospectEmail || 'An anonymous reader'} read "${session.versionTitle}" for ${session.readingSeconds} s, up to slide ${session.deepestSlide}.`,
				)
				.join('\n'),
		};
	}
	const deck = /which slide loses readers in the (.+?)\??$/i.exec(question);
	if (deck) {
		const stories = results.find((entry) => entry.name === 'List_stories');
		if (!stories) return call('List_stories', {});
		const wanted = deck[1]
			.replace(/^the /i, '')
			.replace(/ deck$/i, '')
			.toLowerCase();
		const story = itemsOf(stories.result).find((candidate) =>
			String(candidate.title).toLowerCase().includes(wanted),
		);
		if (!story) return { text: `I found no story called ${deck[1]}.` };
		const summary = results.find((entry) => entry.name === 'Story_analytics');
		if (!summary)
			return call('Story_analytics', {
				story: story.storyId,
				dateFrom: daysBefore(now, 30),
				dateTo: now,
			});
		const losing = slideLosingMost(itemsOf(summary.result)[0]);
		return {
			text: losing
				? `In "${story.title}", the most readers (${losing.lost}) drop before slide ${losing.slide}.`
				: `Nobody read "${story.title}" in the last 30 days.`,
		};
	}
	if (/last tuesday/i.test(question)) {
		if (!results.length)
			return call('Reading_sessions', { dateFrom: 'last Tuesday', dateTo: 'today' });
		const refused = errorOf(results.at(-1).result);
		if (refused && results.length === 1)
			return call('Reading_sessions', { dateFrom: daysBefore(now, 7), dateTo: now });
		return {
			text: `${itemsOf(results.at(-1).result).length} reading sessions since ${dayOf(daysBefore(now, 7))}.`,
		};
	}
	return { text: 'I can tell you who read a proposal, and which slide loses readers.' };
}

/**
 * The next turn: `{ calls: [{ id, name, arguments }] }` or `{ text }`. `tools` are the names the
 * agent offered; a call to a tool it did not offer is never made.
 */
function scriptedTurn(conversation, tools, newId) {
	const prompt = conversation.filter((turn) => turn.role === 'user').at(-1)?.text ?? '';
	const results = resultsSinceUser(conversation);
	const turn = /Visit to follow up/.test(prompt)
		? followUp(prompt, results, newId)
		: chat(prompt, results, newId);
	const missing = (turn.calls ?? []).filter((call) => !tools.includes(call.name));
	if (missing.length)
		return { text: `The tools ${missing.map((call) => call.name).join(', ')} are not connected.` };
	return turn;
}

module.exports = { STRANGER_EMAIL, scriptedTurn };
