/** Starts a sandbox per test file and talks to it over real HTTP with Node's global fetch. */
import { createSandbox } from '../../sandbox/server';
import type { Json, Sandbox, SandboxOptions } from '../harness/sandbox';

export interface CallOptions {
	/** A token NAME of the seed ('team' by default), any other text as the token itself, or `null` for no Authorization header. */
	token?: string | null;
	method?: string;
	/** Sent as application/json. */
	body?: unknown;
	/** Sent as it is. */
	rawBody?: string;
	/** Override anything. */
	headers?: Record<string, string>;
}

export interface CallResult {
	status: number;
	headers: Headers;
	/** The JSON body, or the text when it is not JSON. */
	body: Json;
	text: string;
}

export interface SandboxClient {
	sandbox: Sandbox;
	url: string;
	call(path: string, options?: CallOptions): Promise<CallResult>;
}

/**
 * Call at the top of a test file. The returned handle is filled once the sandbox is up:
 * `sandbox`, `url`, and `call(path, { token, method, body, headers, rawBody })`.
 */
export function useSandbox(options: SandboxOptions = {}): SandboxClient {
	let started: Sandbox | undefined;
	const handle: SandboxClient = {
		sandbox: undefined as unknown as Sandbox,
		url: '',
		/**
		 * One API request. `token` is a token NAME of the seed ('team' by default), or `null` to send no
		 * Authorization header; `headers` override anything. A JSON `body` is sent as application/json.
		 */
		async call(path, { token = 'team', method, body, rawBody, headers = {} } = {}) {
			const sent: Record<string, string> = {};
			const tokens: Record<string, string> = handle.sandbox.tokens;
			if (token !== null) sent.authorization = `Bearer ${tokens[token] ?? token}`;
			if (body !== undefined) sent['content-type'] = 'application/json';
			const response = await fetch(`${handle.url}${path}`, {
				method: method ?? (body !== undefined || rawBody !== undefined ? 'POST' : 'GET'),
				headers: { ...sent, ...headers },
				body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
			});
			const text = await response.text();
			let parsed: Json;
			try {
				parsed = JSON.parse(text);
			} catch {
				parsed = text;
			}
			return { status: response.status, headers: response.headers, body: parsed, text };
		},
	};
	beforeAll(async () => {
		started = createSandbox(options);
		handle.sandbox = started;
		handle.url = await started.start();
	});
	afterAll(async () => {
		await started?.close();
	});
	return handle;
}

export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const OBJECT_ID = /^[0-9a-f]{24}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
