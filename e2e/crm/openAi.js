'use strict';
/**
 * An OpenAI-compatible model for n8n's OpenAI Chat Model node, from OpenAI's public API reference,
 * served on its own loopback address (the credential's Base URL, as for a local Ollama or vLLM):
 * Chat Completions (POST /v1/chat/completions: `messages`, `tools`; the answer's `choices[0].message`
 * with `content` or `tool_calls`) and the Responses API (POST /v1/responses: `input` items with
 * `function_call` and `function_call_output`; the answer's `output` items), each plain or streamed
 * as server-sent events, and GET /v1/models. It answers from a script (modelScripts.js), so every
 * run is the same: the script reads the conversation and names the tool calls or the final text.
 * Each answer waits `answerMs` first, as a real model takes time to answer.
 */
const { scriptedTurn } = require('./modelScripts');

const MODEL = 'gpt-4o-mini';

/** A rough count of tokens (OpenAI's rule of thumb: four characters each) for `usage`. */
const tokensOf = (text) => Math.ceil(String(text ?? '').length / 4);

/** The Chat Completions conversation as the script reads it: `[{ role, text, calls, callId }]`. */
function fromChatCompletions(body) {
	return (body.messages ?? []).map((message) => ({
		role: message.role,
		text: textOf(message.content),
		calls: (message.tool_calls ?? []).map((call) => ({
			id: call.id,
			name: call.function.name,
			arguments: call.function.arguments,
		})),
		callId: message.tool_call_id,
	}));
}

/** The Responses conversation as the script reads it (a function call is an assistant turn, its output a tool turn). */
function fromResponses(body) {
	const input =
		typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : body.input;
	const turns = body.instructions ? [{ role: 'system', text: body.instructions, calls: [] }] : [];
	for (const item of input ?? []) {
		if (item.type === 'function_call') {
			const last = turns.at(-1);
			const call = { id: item.call_id, name: item.name, arguments: item.arguments };
			if (last?.role === 'assistant' && !last.text) last.calls.push(call);
			else turns.push({ role: 'assistant', text: '', calls: [call] });
		} else if (item.type === 'function_call_output')
			turns.push({ role: 'tool', text: textOf(item.output), calls: [], callId: item.call_id });
		else turns.push({ role: item.role, text: textOf(item.content), calls: [] });
	}
	return turns;
}

function textOf(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content))
		return content.map((part) => (typeof part === 'string' ? part : (part.text ?? ''))).join('');
	return content == null ? '' : JSON.stringify(content);
}

const toolNames = (tools = []) => tools.map((tool) => tool.function?.name ?? tool.name);

function chatCompletion(turn, usage, id) {
	const message = turn.calls
		? {
				role: 'assistant',
				content: null,
				tool_calls: turn.calls.map((call) => ({
					id: call.id,
					type: 'function',
					function: { name: call.name, arguments: JSON.stringify(call.arguments) },
				})),
			}
		: { role: 'assistant', content: turn.text };
	return {
		id,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: MODEL,
		choices: [
			{ index: 0, message, logprobs: null, finish_reason: turn.calls ? 'tool_calls' : 'stop' },
		],
		usage: {
			prompt_tokens: usage.input,
			completion_tokens: usage.output,
			total_tokens: usage.input + usage.output,
		},
	};
}

/** The same answer as Chat Completions chunks: one with the whole delta, one with the usage. */
function chatCompletionChunks(completion) {
	const { message, finish_reason } = completion.choices[0];
	const base = {
		id: completion.id,
		object: 'chat.completion.chunk',
		created: completion.created,
		model: MODEL,
	};
	const delta = message.tool_calls
		? {
				role: 'assistant',
				tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })),
			}
		: { role: 'assistant', content: message.content };
	return [
		{ ...base, choices: [{ index: 0, delta, finish_reason: null }] },
		{ ...base, choices: [{ index: 0, delta: {}, finish_reason }] },
		{ ...base, choices: [], usage: completion.usage },
	].map((chunk) => ({ data: chunk }));
}

function response(turn, usage, id) {
	const output = turn.calls
		? turn.calls.map((call) => ({
				type: 'function_call',
				id: `fc_${call.id}`,
				call_id: call.id,
				name: call.name,
				arguments: JSON.stringify(call.arguments),
				status: 'completed',
			}))
		: [
				{
					type: 'message',
					id: `msg_${id}`,
					role: 'assistant',
					status: 'completed',
					content: [{ type: 'output_text', text: turn.text, annotations: [] }],
				},
			];
	return {
		id,
		object: 'response',
		created_at: Math.floor(Date.now() / 1000),
		status: 'completed',
		model: MODEL,
		output,
		parallel_tool_calls: true,
		tool_choice: 'auto',
		tools: [],
		usage: {
			input_tokens: usage.input,
			output_tokens: usage.output,
			total_tokens: usage.input + usage.output,
		},
	};
}

