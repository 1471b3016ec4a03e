import type { FunctionsBase, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

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

export function isExecuteContext(
	context: StorydocContext,
): context is StorydocContext & IExecuteFunctions {
	return 'getInputData' in context;
}

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

/** An ID as one segment of a request path. */
export const pathSegment = (id: string) => encodeURIComponent(id);
