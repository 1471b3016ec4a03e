import type {
	FunctionsBase,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, TIMEOUT_PARAMETER } from '../constants';
import { numberValue } from '../helpers/validation';
import type { StorydocResponse } from './errors';
import { headerNumber, parseErrorBody, storydocApiError } from './errors';
import type { RateLimitPacer, SendTicket } from './rateLimit';
import { pacerFor } from './rateLimit';

export const CREDENTIAL_TYPE = 'storydocApi';

/** Anything that can send requests with the node's credential: execute, load-options and poll contexts. */
export type StorydocContext = FunctionsBase & {
	helpers: {
		httpRequestWithAuthentication(
			credentialsType: string,
			requestOptions: IHttpRequestOptions,
		): Promise<unknown>;
	};
};

export interface StorydocRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, starting with `/v2/`. Ids in it must already be encoded (see `pathId`). */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	/**
	 * For a write: what the user is told when its outcome is unknown (timeout, reset, 5xx), since it
	 * is never resent. For example "The version may exist".
	 */
	ifOutcomeUnknown?: string;
	/** For a write: where to see whether it happened, said when its outcome is unknown. */
	howToCheck?: string;
	/** The timeout when Request Options sets none (Story › Generate waits longer than the rest). */
	defaultTimeoutSeconds?: number;
}

/** Reads retry transient failures this many times in all (the first try included)... */
const READ_MAX_ATTEMPTS = 5;
/** ...with this first pause, doubled each time (0.5, 1, 2, 4 s, ±20 %)... */
const READ_FIRST_BACKOFF_MS = 500;
/** ...and no new try once this long has passed since the first. */
const READ_RETRY_BUDGET_MS = 60_000;
/** Longest a request waits for the rate limit (pacing and 429s together) before its item fails. */
const RATE_LIMIT_MAX_WAIT_MS = 5 * 60_000;
/** Pauses are cut into steps so a cancelled execution stops waiting promptly on older n8n versions. */
const PAUSE_STEP_MS = 1_000;

/** Connection failures where nothing reached the API (no connection was made). */
const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);
/** Failures worth another try; a name that does not resolve (ENOTFOUND) is a wrong Base URL, not a hiccup. */
const TRANSIENT_CODES = new Set([
	'ECONNREFUSED',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ECONNRESET',
	'EPIPE',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'ECONNABORTED',
	'UND_ERR_SOCKET',
]);

export const pathId = (id: string) => encodeURIComponent(id);

export async function getBaseUrl(this: StorydocContext): Promise<string> {
	const credentials = await this.getCredentials<{ baseUrl?: string }>(CREDENTIAL_TYPE);
	const baseUrl = String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) {
		throw new NodeOperationError(
			this.getNode(),
			'The Base URL of the Storydoc credential must start with http:// or https://',
		);
	}
	return baseUrl;
}

function isFullResponse(value: unknown): value is IN8nHttpFullResponse {
	return !!value && typeof value === 'object' && 'statusCode' in value && 'headers' in value;
}

/** A failure before any HTTP status arrived, described by its code only (never the request options). */
class NetworkFailure {
	constructor(
		readonly code: string,
		readonly timedOut: boolean,
	) {}

	/** Whether the request may have reached the API; any failure not known to happen before sending may have. */
	get maybeSent() {
		return !NOT_SENT_CODES.has(this.code);
	}

	get transient() {
		return this.timedOut || TRANSIENT_CODES.has(this.code);
	}

	/** The cause as a write's "may exist" message names it. */
	describe(timeoutMs: number) {
		if (this.timedOut) return `Storydoc did not answer within ${timeoutMs / 1000} s`;
		if (this.code === 'ECONNRESET') return 'connection reset';
		return `connection failed: ${this.code}`;
	}
}

