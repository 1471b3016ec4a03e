'use strict';
/** Requests of the live check, as plain HTTP, and what it reads of the node's runs. */
const { Failure } = require('./report');

/** One request with a key, as plain HTTP: status, headers, text and the JSON (undefined if none). */
async function ask({ url, token }, method, path, body) {
	const response = await fetch(`${url}${path}`, {
		method,
		headers: {
			Authorization: `Bearer ${token}`,
			Accept: 'application/json',
			...(body ? { 'Content-Type': 'application/json' } : {}),
		},
		body: body ? JSON.stringify(body) : undefined,
		signal: AbortSignal.timeout(60_000),
	});
	return answerOf(response.status, Object.fromEntries(response.headers), await response.text());
}

function answerOf(status, headers, text) {
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status, headers, text, json };
}

/** The node's error, as it would show it: message and description (never the request). */
function nodeError(error) {
	const http = /^\d{3}$/.test(error.httpCode ?? '') ? ` (HTTP ${error.httpCode})` : '';
	const text = `${error.message}${http}${error.description ? `: ${error.description}` : ''}`;
	return text.replace(/\s*\n\s*/g, ' ');
}

/** The items of a node run, or its error as a Failure. */
function itemsOf(run) {
	if (run.error) throw new Failure(nodeError(run.error));
	return run.items;
}

const locator = (value, mode = 'id') => ({ __rl: true, mode, value });
const requestLines = (requests) =>
	requests.map((request) => `${request.method} ${request.path.split('?')[0]}`);

module.exports = { answerOf, ask, itemsOf, locator, nodeError, requestLines };
