'use strict';
/**
 * The stand-in model's request log (openAi.js) read as agent runs: the model calls that share a
 * first user message are one run of n8n's AI Agent (one visit, or one chat message). For each run:
 * the tools offered, the model calls, the tool calls of each turn, and the tool messages the model
 * received with what they held (the items, or the error text).
 */

/** A tool message's items as the model read them, whatever wrapper n8n put around them. */
function itemsOf(text) {
	let value;
	try {
		value = JSON.parse(text);
	} catch {
		return [];
	}
	if (typeof value === 'string') return itemsOf(value);
	if (value && !Array.isArray(value) && 'response' in value)
		return typeof value.response === 'string' ? itemsOf(value.response) : [value.response].flat();
	return (Array.isArray(value) ? value : [value]).map((item) => item?.json ?? item);
}

/** The model calls of the log, grouped by the user message that started them (chat: the latest). */
function agentRuns(log) {
	const runs = new Map();
	for (const entry of log.filter(
		(candidate) => candidate.status === 200 && candidate.conversation,
	)) {
		const users = entry.conversation.filter((turn) => turn.role === 'user');
		const key = `${users.length}:${users.at(-1)?.text}`;
		if (!runs.has(key)) runs.set(key, []);
		runs.get(key).push(entry);
	}
	return [...runs.values()].map((entries) => {
		const prompt = entries[0].conversation.filter((turn) => turn.role === 'user').at(-1).text;
		return {
			prompt,
			versionId: /Version ID: ([0-9a-f]{24})/.exec(prompt)?.[1] ?? null,
			api: entries[0].api,
			tools: [...entries[0].tools].sort(),
			calls: entries.length,
			entries,
			toolCallsByTurn: entries
				.map((entry) => entry.answer.calls ?? [])
				.filter((calls) => calls.length)
				.map((calls) => calls.map((call) => ({ name: call.name, arguments: call.arguments }))),
			toolCalls: entries.reduce((sum, entry) => sum + (entry.answer.calls?.length ?? 0), 0),
			answer: entries.at(-1).answer.text ?? null,
			usage: entries.reduce(
				(sum, entry) => ({
					input: sum.input + entry.usage.input,
					output: sum.output + entry.usage.output,
				}),
				{ input: 0, output: 0 },
			),
			answerMs: entries.reduce((sum, entry) => sum + entry.answerMs, 0),
		};
	});
}

/** The tool messages of a run's last model call: `[{ call: { name, arguments }, text, items }]`. */
function toolMessages(run) {
	const { conversation } = run.entries.at(-1);
	const start = conversation.map((turn) => turn.role).lastIndexOf('user');
	const calls = new Map();
	const messages = [];
	for (const turn of conversation.slice(start + 1)) {
		for (const call of turn.calls ?? [])
			calls.set(call.id, { name: call.name, arguments: JSON.parse(call.arguments || '{}') });
		if (turn.role === 'tool')
			messages.push({ call: calls.get(turn.callId), text: turn.text, items: itemsOf(turn.text) });
	}
	return messages;
}

module.exports = { agentRuns, toolMessages };
