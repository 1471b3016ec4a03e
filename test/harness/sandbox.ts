/** Starts the project's API sandbox on a free 127.0.0.1 port for one test file. */
import { createSandbox } from '../../sandbox/server';
import type { Json, TestCredentials } from './n8n';
import { credentialsFor } from './n8n';

export type { Json };

export type Sandbox = ReturnType<typeof createSandbox>;
export type SandboxOptions = Parameters<typeof createSandbox>[0];
/** A token name of the seed (`team`, `starter`, `admin`, …). */
export type TokenName = keyof Sandbox['tokens'];

/** A fault rule of the sandbox (sandbox/faults.js): which route (and key) fails, how, after how many requests, how often. */
export interface FaultRule {
	route:
		| 'POST /v2/versions'
		| 'POST /v2/versions/:id'
		| 'GET /v2/versions/:id'
		| 'GET /v2/stories'
		| 'GET /v2/stories/:id'
		| 'GET /v2/account'
		| 'GET /v2/analytics/events'
		| '*';
	type:
		| 'status500'
		| 'status502'
		| 'status503'
		| 'invalidJson'
		| 'status429'
		| 'revoked'
		| 'resetBefore'
		| 'resetAfter'
		| 'hang'
		| 'slow';
	/** Requests let through first (0). */
	after?: number;
	/** How many requests fail (1; Infinity for all). */
	times?: number;
	/** A 5xx as a proxy's HTML page. */
	html?: boolean;
	/** The API processed the request before the fault. */
	processed?: boolean;
	/** For `slow`. */
	delayMs?: number;
	/** Only requests with this key (a token name of the seed). */
	token?: string;
	/** Only requests whose raw body contains this string (one item's title, quotes included). */
	bodyIncludes?: string;
	/** The fault waits until this many API requests are in progress (at most 10 s). */
	holdUntil?: number;
	/** The fault waits until `sandbox.releaseHeld()` (at most 40 s). */
	held?: boolean;
}

export interface SandboxHandle {
	/** The server object, once it is up. */
	sandbox: Sandbox;
	/** Its base URL, once it is up. */
	url: string;
	/** Credentials for the seed's token of that name. */
	credentials(tokenName?: TokenName): TestCredentials;
	/** A GET straight to the sandbox, without the node: what the API itself answers. */
	directGet(path: string, tokenName?: TokenName): Promise<{ status: number; body: Json }>;
	/** A POST of JSON straight to the sandbox, as a workflow elsewhere would (a version made beforehand). */
	directPost(
		path: string,
		body: Json,
		tokenName?: TokenName,
	): Promise<{ status: number; body: Json }>;
}

/**
 * Call at the top of a test file: starts before the tests, stops after them.
 * Returns a live object whose fields are filled in once the sandbox is up:
 * `sandbox` (the server object), `url`, `credentials(tokenName = 'team')`, `directGet(path)`, `directPost(path, body)`.
 */
export function useSandbox(options: SandboxOptions = {}): SandboxHandle {
	let started: Sandbox | undefined;
	const handle: SandboxHandle = {
		sandbox: undefined as unknown as Sandbox,
		url: '',
		credentials(tokenName = 'team') {
			return credentialsFor({ baseUrl: handle.url, token: handle.sandbox.tokens[tokenName] });
		},
		async directGet(path, tokenName = 'team') {
			const response = await fetch(`${handle.url}${path}`, {
				headers: { Authorization: `Bearer ${handle.sandbox.tokens[tokenName]}` },
			});
			return { status: response.status, body: await response.json() };
		},
		async directPost(path, body, tokenName = 'team') {
			const response = await fetch(`${handle.url}${path}`, {
				method: 'POST',
				headers: {
					Authorization: `Bearer ${handle.sandbox.tokens[tokenName]}`,
					'Content-Type': 'application/json',
				},
				body: JSON.stringify(body),
			});
			return { status: response.status, body: await response.json() };
		},
	};
	beforeAll(async () => {
		started = createSandbox(options);
		handle.sandbox = started;
		handle.url = await started.start(0, '127.0.0.1');
	});
	afterAll(async () => {
		if (started) await started.close();
	});
	return handle;
}
