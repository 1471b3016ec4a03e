'use strict';
/**
 * A local fake of the Storydoc API v2 (Storydoc's public API reference, docs.storydoc.com) on Node's http module:
 * what the tests talk to over real HTTP, and what users point the n8n credential at to try the node
 * without a Storydoc account. Not shipped in the package. See sandbox/README.md.
 *
 * One request goes through: route match → rate-limit count → fault rules → (429 when over the
 * limit) → authentication → the route's handler. Handlers are synchronous functions of the state,
 * so each request's change to the state is atomic.
 */
const http = require('node:http');
const { setTimeout: sleep } = require('node:timers/promises');

const { handleAdmin } = require('./admin');
const { authorize, identify } = require('./auth');
const { completeEvents, insertEvents } = require('./events');
const { createFaults } = require('./faults');
const { ApiError, loggedBody, readBody } = require('./http');
const { createRandom } = require('./random');
const { createRateLimiter } = require('./ratelimit');
const { matchRoute } = require('./routes');
const { API_KEYS, SEED, TOKENS, seedState } = require('./seed');

const JSON_TYPE = 'application/json; charset=utf-8';
const TOO_MANY_REQUESTS = { error: 'Too many requests' };
/** What nginx in front of an API typically answers while the service is down. */
/** The error page a proxy in front of the API (nginx here) sends instead of JSON. */
const htmlErrorPage = (title) =>
	`<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
	`<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
const HTML_502 = htmlErrorPage('502 Bad Gateway');
const HTML_503 = htmlErrorPage('503 Service Temporarily Unavailable');
/** Separates the runtime id stream (new versions, errorIds, added events) from the seed's stream. */
const RUNTIME_SEED_OFFSET = 0x9e3779b9;

/**
 * @typedef {object} SandboxOptions
 * @property {{ max?: number, windowMs?: number }} [rateLimit] version endpoints: fixed window per IP (150 / 60 s)
 * @property {{ max?: number, windowMs?: number }} [generateRateLimit] story generation: fixed window per
 *   organization (150 / 60 s)
 * @property {number} [generateDelayMs] how long a story generation takes before it answers (0; a real
 *   one takes 30 to 90 s)
 * @property {number} [latencyMs] added before every API response (0)
 * @property {number} [events] seeded analytics events (3000)
 * @property {number} [eventSpanDays] days before `now` the seeded events are spread over (200)
 * @property {number} [analyticsPageSize] events per analytics page (1000, as the spec fixes it)
 * @property {() => number} [now] the sandbox clock in ms (Date.now): dates, expiry, analytics "now"
 * @property {number} [seed] seed of the generated data (1)
 * @property {boolean} [specOnly] answer as the spec document reads where Storydoc's published reference
 *   differs (false): an empty story list is 200 [] instead of 404 "No stories found", and an update
 *   answer carries versionId
 * @property {(record: object) => void} [onRequest] called with each API request's log record once answered
 */