/** What a system or HTTP-client error code looks like (ECONNRESET, ERR_CANCELED, UND_ERR_SOCKET). */
const ERROR_CODE = /^(?:E[A-Z0-9_]+|ERR_[A-Z0-9_]+|UND_ERR_[A-Z0-9_]+)$/;
/** How deep a cause chain is followed; n8n-core 2.x nests three levels. */
const MAX_CAUSE_DEPTH = 8;

type ErrorFields = {
	code?: unknown;
	httpCode?: unknown;
	message?: unknown;
	messages?: unknown;
	name?: unknown;
	cause?: unknown;
};

/**
 * Classifies a request that failed without an HTTP status, from the codes and texts of the error
 * n8n's HTTP helper threw. The two maintained n8n lines wrap the same failure differently:
 * - n8n-core 2.x: NodeApiError (`httpCode` = the code) → `cause` AxiosError (`code`) → `cause` the
 *   system error (`code`, for example ECONNRESET);
 * - n8n-core 1.x: a NodeApiError only, with `httpCode` = the code and axios's texts in `messages`
 *   ("socket hang up", "timeout of 30000ms exceeded"); `cause` is empty.
 * Only strings are read; the error itself (which holds the request options and with them the
 * Authorization header) is never kept. An unknown shape becomes NETWORK_ERROR: not retried, and a
 * write with that outcome is never resent.
 */
function networkFailure(error: unknown): NetworkFailure | 'cancelled' {
	const codes: string[] = [];
	const texts: string[] = [];
	// The depth bound also ends a chain that cycles back on itself.
	let current: unknown = error;
	for (let depth = 0; depth < MAX_CAUSE_DEPTH && current && typeof current === 'object'; depth++) {
		const { code, httpCode, message, messages, name } = current as ErrorFields;
		if (
			name === 'AbortError' ||
			name === 'CanceledError' ||
			code === 'ERR_CANCELED' ||
			httpCode === 'ERR_CANCELED'
		) {
			return 'cancelled';
		}
		for (const candidate of [httpCode, code]) {
			if (typeof candidate === 'string' && ERROR_CODE.test(candidate)) codes.push(candidate);
		}
		if (typeof message === 'string') texts.push(message);
		if (Array.isArray(messages))
			texts.push(...messages.filter((text): text is string => typeof text === 'string'));
		current = (current as ErrorFields).cause;
	}
	const text = texts.join(' | ');
	// The deepest code is the most specific (the system error under axios's and n8n's wrappers).
	let code = codes[codes.length - 1] ?? '';
	// A body cut off mid-stream is a reset during the response (axios: ERR_BAD_RESPONSE on 2.x,
	// no code on 1.x); the same for a bare "socket hang up".
	if (
		(!code || code === 'ERR_BAD_RESPONSE') &&
		/socket hang up|stream has been aborted/i.test(text)
	)
		code = 'ECONNRESET';
	if (!code && texts.some((message) => message.trim().toLowerCase() === 'canceled'))
		return 'cancelled';
	const timedOut =
		/TIMEDOUT|TIMEOUT/.test(code) || /timeout of \d+ ?ms exceeded|timed out/i.test(text);
	return new NetworkFailure(code || 'NETWORK_ERROR', timedOut);
}

/**
 * Sends one request and returns the raw status, headers and body, or the network failure. The
 * original error of a failure is dropped on purpose: it holds the request options, and with them
 * the Authorization header.
 */
async function sendOnce(
	context: StorydocContext,
	baseUrl: string,
	request: StorydocRequest,
	timeoutMs: number,
): Promise<StorydocResponse | NetworkFailure | 'cancelled'> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
	};
	if (request.body) options.headers = { 'Content-Type': 'application/json' };

	let response: unknown;
	try {
		response = await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			options,
		);
	} catch (error) {
		return networkFailure(error);
	}
	if (!isFullResponse(response)) {
		throw new NodeOperationError(
			context.getNode(),
			'Unexpected response shape from the HTTP helper',
			{
				itemIndex: request.itemIndex,
			},
		);
	}
	return {
		statusCode: response.statusCode,
		headers: response.headers as Record<string, unknown>,
		body: response.body,
	};
}

