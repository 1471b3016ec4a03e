'use strict';
/**
 * A recording relay on 127.0.0.1 between the node and the account: the node's Base URL points here,
 * every request goes on unchanged to the account, and its raw answer comes back unchanged. The record
 * shows what the node sent (so "refused before any request" can be checked) and what the account
 * answered before the node read it (the update answer, whose versionId the node adds itself), with no
 * request of its own: the only writes stay the node's one create and one update.
 */
const http = require('node:http');

/** Not forwarded: they describe one connection, and fetch decodes the body itself. */
const HOP_HEADERS = new Set([
	'host',
	'connection',
	'keep-alive',
	'transfer-encoding',
	'content-length',
	'content-encoding',
	'accept-encoding',
	'upgrade',
	'proxy-connection',
]);

const forwardable = (headers) =>
	Object.fromEntries(
		Object.entries(headers).filter(
			([name, value]) => !HOP_HEADERS.has(name.toLowerCase()) && value !== undefined,
		),
	);

/**
 * @param {string} target the account's base URL, without a trailing slash
 * @returns {Promise<{ url: string, records: object[], close: () => Promise<void> }>} `records`: one
 *   `{ method, path, status, headers, text }` per request, oldest first (never the request's headers)
 */
async function startRelay(target) {
	const records = [];
	const server = http.createServer(async (request, response) => {
		const chunks = [];
		for await (const chunk of request) chunks.push(chunk);
		const body = Buffer.concat(chunks);
		const record = {
			method: request.method,
			path: request.url,
			status: null,
			headers: {},
			text: '',
		};
		records.push(record);
		try {
			const answer = await fetch(`${target}${request.url}`, {
				method: request.method,
				headers: forwardable(request.headers),
				body: body.length ? body : undefined,
				redirect: 'manual',
			});
			record.text = await answer.text();
			record.status = answer.status;
			record.headers = Object.fromEntries(answer.headers);
			response.writeHead(answer.status, forwardable(record.headers));
			response.end(record.text);
		} catch (error) {
			// The account could not be reached: the node sees a broken connection, as it would directly.
			record.error = error.cause?.code ?? error.name;
			request.socket.destroy();
		}
	});
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', resolve);
	});
	return {
		url: `http://127.0.0.1:${server.address().port}`,
		records,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

module.exports = { startRelay };
