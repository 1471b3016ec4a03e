import { NodeApiError } from 'n8n-workflow';

import type { StorydocContext } from './context';

const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);
/** A name that does not resolve (ENOTFOUND) is a wrong Base URL, not a hiccup: not retried. */
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
const ERROR_CODE = /^(?:E[A-Z0-9_]+|ERR_[A-Z0-9_]+|UND_ERR_[A-Z0-9_]+)$/;
/** n8n-core 2.x nests three levels; the bound also ends a chain that cycles. */
const MAX_CAUSE_DEPTH = 8;

type ErrorFields = {
	code?: unknown;
	httpCode?: unknown;
	message?: unknown;
	messages?: unknown;
	name?: unknown;
	cause?: unknown;
};

/** A failure before any HTTP status arrived, described by its code only (never the request options). */
export class NetworkFailure {
	constructor(
		readonly code: string,
		readonly timedOut: boolean,
	) {}

	get maybeSent() {
		return !NOT_SENT_CODES.has(this.code);
	}

	get transient() {
		return this.timedOut || TRANSIENT_CODES.has(this.code);
	}

	describe(timeoutMs: number) {
		if (this.timedOut) return `Storydoc did not answer within ${timeoutMs / 1000} s`;
		if (this.code === 'ECONNRESET') return 'connection reset';
		return `connection failed: ${this.code}`;
	}
}

/** What n8n's helper threw without a status, from strings only (the error holds the token): Design notes. */
export function networkFailure(error: unknown): NetworkFailure | 'cancelled' {
	const codes: string[] = [];
	const texts: string[] = [];
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

/** How a read (or a write that sent nothing) fails when no response arrived. */
export function networkFailureError(
	context: StorydocContext,
	failure: NetworkFailure,
	request: { method: string; url: string; itemIndex?: number },
	timeoutMs: number,
	triesNote: string,
): NodeApiError {
	const message = failure.timedOut
		? `Storydoc did not answer within ${timeoutMs / 1000} s`
		: `Could not reach the Storydoc API (${failure.code})`;
	const error = new NodeApiError(
		context.getNode(),
		{ code: failure.code },
		{
			message,
			description:
				`${request.method} ${request.url} failed before a response arrived.` +
				(failure.timedOut
					? ' Raise Request Options › Timeout (Seconds) if Storydoc is just slow.'
					: '') +
				triesNote,
			itemIndex: request.itemIndex,
		},
	);
	// NodeApiError swaps the message for a generic one by the code, which hides the Timeout advice.
	error.message = message;
	return error;
}
