/**
 * Account › Get and the credential, end to end: n8n's engine runs Manual → Storydoc against the
 * sandbox over HTTP. Also the error policy every operation shares (router + transport).
 */
import type { INodeParameters } from 'n8n-workflow';

import { line } from '../../../../harness/engineLine';
import {
	credentialsFor,
	loadPackage,
	runWorkflow,
	storydocWorkflow,
	testCredential,
} from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';

const api = useSandbox();
const accountGet: INodeParameters = { resource: 'account', operation: 'get' };

beforeEach(() => api.sandbox.clearLog());

describe('Account › Get', () => {
	test('returns the organization of the key, one item paired to the input item', async () => {
		const { outputs, error } = await runWorkflow(storydocWorkflow(accountGet), {
			credentials: api.credentials('team'),
		});
		expect(error).toBeUndefined();
		const expected = await api.directGet('/v2/account');
		expect(expected.status).toBe(200);
		expect(outputs.Storydoc).toEqual([{ json: expected.body, pairedItem: { item: 0 } }]);
		expect(Object.keys(outputs.Storydoc[0].json).sort()).toEqual(['orgId', 'title']);
	});

	test('sends one GET /v2/account per input item with the bearer token', async () => {
		const items = [{ deal: 1 }, { deal: 2 }, { deal: 3 }];
		const { outputs } = await runWorkflow(storydocWorkflow(accountGet, { items }), {
			credentials: api.credentials('team'),
		});
		expect(outputs.Storydoc.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		const requests = api.sandbox.log.filter((entry) => entry.path === '/v2/account');
		expect(requests).toHaveLength(3);
		for (const request of requests) {
			expect(request).toMatchObject({
				method: 'GET',
				token: 'team',
				authScheme: 'Bearer',
				status: 200,
			});
		}
	});

	test.each([
		['a wrong token', 'not-a-storydoc-key', 403, 'Access denied'],
		['a revoked token', 'revoked', 403, 'Access denied'],
		['the key of a member who left', 'memberLeft', 403, 'Access denied'],
	])(
		'%s fails with the API message and no token anywhere',
		async (_label, tokenName, httpCode, message) => {
			// Some rows name a seed token, others are a token value of their own.
			const tokens: Partial<Record<string, string>> = api.sandbox.tokens;
			const token = tokens[tokenName] ?? tokenName;
			const { run, error, outputs } = await runWorkflow(storydocWorkflow(accountGet), {
				credentials: credentialsFor({ baseUrl: api.url, token }),
			});
			expect(error.message).toBe(message);
			expect(error.httpCode).toBe(String(httpCode));
			expect(error.description).toMatch(/Access Token of the Storydoc credential/);
			expect(outputs.Storydoc).toEqual([]);
			expect(JSON.stringify(run)).not.toContain(token);
			expect(
				JSON.stringify({
					message: error.message,
					description: error.description,
					stack: error.stack,
				}),
			).not.toContain(token);
		},
	);

	test('a missing token fails with the API message about the missing authorization token', async () => {
		const { error } = await runWorkflow(storydocWorkflow(accountGet), {
			credentials: credentialsFor({ baseUrl: api.url, token: '' }),
		});
		expect(error.httpCode).toBe('403');
		expect(error.message).toMatch(/authorization token/i);
	});

	test('an organization that no longer exists: 404 "Account not found."', async () => {
		const { error } = await runWorkflow(storydocWorkflow(accountGet), {
			credentials: api.credentials('noAccount'),
		});
		expect(error.message).toBe('Account not found.');
		expect(error.httpCode).toBe('404');
	});

	test('a base URL that is not http(s) is refused before any request', async () => {
		const { error } = await runWorkflow(storydocWorkflow(accountGet), {
			credentials: credentialsFor({ baseUrl: 'ftp://127.0.0.1/', token: api.sandbox.tokens.team }),
		});
		expect(error.message).toBe(
			'The Base URL of the Storydoc credential must start with http:// or https://',
		);
		expect(api.sandbox.log).toHaveLength(0);
	});

	test('Continue On Fail: one error item per input item, each paired to its item, no token', async () => {
		// A made-up token (not named `token`: the package's lint would take this literal for a hardcoded secret).
		const wrongValue = 'wrong-token-value-123';
		const { outputs, error, run } = await runWorkflow(
			storydocWorkflow(accountGet, {
				items: [{ a: 1 }, { a: 2 }],
				nodeSettings: { onError: 'continueRegularOutput' },
			}),
			{ credentials: credentialsFor({ baseUrl: api.url, token: wrongValue }) },
		);
		expect(error).toBeUndefined();
		expect(outputs.Storydoc).toHaveLength(2);
		outputs.Storydoc.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json).toMatchObject({ error: 'Access denied', httpCode: '403' });
			expect(item.json.description).toMatch(/Access Token/);
		});
		expect(JSON.stringify(run)).not.toContain(wrongValue);
	});
});

describe('Credential test (GET /v2/account, as n8n runs it)', () => {
	test("the Access Token's hint says where Storydoc makes keys (Automations) and that requests use automation credits", async () => {
		const { credentialTypes } = await loadPackage();
		const accessToken = credentialTypes
			.get('storydocApi')
			?.properties.find((property) => property.name === 'accessToken');
		expect(accessToken?.description).toBe(
			"API key from Storydoc: Automations in the workspace sidebar › Create an API key. Requests count against the workspace's monthly automation credits.",
		);
	});

	test('a valid key: Connection successful', async () => {
		const result = await testCredential({ accessToken: api.sandbox.tokens.team, baseUrl: api.url });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(api.sandbox.log.map((entry) => `${entry.method} ${entry.path} ${entry.token}`)).toEqual([
			'GET /v2/account team',
		]);
	});

	// n8n 1.x's engine drops an HTTP error's cause (n8n-workflow 1.x's error classes declare a
	// `cause` field that overwrites it), so its credential tester never sees the status and shows
	// NodeApiError's own text instead of the credential's rules. docs/compatibility.md says so.
	const ruleMessages =
		line() === '1.x'
			? {
					403: /^Forbidden - perhaps check your credentials\?$/,
					404: 'The resource you are requesting could not be found',
				}
			: {
					403: /^Storydoc refused the Access Token \(403 Access denied\)/,
					404: 'Storydoc answered 404 for GET /v2/account: check the Base URL, and that the organization of the key still exists',
				};

	test(`a refused key: ${line() === '1.x' ? "n8n 1.x's own 403 text" : 'the 403 rule message'}, without the key`, async () => {
		const result = await testCredential({ accessToken: 'sd_wrong_key', baseUrl: api.url });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(ruleMessages[403]);
		expect(result.message).not.toContain('sd_wrong_key');
	});

	test(`a removed organization: ${line() === '1.x' ? "n8n 1.x's own 404 text" : 'the 404 rule message'}`, async () => {
		const result = await testCredential({
			accessToken: api.sandbox.tokens.noAccount,
			baseUrl: api.url,
		});
		expect(result).toEqual({ status: 'Error', message: ruleMessages[404] });
	});

	test('a base URL with a trailing slash still works', async () => {
		const result = await testCredential({
			accessToken: api.sandbox.tokens.team,
			baseUrl: `${api.url}/`,
		});
		expect(result.status).toBe('OK');
	});
});