/** The same answer as Responses stream events: each output item added and done, then completed. */
function responseEvents(done) {
	const events = [
		{
			event: 'response.created',
			data: { type: 'response.created', response: { ...done, status: 'in_progress', output: [] } },
		},
	];
	done.output.forEach((item, index) => {
		events.push({
			event: 'response.output_item.added',
			data: { type: 'response.output_item.added', output_index: index, item },
		});
		if (item.type === 'message')
			events.push({
				event: 'response.output_text.delta',
				data: {
					type: 'response.output_text.delta',
					item_id: item.id,
					output_index: index,
					content_index: 0,
					delta: item.content[0].text,
				},
			});
		if (item.type === 'function_call')
			events.push({
				event: 'response.function_call_arguments.delta',
				data: {
					type: 'response.function_call_arguments.delta',
					item_id: item.id,
					output_index: index,
					delta: item.arguments,
				},
			});
		events.push({
			event: 'response.output_item.done',
			data: { type: 'response.output_item.done', output_index: index, item },
		});
	});
	events.push({
		event: 'response.completed',
		data: { type: 'response.completed', response: done },
	});
	return events;
}

/** The scripted answer to one model call, in the API's shape, with its estimated usage. */
function answerOf(model, api, body) {
	const conversation = api === 'responses' ? fromResponses(body) : fromChatCompletions(body);
	const turn = scriptedTurn(
		conversation,
		toolNames(body.tools),
		() => `call_${String(++model.calls).padStart(6, '0')}`,
	);
	const prompt = JSON.stringify(api === 'responses' ? body.input : body.messages);
	const usage = {
		input: tokensOf(prompt) + tokensOf(JSON.stringify(body.tools ?? [])),
		output: tokensOf(turn.text ?? JSON.stringify(turn.calls)),
	};
	const id = `${api === 'responses' ? 'resp' : 'chatcmpl'}_${String(model.log.length).padStart(8, '0')}`;
	const json = api === 'responses' ? response(turn, usage, id) : chatCompletion(turn, usage, id);
	return { turn, usage, json, conversation };
}

const openAiError = (message, type) => ({ error: { message, type } });

/** One HTTP request to the model: its route, the token, and the scripted answer. */
async function serve(model, request, responseStream) {
	let text = '';
	for await (const chunk of request) text += chunk;
	const body = text ? JSON.parse(text) : {};
	const path = new URL(request.url, 'http://model').pathname.replace(/^\/v1/, '');
	const entry = { method: request.method, path, model: body.model, stream: Boolean(body.stream) };
	model.log.push(entry);
	const send = (status, json) => {
		entry.status = status;
		responseStream.writeHead(status, { 'content-type': 'application/json' });
		responseStream.end(JSON.stringify(json));
	};
	if (request.headers.authorization !== `Bearer ${model.token}`)
		return send(401, openAiError('Incorrect API key provided.', 'invalid_request_error'));
	if (request.method === 'GET' && path === '/models')
		return send(200, {
			object: 'list',
			data: [{ id: MODEL, object: 'model', owned_by: 'stand-in' }],
		});
	const api = { '/chat/completions': 'chat', '/responses': 'responses' }[path];
	if (request.method !== 'POST' || !api)
		return send(404, openAiError(`no route ${request.method} ${path}`, 'invalid_request_error'));
	const started = Date.now();
	await new Promise((resolve) => setTimeout(resolve, model.answerMs));
	const { turn, usage, json, conversation } = answerOf(model, api, body);
	Object.assign(entry, { api, tools: toolNames(body.tools), conversation, answer: turn, usage });
	entry.answerMs = Date.now() - started;
	if (!body.stream) return send(200, json);
	entry.status = 200;
	responseStream.writeHead(200, {
		'content-type': 'text/event-stream',
		'cache-control': 'no-cache',
	});
	const events = api === 'responses' ? responseEvents(json) : chatCompletionChunks(json);
	for (const { event, data } of events)
		responseStream.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
	if (api === 'chat') responseStream.write('data: [DONE]\n\n');
	responseStream.end();
}

/** @param {{ token: string, answerMs?: number }} options */
function createOpenAi({ token, answerMs = 0 }) {
	const model = {
		name: 'OpenAI',
		token,
		log: [],
		calls: 0,
		answerMs,
		clearLog() {
			model.log.length = 0;
		},
		reset() {
			model.calls = 0;
			model.answerMs = answerMs;
		},
		get state() {
			return { calls: model.calls };
		},
		/** A node:http handler. */
		handle: (request, responseStream) => serve(model, request, responseStream),
	};
	return model;
}

module.exports = { createOpenAi };