/** A success body as JSON; undefined when a 2xx carries something that is not JSON (a proxy page). */
function parseSuccessBody(body: unknown): { value: unknown } | undefined {
	if (typeof body !== 'string') return { value: body };
	try {
		return { value: JSON.parse(body) };
	} catch {
		return undefined;
	}
}

function isExecuteContext(
	context: StorydocContext,
): context is StorydocContext & IExecuteFunctions {
	return 'getInputData' in context;
}

/**
 * The timeout of the item's request: the node's Request Options in an execution, the default in the
 * editor's list lookups and the trigger (which have no such option).
 */
function timeoutFor(
	context: StorydocContext,
	itemIndex: number | undefined,
	defaultSeconds = DEFAULT_TIMEOUT_SECONDS,
): number {
	if (itemIndex === undefined || !isExecuteContext(context)) return defaultSeconds * 1000;
	const seconds = context.getNodeParameter(TIMEOUT_PARAMETER, itemIndex, defaultSeconds) as unknown;
	const value = numberValue(seconds);
	if (value === undefined || value <= 0) {
		throw new NodeOperationError(
			context.getNode(),
			`Item ${itemIndex}: "Timeout (Seconds)" must be a number greater than 0`,
			{ itemIndex, description: `Value given: ${JSON.stringify(seconds)}` },
		);
	}
	if (value > MAX_TIMEOUT_SECONDS) {
		throw new NodeOperationError(
			context.getNode(),
			`Item ${itemIndex}: "Timeout (Seconds)" must be at most ${MAX_TIMEOUT_SECONDS}`,
			{ itemIndex, description: `Value given: ${JSON.stringify(seconds)}` },
		);
	}
	return Math.round(value * 1000);
}

async function pause(context: StorydocContext, ms: number, itemIndex?: number): Promise<void> {
	const signal = isExecuteContext(context) ? context.getExecutionCancelSignal() : undefined;
	let remaining = ms;
	while (remaining > 0) {
		if (signal?.aborted) {
			throw new NodeOperationError(
				context.getNode(),
				'The execution was cancelled while waiting to call Storydoc',
				{
					itemIndex,
				},
			);
		}
		const step = Math.min(remaining, PAUSE_STEP_MS);
		await sleep(step);
		remaining -= step;
	}
}

function backoffMs(retry: number) {
	const jitter = 0.8 + Math.random() * 0.4;
	return Math.round(READ_FIRST_BACKOFF_MS * 2 ** retry * jitter);
}

/** How a write whose outcome is unknown fails: never resent, saying what may have happened. */
function unknownOutcomeError(
	context: StorydocContext,
	request: StorydocRequest,
	cause: string,
	response?: StorydocResponse,
): NodeApiError {
	const body = response ? parseErrorBody(response.body) : undefined;
	const errorId = typeof body?.errorId === 'string' ? body.errorId : undefined;
	const prefix = request.ifOutcomeUnknown ?? 'The request may have been processed';
	const details: JsonObject = { outcome: 'unknown' };
	if (response) details.httpCode = response.statusCode;
	if (errorId) details.errorId = errorId;
	const message = `${prefix} (${cause}${errorId ? `, error ID ${errorId}` : ''}); not resent, to avoid a duplicate`;
	const error = new NodeApiError(context.getNode(), details, {
		message,
		description:
			'Storydoc may have processed the request before the answer was lost. The node never resends a write whose outcome is unknown, so nothing was done twice. ' +
			(request.howToCheck ?? 'Check in Storydoc before running this item again.') +
			(errorId ? ` Storydoc error ID: ${errorId} (quote it to Storydoc support).` : ''),
		httpCode: response ? String(response.statusCode) : undefined,
		itemIndex: request.itemIndex,
	});
	// NodeApiError swaps some messages for generic ones; this one must say the version may exist.
	error.message = message;
	error.context.outcome = 'unknown';
	return error;
}

