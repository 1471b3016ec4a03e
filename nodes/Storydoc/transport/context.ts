import type {
	FunctionsBase,
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IExecuteFunctions,
	IHttpRequestOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'storydocApi';

/** Anything that can send requests with the node's credential: execute, load-options and poll contexts. */
export type StorydocContext = FunctionsBase & {
	helpers: {
		httpRequestWithAuthentication(
			credentialsType: string,
			requestOptions: IHttpRequestOptions,
			additionalCredentialOptions?: IAdditionalCredentialOptions,
		): Promise<unknown>;
	};
};

export function isExecuteContext(
	context: StorydocContext,
): context is StorydocContext & IExecuteFunctions {
	return 'getInputData' in context;
}

/** The credential, read once per node run: docs/development.md › The credential, read once per run. */
const credentialOfRun = new WeakMap<object, Promise<ICredentialsDecrypted>>();

/** Its next request reads the credential afresh: n8n keeps one context for every poll of an activation. */
export function readCredentialAfresh(context: object): void {
	credentialOfRun.delete(context);
}

export function storydocCredential(context: StorydocContext): Promise<ICredentialsDecrypted> {
	let read = credentialOfRun.get(context);
	if (!read) {
		read = readCredential(context);
		credentialOfRun.set(context, read);
		// A failed read is not kept: the next request reads (and fails) again, as before.
		read.catch(() => credentialOfRun.delete(context));
	}
	return read;
}

async function readCredential(context: StorydocContext): Promise<ICredentialsDecrypted> {
	const { id, name } = context.getNode().credentials?.[CREDENTIAL_TYPE] ?? {};
	return {
		id: id ?? '',
		name: name ?? '',
		type: CREDENTIAL_TYPE,
		data: await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE),
	};
}

export async function getBaseUrl(this: StorydocContext): Promise<string> {
	const { data } = await storydocCredential(this);
	const baseUrl = String(data?.baseUrl ?? '')
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
