'use strict';
/**
 * One API request through the sandbox: route match → rate-limit count → fault rules → (429 when over
 * the limit) → authentication → the route's handler, with its log record and its answer. `core` is
 * the sandbox's shared state (server.js): settings, limiters, faults, log, state and random.
 */
const { setTimeout: sleep } = require('node:timers/promises');

const { authorize, identify } = require('./auth');
const { ApiError, loggedBody } = require('./http');
const { matchRoute } = require('./routes');
const { API_KEYS } = require('./seed');

const JSON_TYPE = 'application/json; charset=utf-8';
const TOO_MANY_REQUESTS = { error: 'Too many requests' };
/** The error page a proxy in front of the API (nginx here) sends instead of JSON. */
const htmlErrorPage = (title) =>
	`<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
	`<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
const HTML_502 = htmlErrorPage('502 Bad Gateway');
const HTML_503 = htmlErrorPage('503 Service Temporarily Unavailable');

const internalError = (core) => ({ error: 'Error occured', errorId: core.random.uuid() });

/** @returns {(request, response, requestUrl: URL, rawBody: string) => Promise<void>} */
function createApiHandler(core) {
	return async function handleApi(request, response, requestUrl, rawBody) {
		const match = matchRoute(request.method ?? 'GET', requestUrl.pathname);
		const identity = identify(request.headers.authorization);
		// Generation counts per organization (the key's), the version endpoints per client IP.
		const generating = match?.route.generateEndpoint === true;
		const rateLimiter = generating ? core.generateLimiter : core.limiter;
		const rate = generating
			? core.generateLimiter.hit(API_KEYS[identity.keyName ?? '']?.orgId ?? 'unknown', true)
			: core.limiter.hit(request.socket.remoteAddress ?? '', match?.route.versionEndpoint === true);
		const record = {
			seq: ++core.sequence,
			time: new Date(core.settings.now()).toISOString(),
			method: request.method,
			path: requestUrl.pathname,
			query: Object.fromEntries(requestUrl.searchParams),
			body: loggedBody(rawBody),
			status: null,
			token: identity.keyName,
			authScheme: identity.scheme,
			rateLimitCounter: rate.counter,
			// API requests being answered when this one arrived, itself included: how many a client had in flight.
			inProgress: (core.inProgress = (core.inProgress ?? 0) + 1),
		};
		core.log.push(record);
		core.onProgress();
		const fault = core.faults.take(
			match ? match.route.key : null,
			identity.keyName ?? null,
			rawBody,
		);
		if (fault) record.fault = fault.type;

		const reply = replier(core, { request, response, record, rate, rateLimiter });
		const perform = () =>
			processRequest(core, {
				match,
				identity,
				rate,
				headers: request.headers,
				requestUrl,
				rawBody,
			});
		if (fault && (await answeredByFault(core, fault, reply, perform))) return;
		const outcome = perform();
		// Generation is done before the answer is sent: a client that gives up meanwhile still has a story.
		if (generating && core.settings.generateDelayMs > 0) {
			await sleep(core.settings.generateDelayMs, undefined, { signal: core.closing.signal });
		}
		await reply.json(outcome.status, outcome.body);
	};
}

/** How a request is answered: a text, JSON, or a connection hung up; each finishes its log record. */
function replier(core, { request, response, record, rate, rateLimiter }) {
	const finish = (status) => {
		core.inProgress -= 1;
		record.status = status;
		record.answeredAt = new Date(core.settings.now()).toISOString();
		core.onRequest?.(record);
	};
	const text = async (status, body, contentType = JSON_TYPE) => {
		if (core.settings.latencyMs > 0)
			await sleep(core.settings.latencyMs, undefined, { signal: core.closing.signal });
		response.writeHead(status, {
			'content-type': contentType,
			'content-length': Buffer.byteLength(body),
			'x-rate-limit-counter': String(rate.counter),
			'x-rate-limit-maximum': String(rateLimiter.max),
		});
		response.end(body);
		finish(status);
	};
	return {
		request,
		finish,
		text,
		json: (status, body) => text(status, JSON.stringify(body)),
		hangUp() {
			request.socket.destroy();
			finish(null);
		},
	};
}

/**
 * Applies a fault rule; true when the fault answered the request (false: go on, e.g. after `slow`).
 * With `holdUntil` the fault waits for that many requests in progress: a test then sees requests in
 * flight together however busy the machine is, instead of hoping they overlap in time.
 */
