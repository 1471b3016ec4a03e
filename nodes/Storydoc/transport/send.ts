import type { IHttpRequestMethods, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { StorydocContext } from './context';
import { CREDENTIAL_TYPE, storydocCredential } from './context';
import type { StorydocResponse } from './errors';
import type { NetworkFailure } from './networkFailure';
import { networkFailure } from './networkFailure';

function isFullResponse(value: unknown): value is IN8nHttpFullResponse {
	return !!value && typeof value === 'object' && 'statusCode' in value && 'headers' in value;
}

/**
 * Sends one request: the raw status, headers and body, or the network failure. The error of a
 * failure is dropped on purpose: it holds the request options, and with them the Authorization header.
 */
export async function sendOnce(
	context: StorydocContext,
	request: {
		method: IHttpRequestMethods;
		url: string;
		qs?: IHttpRequestOptions['qs'];
		body?: IHttpRequestOptions['body'];
		itemIndex?: number;
	},
	timeoutMs: number,
): Promise<StorydocResponse | NetworkFailure | 'cancelled'> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.url,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
	};
	if (request.body) options.headers = { 'Content-Type': 'application/json' };
	// n8n's helper still authenticates the request; given the credential, it does not read it again.
	const credentialsDecrypted = await storydocCredential(context);

	let response: unknown;
	try {
		response = await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			options,
			{ credentialsDecrypted },
		);
	} catch (error) {
		return networkFailure(error);
	}
	if (!isFullResponse(response)) {
		throw new NodeOperationError(
			context.getNode(),
			'Unexpected response shape from the HTTP helper',
			{ itemIndex: request.itemIndex },
		);
	}
	return {
		statusCode: response.statusCode,
		headers: response.headers as Record<string, unknown>,
		body: response.body,
	};
}

/** A success body as JSON; undefined when a 2xx carries something that is not JSON (a proxy page). */
export function parseSuccessBody(body: unknown): { value: unknown } | undefined {
	if (typeof body !== 'string') return { value: body };
	try {
		return { value: JSON.parse(body) };
	} catch {
		return undefined;
	}
}
