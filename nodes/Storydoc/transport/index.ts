import type {
	FunctionsBase,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { StorydocResponse } from './errors';
import { storydocApiError } from './errors';

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
}

const DEFAULT_TIMEOUT_MS = 60_000;

export const pathId = (id: string) => encodeURIComponent(id);

export async function getBaseUrl(this: StorydocContext): Promise<string> {
	const credentials = await this.getCredentials<{ baseUrl?: string }>(CREDENTIAL_TYPE);
	const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
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

/**
 * Sends one request and returns the raw status, headers and body. Network failures (refused, reset,
 * timeout) become a NodeApiError built from the failure's code only: the original error holds the
 * request options, and with them the Authorization header.
 */
export async function sendRequest(
	this: StorydocContext,
	request: StorydocRequest,
): Promise<StorydocResponse> {
	const baseUrl = await getBaseUrl.call(this);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: DEFAULT_TIMEOUT_MS,
	};
	if (request.body) options.headers = { 'Content-Type': 'application/json' };

	let response: unknown;
	try {
		response = await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options);
	} catch (error) {
		const code = String((error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code ?? '');
		throw new NodeApiError(
			this.getNode(),
			{ code: code || 'NETWORK_ERROR' },
			{
				message: `Could not get an answer from the Storydoc API (${code || 'network error'})`,
				description: `${request.method} ${baseUrl}${request.path.split('?')[0]} failed before a response arrived.`,
				itemIndex: request.itemIndex,
			},
		);
	}
	if (!isFullResponse(response)) {
		throw new NodeOperationError(this.getNode(), 'Unexpected response shape from the HTTP helper', {
			itemIndex: request.itemIndex,
		});
	}
	return {
		statusCode: response.statusCode,
		headers: response.headers as Record<string, unknown>,
		body: response.body,
	};
}

/** Parses a success body; a 2xx whose body is not JSON is an error, never silently an empty result. */
function successBody<T>(context: StorydocContext, response: StorydocResponse, itemIndex?: number): T {
	const { body } = response;
	if (typeof body !== 'string') return body as T;
	try {
		return JSON.parse(body) as T;
	} catch {
		throw new NodeApiError(
			context.getNode(),
			{ httpCode: response.statusCode },
			{
				message: 'The Storydoc API answered with a body that is not valid JSON',
				description: `HTTP ${response.statusCode}, ${String(response.headers['content-type'] ?? 'no content type')}`,
				httpCode: String(response.statusCode),
				itemIndex,
			},
		);
	}
}

/** The one entry point operations use: sends the request and maps every error response of the spec. */
export async function storydocApiRequest<T = IDataObject>(
	this: StorydocContext,
	request: StorydocRequest,
): Promise<T> {
	const response = await sendRequest.call(this, request);
	if (response.statusCode >= 200 && response.statusCode < 300) {
		return successBody<T>(this, response, request.itemIndex);
	}
	throw storydocApiError(this.getNode(), response, request.itemIndex);
}