/** Whether this error says a create or update may have been processed (so it must never be resent). */
export function isUnknownOutcome(error: unknown): error is NodeApiError {
	return error instanceof NodeApiError && error.context.outcome === 'unknown';
}

function responseCause(response: StorydocResponse) {
	const apiText = parseErrorBody(response.body)?.error;
	return `HTTP ${response.statusCode}${typeof apiText === 'string' && apiText ? ` "${apiText}"` : ''}`;
}

async function takeRateLimitSlot(
	context: StorydocContext,
	pacer: RateLimitPacer,
	waited: { ms: number },
	itemIndex?: number,
): Promise<SendTicket | undefined> {
	for (;;) {
		const slot = pacer.reserve(Date.now());
		if (typeof slot !== 'number') return slot;
		if (waited.ms + slot > RATE_LIMIT_MAX_WAIT_MS) return undefined;
		await pause(context, slot, itemIndex);
		waited.ms += slot;
	}
}

/** The rate limit stayed exhausted for longer than a request may wait: nothing was processed. */
function rateLimitGiveUp(
	context: StorydocContext,
	itemIndex?: number,
	lastRateLimited?: StorydocResponse,
) {
	const error = lastRateLimited
		? storydocApiError(context.getNode(), lastRateLimited, itemIndex)
		: new NodeApiError(
				context.getNode(),
				{ httpCode: 429 },
				{ message: 'Too many requests', httpCode: '429', itemIndex },
			);
	error.description = `Storydoc's rate limit stayed exhausted for the ${RATE_LIMIT_MAX_WAIT_MS / 60_000} minutes the node waits at most; other workflows or n8n workers may be using it too. Nothing was processed for this item: run it again later.`;
	return error;
}

/**
 * The one entry point every operation uses. It sends the request and applies the node's single
 * retry policy:
 * - rate limit: version requests are paced from the server's `x-rate-limit-*` headers (see
 *   rateLimit.ts); a 429 means nothing was processed, so reads and writes alike wait for the window
 *   and go again, for at most 5 minutes of waiting per request;
 * - reads (GET) retry 5xx, a 2xx body that is not JSON, resets, refused connections and timeouts,
 *   up to 5 tries with a backoff of 0.5, 1, 2, 4 s (±20 %), and no new try after 60 s;
 * - writes (POST) are never resent once they may have reached the API: when the outcome is unknown
 *   (timeout, reset, 5xx, unreadable 2xx) the item fails saying so (`ifOutcomeUnknown`), with
 *   Storydoc's error ID when there is one. A connection refused outright sent nothing and is retried
 *   like a read;
 * - every other error response becomes a NodeApiError with the API's own text (errors.ts).
 */