async function answeredByFault(core, fault, reply, perform) {
	if (fault.holdUntil !== null) await untilInProgress(core, fault.holdUntil);
	if (fault.held) await untilReleased(core);
	switch (fault.type) {
		case 'resetBefore':
			reply.hangUp();
			return true;
		case 'resetAfter':
			perform();
			reply.hangUp();
			return true;
		case 'hang':
			reply.finish(null);
			await untilClosed(core, reply.request);
			return true;
		case 'status429':
			await reply.json(429, TOO_MANY_REQUESTS);
			return true;
		case 'revoked':
			// The key revoked between two requests: the analytics API's answer (not retried by clients).
			await reply.json(400, { error: 'Token has been revoked' });
			return true;
		case 'status502':
			await (fault.html
				? reply.text(502, HTML_502, 'text/html; charset=utf-8')
				: reply.json(502, { error: 'Bad Gateway' }));
			return true;
		case 'status503':
			if (fault.processed) perform();
			await (fault.html
				? reply.text(503, HTML_503, 'text/html; charset=utf-8')
				: reply.json(503, { error: 'Service Unavailable' }));
			return true;
		case 'status500':
			if (fault.processed) perform();
			await reply.json(500, internalError(core));
			return true;
		case 'invalidJson': {
			// Processed, then the body is cut in half: no proper prefix of a JSON object or array parses.
			const text = JSON.stringify(perform().body);
			await reply.text(200, text.slice(0, Math.max(1, Math.floor(text.length / 2))));
			return true;
		}
		case 'slow':
			await sleep(fault.delayMs, undefined, { signal: core.closing.signal });
			return false;
	}
	return false;
}

/**
 * Below n8n 2.x's poll timeout (45 s): a poll held by a test is answered before n8n abandons it, and a
 * test that never releases it fails instead of hanging.
 */
const HELD_LIMIT_MS = 40_000;

/**
 * Resolves when `listen`'s callback is called, after `limitMs`, or when the sandbox closes; `listen`
 * registers the callback and returns how to unregister it.
 */
function settleWithin(core, limitMs, listen) {
	return new Promise((resolve) => {
		const done = () => {
			clearTimeout(timer);
			stopListening();
			core.closing.signal.removeEventListener('abort', done);
			resolve();
		};
		const timer = setTimeout(done, limitMs);
		const stopListening = listen(done);
		core.closing.signal.addEventListener('abort', done, { once: true });
	});
}

/** Until the sandbox's releaseHeld() (or HELD_LIMIT_MS passes, or the sandbox closes). */
const untilReleased = (core) =>
	settleWithin(core, HELD_LIMIT_MS, (done) => {
		core.heldWaiters.add(done);
		return () => core.heldWaiters.delete(done);
	});

/** Long enough for any client that sends them; short enough that one that never does fails a test, not hangs it. */
const HOLD_LIMIT_MS = 10_000;

/** Until `count` API requests are in progress (or HOLD_LIMIT_MS passes, or the sandbox closes). */
function untilInProgress(core, count) {
	if (core.inProgress >= count) return Promise.resolve();
	return settleWithin(core, HOLD_LIMIT_MS, (done) => {
		const waiter = { count, done };
		core.progressWaiters.add(waiter);
		return () => core.progressWaiters.delete(waiter);
	});
}

/**
 * A hung request waits until the sandbox closes or the client gives up (then the listener goes too:
 * many hung requests must not pile up listeners on the one closing signal).
 */
function untilClosed(core, request) {
	return new Promise((resolve) => {
		const done = () => {
			core.closing.signal.removeEventListener('abort', done);
			request.socket.off('close', done);
			resolve();
		};
		core.closing.signal.addEventListener('abort', done, { once: true });
		request.socket.once('close', done);
	});
}

/** What the API does with a request that reaches it: status and JSON body. */
function processRequest(core, { match, identity, rate, headers, requestUrl, rawBody }) {
	try {
		if (!match) throw new ApiError(404, { error: 'Not found' });
		if (rate.limited) throw new ApiError(429, TOO_MANY_REQUESTS);
		const caller = authorize(identity, match.route.key, core.state);
		const body = match.route.handler({
			state: core.state,
			caller,
			params: match.params,
			query: requestUrl.searchParams,
			headers,
			rawBody,
			now: core.settings.now(),
			random: core.random,
			pageSize: core.settings.analyticsPageSize,
			specOnly: core.settings.specOnly,
		});
		return { status: 200, body };
	} catch (error) {
		if (error instanceof ApiError) return { status: error.status, body: error.body };
		throw error;
	}
}

module.exports = { JSON_TYPE, createApiHandler };
