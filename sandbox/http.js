'use strict';
/** HTTP plumbing shared by the API routes and the admin endpoints. */

/** An API error answer: status plus the JSON body (always with `error`). Routes throw it. */
class ApiError extends Error {
	/** @param {number} status @param {{ error: string } & Record<string, unknown>} body */
	constructor(status, body) {
		super(body.error);
		this.status = status;
		this.body = body;
	}
}

/** @param {import('node:http').IncomingMessage} request @returns {Promise<string>} */
async function readBody(request) {
	const chunks = [];
	for await (const chunk of request) chunks.push(chunk);
	return Buffer.concat(chunks).toString('utf8');
}

/** The body as the request log keeps it: parsed JSON when it parses, the raw text otherwise. */
function loggedBody(raw) {
	if (raw === '') return null;
	try {
		return JSON.parse(raw);
	} catch {
		return raw;
	}
}

/**
 * The JSON body of a POST, checked the way the API's middleware would before any route logic:
 * the Content-Type must be JSON (the spec makes it required), and the text must parse.
 */
function jsonBody({ headers, rawBody }) {
	const mediaType = String(headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	if (mediaType !== 'application/json')
		throw new ApiError(400, { error: 'Content-Type must be application/json' });
	try {
		return JSON.parse(rawBody);
	} catch {
		throw new ApiError(400, { error: 'Invalid JSON in request body' });
	}
}

/** @param {unknown} value */
const isPlainObject = (value) =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

module.exports = { ApiError, readBody, loggedBody, jsonBody, isPlainObject };
