'use strict';
/**
 * A local fake of the Storydoc API v2 (Storydoc's public API reference, docs.storydoc.com) on Node's http module:
 * what the tests talk to over real HTTP, and what users point the n8n credential at to try the node
 * without a Storydoc account. Not shipped in the package. See sandbox/README.md.
 *
 * Here: the sandbox's lifecycle, its state and the methods tests call; one API request's way through
 * is apiRequest.js. Handlers are synchronous functions of the state, so each request's change to the
 * state is atomic.
 */
const { setMaxListeners } = require('node:events');
const http = require('node:http');

const { handleAdmin } = require('./admin');
const { JSON_TYPE, createApiHandler } = require('./apiRequest');
const { completeEvents, insertEvents } = require('./events');
const { createFaults } = require('./faults');
const { readBody } = require('./http');
const { createRandom } = require('./random');
const { createRateLimiter } = require('./ratelimit');
const { SEED, TOKENS, seedState } = require('./seed');

/** Separates the runtime id stream (new versions, errorIds, added events) from the seed's stream. */
const RUNTIME_SEED_OFFSET = 0x9e3779b9;

/**
 * @typedef {object} SandboxOptions
 * @property {{ max?: number, windowMs?: number, clock?: () => number }} [rateLimit] version endpoints:
 *   fixed window per IP (150 / 60 s); `clock` (performance.now) lets a test in the same process move
 *   the window's time itself
 * @property {{ max?: number, windowMs?: number }} [generateRateLimit] story generation: fixed window per
 *   organization (150 / 60 s)
 * @property {number} [generateDelayMs] how long a story generation takes before it answers (0; a real
 *   one takes 30 to 90 s)
 * @property {number} [latencyMs] added before every API response (0)
 * @property {number} [events] seeded analytics events (3000)
 * @property {number} [eventSpanDays] days before `now` the seeded events are spread over (200)
 * @property {boolean} [eventsEvenly] spread them evenly over those days whatever the seeded versions'
 *   lives (false: each event inside its version's life, so a span longer than the versions' lives
 *   holds them all in its last months); bench:warehouse's histories of ten years
 * @property {number} [dealVersions] more versions of the proposal, one per deal (0), the events spread
 *   over them too but for every tenth (sandbox/data/dealVersions.js)
 * @property {number} [dealStories] stories of their own the deal versions take turns on (0: all on
 *   the proposal), as an account with many stories
 * @property {number} [analyticsPageSize] events per analytics page (1000, as the spec fixes it)
 * @property {() => number} [now] the sandbox clock in ms (Date.now): dates, expiry, analytics "now"
 * @property {number} [seed] seed of the generated data (1)
 * @property {boolean} [specOnly] answer as the spec document reads where Storydoc's published reference
 *   differs (false): an empty story list is 200 [] instead of 404 "No stories found", and an update
 *   answer carries versionId
 * @property {(record: object) => void} [onRequest] called with each API request's log record once answered
 */

/** The sandbox's shared state, read by the request pipeline (apiRequest.js) and the methods below. */
function createCore(options) {
	return {
		settings: {
			latencyMs: options.latencyMs ?? 0,
			events: options.events ?? 3000,
			eventSpanDays: options.eventSpanDays ?? 200,
			eventsEvenly: options.eventsEvenly ?? false,
			dealVersions: options.dealVersions ?? 0,
			dealStories: options.dealStories ?? 0,
			analyticsPageSize: options.analyticsPageSize ?? 1000,
			now: options.now ?? Date.now,
			seed: options.seed ?? 1,
			specOnly: options.specOnly ?? false,
			generateDelayMs: options.generateDelayMs ?? 0,
		},
		limiter: createRateLimiter(options.rateLimit),
		generateLimiter: createRateLimiter(options.generateRateLimit),
		faults: createFaults(),
		/** Aborted by close(): ends every pending sleep and hang at once. */
		closing: closingController(),
		log: /** @type {any[]} */ ([]),
		sequence: 0,
		inProgress: 0,
		/** Fault rules holding a request until this many are in progress (apiRequest.js). */
		progressWaiters: /** @type {Set<{ count: number, done: () => void }>} */ (new Set()),
		/** Requests held by a `held` fault rule until releaseHeld() (apiRequest.js). */
		heldWaiters: /** @type {Set<() => void>} */ (new Set()),
		onProgress() {
			for (const waiter of this.progressWaiters) if (this.inProgress >= waiter.count) waiter.done();
		},
		// Set by resetCore before the first request; untyped, as the routes read it.
		state: /** @type {any} */ (undefined),
		random: /** @type {any} */ (undefined),
		onRequest: options.onRequest,
	};
}