/** @param {SandboxOptions} [options] */
function createSandbox(options = {}) {
	const settings = {
		latencyMs: options.latencyMs ?? 0,
		events: options.events ?? 3000,
		eventSpanDays: options.eventSpanDays ?? 200,
		analyticsPageSize: options.analyticsPageSize ?? 1000,
		now: options.now ?? Date.now,
		seed: options.seed ?? 1,
		specOnly: options.specOnly ?? false,
		generateDelayMs: options.generateDelayMs ?? 0,
	};
	const limiter = createRateLimiter(options.rateLimit);
	const generateLimiter = createRateLimiter(options.generateRateLimit);
	const faults = createFaults();
	/** Aborted by close(): ends every pending sleep and hang at once. */
	const closing = new AbortController();
	const sockets = new Set();
	const log = [];
	let state;
	let random;
	let sequence = 0;
	let url = null;

	const server = http.createServer((request, response) => {
		handle(request, response).catch((error) => {
			if (closing.signal.aborted) return;
			if (response.headersSent) return response.destroy();
			// A bug in the sandbox itself: answer like the API's own internal error, but say why.
			response.writeHead(500, { 'content-type': JSON_TYPE });
			response.end(
				JSON.stringify({
					error: 'Error occured',
					errorId: random.uuid(),
					sandboxBug: String(error),
				}),
			);
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	async function handle(request, response) {
		const requestUrl = new URL(request.url ?? '/', 'http://sandbox.local');
		const rawBody = await readBody(request);
		if (requestUrl.pathname === '/__sandbox' || requestUrl.pathname.startsWith('/__sandbox/')) {
			const { status, body } = handleAdmin(sandbox, request.method, requestUrl.pathname, rawBody);
			const text = body === undefined ? '' : JSON.stringify(body);
			response.writeHead(
				status,
				body === undefined
					? {}
					: { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text) },
			);
			response.end(text);
			return;
		}
		await handleApi(request, response, requestUrl, rawBody);
	}

	async function handleApi(request, response, requestUrl, rawBody) {
		const match = matchRoute(request.method ?? 'GET', requestUrl.pathname);
		const identity = identify(request.headers.authorization);
		// Generation counts per organization (the key's), the version endpoints per client IP.
		const generating = match?.route.generateEndpoint === true;
		const rateLimiter = generating ? generateLimiter : limiter;
		const rate = generating
			? generateLimiter.hit(API_KEYS[identity.keyName ?? '']?.orgId ?? 'unknown', true)
			: limiter.hit(request.socket.remoteAddress ?? '', match?.route.versionEndpoint === true);
		const record = {
			seq: ++sequence,
			time: new Date(settings.now()).toISOString(),
			method: request.method,
			path: requestUrl.pathname,
			query: Object.fromEntries(requestUrl.searchParams),
			body: loggedBody(rawBody),
			status: null,
			token: identity.keyName,
			authScheme: identity.scheme,
			rateLimitCounter: rate.counter,
		};
		log.push(record);
		const fault = faults.take(match ? match.route.key : null, identity.keyName ?? null);
		if (fault) record.fault = fault.type;

		const answer = async (status, text, contentType = JSON_TYPE) => {
			if (settings.latencyMs > 0)
				await sleep(settings.latencyMs, undefined, { signal: closing.signal });
			response.writeHead(status, {
				'content-type': contentType,
				'content-length': Buffer.byteLength(text),
				'x-rate-limit-counter': String(rate.counter),
				'x-rate-limit-maximum': String(rateLimiter.max),
			});
			response.end(text);
			finish(record, status);
		};
		const answerJson = (status, body) => answer(status, JSON.stringify(body));
		const hangUp = () => {
			request.socket.destroy();
			finish(record, null);
		};
		const perform = () =>
			processRequest({ match, identity, rate, headers: request.headers, requestUrl, rawBody });

		switch (fault?.type) {
			case 'resetBefore':
				return hangUp();
			case 'resetAfter':
				perform();
				return hangUp();
			case 'hang':
				finish(record, null);
				// Until the sandbox closes or the client gives up (then the listener goes too: many hung
				// requests must not pile up listeners on the one closing signal).
				return new Promise((resolve) => {
					const done = () => {
						closing.signal.removeEventListener('abort', done);
						request.socket.off('close', done);
						resolve();
					};
					closing.signal.addEventListener('abort', done, { once: true });
					request.socket.once('close', done);
				});
			case 'status429':
				return answerJson(429, TOO_MANY_REQUESTS);
			case 'status502':
				return fault.html
					? answer(502, HTML_502, 'text/html; charset=utf-8')
					: answerJson(502, { error: 'Bad Gateway' });
			case 'status503':
				return fault.html
					? answer(503, HTML_503, 'text/html; charset=utf-8')
					: answerJson(503, { error: 'Service Unavailable' });
			case 'status500':
				if (fault.processed) perform();
				return answerJson(500, internalError());
			case 'invalidJson': {
				// Processed, then the body is cut in half: no proper prefix of a JSON object or array parses.
				const text = JSON.stringify(perform().body);
				return answer(200, text.slice(0, Math.max(1, Math.floor(text.length / 2))));
			}
			case 'slow':
				await sleep(fault.delayMs, undefined, { signal: closing.signal });
				break;
		}
		const outcome = perform();
		// Generation is done before the answer is sent: a client that gives up meanwhile still has a story.
		if (generating && settings.generateDelayMs > 0) {
			await sleep(settings.generateDelayMs, undefined, { signal: closing.signal });
		}
		return answerJson(outcome.status, outcome.body);
	}

	/** What the API does with a request that reaches it: status and JSON body. */
	function processRequest({ match, identity, rate, headers, requestUrl, rawBody }) {
		try {
			if (!match) throw new ApiError(404, { error: 'Not found' });
			if (rate.limited) throw new ApiError(429, TOO_MANY_REQUESTS);
			const caller = authorize(identity, match.route.key, state);
			const body = match.route.handler({
				state,
				caller,
				params: match.params,
				query: requestUrl.searchParams,
				headers,
				rawBody,
				now: settings.now(),
				random,
				pageSize: settings.analyticsPageSize,
				specOnly: settings.specOnly,
			});
			return { status: 200, body };
		} catch (error) {
			if (error instanceof ApiError) return { status: error.status, body: error.body };
			throw error;
		}
	}

	const internalError = () => ({ error: 'Error occured', errorId: random.uuid() });

	function finish(record, status) {
		record.status = status;
		options.onRequest?.(record);
	}

	const sandbox = {
		/** @returns {Promise<string>} the base URL, e.g. http://127.0.0.1:41234 */
		async start(port = 0, host = '127.0.0.1') {
			await new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(port, host, () => {
					server.off('error', reject);
					resolve();
				});
			});
			const address = /** @type {import('node:net').AddressInfo} */ (server.address());
			url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
			return url;
		},
		/** Stops at once: hanging and keep-alive connections are destroyed, pending delays cancelled. */
		async close() {
			closing.abort();
			for (const socket of sockets) socket.destroy();
			if (!server.listening) return;
			await new Promise((resolve) => server.close(() => resolve()));
		},
		get url() {
			return url;
		},
		tokens: TOKENS,
		get log() {
			return log;
		},
		clearLog() {
			log.length = 0;
		},
		get state() {
			return state;
		},
		/**
		 * Appends analytics events, completing each partial event from its version (default: the seed's
		 * `live` version) with timestamp = now; keeps the index sorted.
		 * @returns {import('./events').SandboxEvent[]} the complete events added
		 */
		addEvents(partials) {
			const events = completeEvents(partials, {
				state,
				random,
				now: settings.now(),
				defaultVersionId: SEED.versions.live.id,
			});
			insertEvents(state.events, events);
			return events;
		},
		/** @param {object} rule see sandbox/faults.js and the README */
		setFault(rule) {
			faults.set(rule);
		},
		clearFaults() {
			faults.clear();
		},
		/** Back to the seed: state regenerated, log, faults and rate-limit windows cleared. */
		reset() {
			state = seedState({
				seed: settings.seed,
				now: settings.now(),
				events: settings.events,
				eventSpanDays: settings.eventSpanDays,
			});
			random = createRandom(settings.seed + RUNTIME_SEED_OFFSET);
			log.length = 0;
			sequence = 0;
			faults.clear();
			limiter.clear();
			generateLimiter.clear();
		},
	};
	sandbox.reset();
	return sandbox;
}

module.exports = { createSandbox, SEED, TOKENS };