export async function storydocApiRequest<T = IDataObject>(
	this: StorydocContext,
	request: StorydocRequest,
): Promise<T> {
	const baseUrl = await getBaseUrl.call(this);
	const timeoutMs = timeoutFor(this, request.itemIndex, request.defaultTimeoutSeconds);
	const pacer = pacerFor(baseUrl, request.path, this.getNode().credentials?.[CREDENTIAL_TYPE]?.id);
	const isRead = request.method === 'GET';
	const startedAt = Date.now();
	const rateLimitWait = { ms: 0 };
	let lastRateLimited: StorydocResponse | undefined;
	let attempts = 0;
	let transientFailures = 0;

	// 429s are not failures: they neither use up the tries nor the time budget of a read.
	const retryAfterTransient = async (reason: string): Promise<boolean> => {
		transientFailures++;
		const delay = backoffMs(transientFailures - 1);
		const spent = Date.now() - startedAt - rateLimitWait.ms;
		if (transientFailures >= READ_MAX_ATTEMPTS || spent + delay > READ_RETRY_BUDGET_MS)
			return false;
		this.logger.debug(
			`Storydoc ${request.method} ${request.path.split('?')[0]}: ${reason}; try ${transientFailures + 1} of ${READ_MAX_ATTEMPTS} in ${delay} ms`,
		);
		await pause(this, delay, request.itemIndex);
		return true;
	};
	const triesNote = () =>
		attempts > 1
			? ` The node tried ${attempts} times over ${Math.round((Date.now() - startedAt) / 100) / 10} s.`
			: '';

	for (;;) {
		const ticket = await takeRateLimitSlot(this, pacer, rateLimitWait, request.itemIndex);
		if (!ticket) throw rateLimitGiveUp(this, request.itemIndex, lastRateLimited);
		attempts++;
		let outcome: Awaited<ReturnType<typeof sendOnce>> | undefined;
		try {
			outcome = await sendOnce(this, baseUrl, request, timeoutMs);
		} finally {
			// Whatever went wrong, the slot must not stay taken for as long as this n8n runs.
			if (outcome === undefined) pacer.onNoResponse(ticket);
		}

		if (outcome === 'cancelled') {
			pacer.onNoResponse(ticket);
			throw new NodeOperationError(
				this.getNode(),
				'The execution was cancelled before Storydoc answered',
				{
					itemIndex: request.itemIndex,
				},
			);
		}
		if (outcome instanceof NetworkFailure) {
			pacer.onNoResponse(ticket);
			const cause = outcome.describe(timeoutMs);
			if (!isRead && outcome.maybeSent) throw unknownOutcomeError(this, request, cause);
			if (outcome.transient && (await retryAfterTransient(cause))) continue;
			const message = outcome.timedOut
				? `Storydoc did not answer within ${timeoutMs / 1000} s`
				: `Could not reach the Storydoc API (${outcome.code})`;
			const error = new NodeApiError(
				this.getNode(),
				{ code: outcome.code },
				{
					message,
					description:
						`${request.method} ${baseUrl}${request.path.split('?')[0]} failed before a response arrived.` +
						(outcome.timedOut
							? ' Raise Request Options › Timeout (Seconds) if Storydoc is just slow.'
							: '') +
						triesNote(),
					itemIndex: request.itemIndex,
				},
			);
			// NodeApiError swaps the message for a generic one by the code ("The connection was aborted,
			// perhaps the server is offline" for a timeout), which hides the Timeout advice.
			error.message = message;
			throw error;
		}

		const response = outcome;
		const rateLimited = response.statusCode === 429;
		pacer.onResponse(
			ticket,
			{
				counter: headerNumber(response.headers, 'x-rate-limit-counter'),
				maximum: headerNumber(response.headers, 'x-rate-limit-maximum'),
			},
			rateLimited,
			Date.now(),
		);
		// Nothing was processed: the next turn of the loop waits for the window, then sends again.
		if (rateLimited) {
			lastRateLimited = response;
			continue;
		}

		if (response.statusCode >= 200 && response.statusCode < 300) {
			const parsed = parseSuccessBody(response.body);
			if (parsed) return parsed.value as T;
			const cause = `HTTP ${response.statusCode} with a body that is not valid JSON`;
			if (!isRead) throw unknownOutcomeError(this, request, cause, response);
			if (await retryAfterTransient(cause)) continue;
			throw new NodeApiError(
				this.getNode(),
				{ httpCode: response.statusCode },
				{
					message: 'The Storydoc API answered with a body that is not valid JSON',
					description: `HTTP ${response.statusCode}, ${String(response.headers['content-type'] ?? 'no content type')}.${triesNote()}`,
					httpCode: String(response.statusCode),
					itemIndex: request.itemIndex,
				},
			);
		}

		if (response.statusCode >= 500) {
			if (!isRead) throw unknownOutcomeError(this, request, responseCause(response), response);
			if (await retryAfterTransient(responseCause(response))) continue;
			const error = storydocApiError(this.getNode(), response, request.itemIndex);
			const note = triesNote();
			if (note) error.description = `${error.description ?? ''}${note}`.trim();
			throw error;
		}
		throw storydocApiError(this.getNode(), response, request.itemIndex);
	}
}
