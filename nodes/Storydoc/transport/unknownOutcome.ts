import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { StorydocContext } from './context';
import type { StorydocResponse } from './errors';
import { parseErrorBody } from './errors';

/** What a write says when its outcome is unknown, and where to check. */
export interface UnknownOutcomeAdvice {
	/** For example "The version may exist". */
	ifOutcomeUnknown?: string;
	howToCheck?: string;
	itemIndex?: number;
}

/** A write whose outcome is unknown is never resent: it fails saying what may have happened. */
export function unknownOutcomeError(
	context: StorydocContext,
	request: UnknownOutcomeAdvice,
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

/** The cause of a failed response as an unknown-outcome message names it. */
export function responseCause(response: StorydocResponse) {
	const apiText = parseErrorBody(response.body)?.error;
	return `HTTP ${response.statusCode}${typeof apiText === 'string' && apiText ? ` "${apiText}"` : ''}`;
}