/** The HTTP server: /__sandbox/ to the admin endpoints, everything else to the API. */
function createServer(core, sandbox) {
	const handleApi = createApiHandler(core);
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
	const server = http.createServer((request, response) => {
		handle(request, response).catch((error) => {
			if (core.closing.signal.aborted) return;
			if (response.headersSent) return response.destroy();
			// A bug in the sandbox itself: answer like the API's own internal error, but say why.
			response.writeHead(500, { 'content-type': JSON_TYPE });
			response.end(
				JSON.stringify({
					error: 'Error occured',
					errorId: core.random.uuid(),
					sandboxBug: String(error),
				}),
			);
		});
	});
	// Idle keep-alive sockets outlive any pause in a test (Node's default is 5 s): a client sending
	// on one just as the server closes it gets ECONNRESET, which a busy machine made happen.
	server.keepAliveTimeout = 60_000;
	return server;
}

/** Back to the seed: state regenerated, log, faults and rate-limit windows cleared. */
function resetCore(core) {
	const { settings } = core;
	core.state = seedState({
		seed: settings.seed,
		now: settings.now(),
		events: settings.events,
		eventSpanDays: settings.eventSpanDays,
		eventsEvenly: settings.eventsEvenly,
		dealVersions: settings.dealVersions,
		dealStories: settings.dealStories,
	});
	core.random = createRandom(settings.seed + RUNTIME_SEED_OFFSET);
	core.log.length = 0;
	core.sequence = 0;
	core.faults.clear();
	for (const release of [...(core.heldWaiters ?? [])]) release();
	core.limiter.clear();
	core.generateLimiter.clear();
}

/** One listener per pending answer: with many requests in flight, more than Node's default of 10. */
function closingController() {
	const controller = new AbortController();
	setMaxListeners(0, controller.signal);
	return controller;
}

/**
 * The order the API lists a query's events in: null (default) oldest first; a number, a shuffle
 * seeded with it (the same for every page of a query), as an API that promises no order may.
 * @param {number | null} seed
 */
function setEventOrder(core, seed) {
	if (seed !== null && !Number.isSafeInteger(seed))
		throw new TypeError('the shuffle seed must be a whole number or null');
	core.state.eventOrder = seed;
}

/**
 * Appends analytics events, completing each partial event from its version (default: the seed's
 * `live` version) with timestamp = now; keeps the index sorted.
 * @returns {import('./events').SandboxEvent[]} the complete events added
 */
function addEvents(core, partials) {
	const { state, random, settings } = core;
	const events = completeEvents(partials, {
		state,
		random,
		now: settings.now(),
		defaultVersionId: SEED.versions.live.id,
	});
	insertEvents(state.events, events);
	return events;
}

/** @param {SandboxOptions} [options] */
function createSandbox(options = {}) {
	const core = createCore(options);
	const sockets = new Set();
	let url = null;
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
			core.closing.abort();
			for (const socket of sockets) socket.destroy();
			if (!server.listening) return;
			await new Promise((resolve) => server.close(() => resolve()));
		},
		get url() {
			return url;
		},
		tokens: TOKENS,
		get log() {
			return core.log;
		},
		clearLog() {
			core.log.length = 0;
		},
		/** API requests being answered now (a hung one until its client gives up). */
		get inProgress() {
			return core.inProgress;
		},
		get state() {
			return core.state;
		},
		addEvents: (partials) => addEvents(core, partials),
		setEventOrder: (seed) => setEventOrder(core, seed),
		/** @param {object} rule see sandbox/faults.js and the README */
		setFault(rule) {
			core.faults.set(rule);
		},
		clearFaults() {
			core.faults.clear();
		},
		/** Requests held by a `held` fault rule now. */
		get held() {
			return core.heldWaiters.size;
		},
		/** Lets every request a `held` rule holds go on to its fault. */
		releaseHeld() {
			for (const release of [...core.heldWaiters]) release();
		},
		/** Back to the seed: state regenerated, log, faults and rate-limit windows cleared. */
		reset() {
			resetCore(core);
		},
	};
	const server = createServer(core, sandbox);
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	sandbox.reset();
	return sandbox;
}

module.exports = { createSandbox, SEED, TOKENS };
