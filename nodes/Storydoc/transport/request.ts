import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { StorydocContext } from './context';
import { CREDENTIAL_TYPE, getBaseUrl } from './context';
import type { StorydocResponse } from './errors';
import { headerNumber, storydocApiError } from './errors';
import { NetworkFailure, networkFailureError } from './networkFailure';
import { pacerFor } from './rateLimit';
import { parseSuccessBody, sendOnce } from './send';
import { timeoutFor } from './timeout';
import type { UnknownOutcomeAdvice } from './unknownOutcome';
import { responseCause, unknownOutcomeError } from './unknownOutcome';
import { pause, rateLimitGiveUp, takeRateLimitSlot } from './waiting';

export interface StorydocRequest extends UnknownOutcomeAdvice {
	method: IHttpRequestMethods;
	/** Below the base URL, starting with `/v2/`; IDs in it already encoded (`pathSegment`). */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	/** The timeout when Request Options sets none (Story › Generate waits longer than the rest). */
	defaultTimeoutSeconds?: number;
}

/** Reads: at most 5 tries, pauses of 0.5, 1, 2, 4 s (±20 %), no new try after 60 s. */
const READ_MAX_ATTEMPTS = 5;
const READ_FIRST_BACKOFF_MS = 500;
const READ_RETRY_BUDGET_MS = 60_000;

function backoffMs(retry: number) {
	const jitter = 0.8 + Math.random() * 0.4;
	return Math.round(READ_FIRST_BACKOFF_MS * 2 ** retry * jitter);
}

/** The one sender every operation uses, with the node's retry policy: docs/development.md › Retries. */
export async function storydocApiRequest<T = IDataObject>(
	this: StorydocContext,
	request: StorydocRequest,
): Promise<T> {
	const baseUrl = await getBaseUrl.call(this);
	const url = `${baseUrl}${request.path}`;
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
			outcome = await sendOnce(this, { ...request, url }, timeoutMs);
		} finally {
			// Whatever went wrong, the slot must not stay taken for as long as this n8n runs.
			if (outcome === undefined) pacer.onNoResponse(ticket);
		}

		if (outcome === 'cancelled') {
			pacer.onNoResponse(ticket);
			throw new NodeOperationError(
				this.getNode(),
				'The execution was cancelled before Storydoc answered',
				{ itemIndex: request.itemIndex },
			);
		}
		if (outcome instanceof NetworkFailure) {
			pacer.onNoResponse(ticket);
			const cause = outcome.describe(timeoutMs);
			if (!isRead && outcome.maybeSent) throw unknownOutcomeError(this, request, cause);
			if (outcome.transient && (await retryAfterTransient(cause))) continue;
			throw networkFailureError(
				this,
				outcome,
				{ method: request.method, url: url.split('?')[0], itemIndex: request.itemIndex },
				timeoutMs,
				triesNote(),
			);
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
