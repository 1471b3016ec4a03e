/** Authentication: every token of the seed, on every endpoint, and what the log keeps of it. */
import { SEED, TOKENS } from '../../sandbox/seed';
import type { Json } from '../harness/sandbox';
import { useSandbox } from './helpers';

const api = useSandbox({ events: 200 });
const { proposal, intro } = SEED.stories;

/** One request of an endpoint: its path, and the JSON body of a POST. */
interface EndpointRequest {
	path: string;
	body?: unknown;
}

const ENDPOINTS: Array<[route: string, request: EndpointRequest]> = [
	['GET /v2/account', { path: '/v2/account' }],
	['GET /v2/stories', { path: '/v2/stories' }],
	['GET /v2/stories/:id', { path: `/v2/stories/${proposal.id}` }],
	['GET /v2/versions/:id', { path: `/v2/versions/${SEED.versions.live.id}` }],
	[
		'POST /v2/versions/:id',
		{
			path: `/v2/versions/${SEED.versions.live.id}`,
			body: { senderEmail: 'sam@acme.test', data: { title: 'x' } },
		},
	],
	[
		'POST /v2/versions',
		{
			path: '/v2/versions',
			body: { storyId: proposal.id, senderEmail: 'sam@acme.test', data: { title: 'x' } },
		},
	],
	[
		'GET /v2/analytics/events',
		{ path: '/v2/analytics/events?dateFrom=2026-01-01&dateTo=2026-02-01' },
	],
];

beforeEach(() => api.sandbox.reset());

describe('missing or wrong credentials', () => {
	test.each(ENDPOINTS)(
		'%s without Authorization: 403 about the missing authorization token',
		async (_route, request) => {
			const response = await api.call(request.path, { ...request, token: null });
			expect(response.status).toBe(403);
			expect(response.body).toEqual({ error: 'Missing authorization token' });
		},
	);

	test('"Bearer" with an empty token counts as missing', async () => {
		const response = await api.call('/v2/account', {
			token: null,
			headers: { authorization: 'Bearer ' },
		});
		expect(response.body).toEqual({ error: 'Missing authorization token' });
	});

	test.each([
		['an unknown token', 'Bearer sd_not_a_key'],
		['a known token under another scheme', `Basic ${TOKENS.team}`],
		['a known token without a scheme', TOKENS.team],
		['two words after Bearer', `Bearer ${TOKENS.team} extra`],
	])('%s: 403 Access denied, no plan fields', async (_label, authorization) => {
		const response = await api.call('/v2/account', { token: null, headers: { authorization } });
		expect(response.status).toBe(403);
		expect(response.body).toEqual({ error: 'Access denied' });
	});

	test('the scheme is case-insensitive', async () => {
		const response = await api.call('/v2/account', {
			token: null,
			headers: { authorization: `bearer ${TOKENS.team}` },
		});
		expect(response.status).toBe(200);
	});
});

describe('keys with a story of their own', () => {
	test.each(ENDPOINTS.filter(([route]) => route !== 'GET /v2/analytics/events'))(
		'revoked key, %s: 403 Access denied',
		async (_route, request) => {
			const response = await api.call(request.path, { ...request, token: 'revoked' });
			expect([response.status, response.body]).toEqual([403, { error: 'Access denied' }]);
		},
	);

	test('revoked key on analytics: 400 Token has been revoked', async () => {
		const response = await api.call('/v2/analytics/events?dateFrom=2026-01-01&dateTo=2026-02-01', {
			token: 'revoked',
		});
		expect([response.status, response.body]).toEqual([400, { error: 'Token has been revoked' }]);
	});

	test.each(ENDPOINTS)(
		'key of a member who left, %s: 403 Access denied',
		async (_route, request) => {
			const response = await api.call(request.path, { ...request, token: 'memberLeft' });
			expect([response.status, response.body]).toEqual([403, { error: 'Access denied' }]);
		},
	);

	test('organization gone: GET /v2/account 404 "Account not found."', async () => {
		const response = await api.call('/v2/account', { token: 'noAccount' });
		expect([response.status, response.body]).toEqual([404, { error: 'Account not found.' }]);
	});

	test.each(ENDPOINTS.filter(([route]) => route !== 'GET /v2/account'))(
		'organization gone, %s: 403 Access denied',
		async (_route, request) => {
			const response = await api.call(request.path, { ...request, token: 'noAccount' });
			expect([response.status, response.body]).toEqual([403, { error: 'Access denied' }]);
		},
	);
});

describe('story-scoped key', () => {
	test('its story works: read, create, update, read a version, account', async () => {
		expect((await api.call(`/v2/stories/${proposal.id}`, { token: 'storyScoped' })).status).toBe(
			200,
		);
		expect((await api.call('/v2/account', { token: 'storyScoped' })).status).toBe(200);
		expect(
			(await api.call(`/v2/versions/${SEED.versions.live.id}`, { token: 'storyScoped' })).status,
		).toBe(200);
		const created = await api.call('/v2/versions', {
			token: 'storyScoped',
			body: { storyId: proposal.id, senderEmail: 'sam@acme.test', data: { title: 'Scoped' } },
		});
		expect(created.status).toBe(200);
		const updated = await api.call(`/v2/versions/${SEED.versions.live.id}`, {
			token: 'storyScoped',
			body: { senderEmail: 'sam@acme.test', data: { title: 'Scoped update' } },
		});
		expect(updated.status).toBe(200);
	});

	test('the story list holds only its story', async () => {
		const response = await api.call('/v2/stories', { token: 'storyScoped' });
		expect(response.body.map((story: Json) => story.id)).toEqual([proposal.id]);
	});

	test.each([
		['GET story', `/v2/stories/${intro.id}`, undefined],
		['GET story (unknown id)', '/v2/stories/65d0000000000000000000ee', undefined],
		['GET version', `/v2/versions/${SEED.versions.intro.id}`, undefined],
		[
			'POST version',
			'/v2/versions',
			{ storyId: intro.id, senderEmail: 'sam@acme.test', data: { title: 'x' } },
		],
		[
			'POST update',
			`/v2/versions/${SEED.versions.intro.id}`,
			{ senderEmail: 'sam@acme.test', data: { title: 'x' } },
		],
		[
			'analytics of another story',
			`/v2/analytics/events?dateFrom=2026-01-01&dateTo=2026-02-01&storyId=${intro.id}`,
			undefined,
		],
	])('another story: %s → 403 Access denied', async (_label, path, body) => {
		const response = await api.call(path, { token: 'storyScoped', body });
		expect([response.status, response.body]).toEqual([403, { error: 'Access denied' }]);
	});

	test('analytics without storyId: only its story', async () => {
		const now = new Date();
		const from = new Date(now.getTime() - 90 * 86_400_000).toISOString();
		const response = await api.call(
			`/v2/analytics/events?dateFrom=${from}&dateTo=${now.toISOString()}`,
			{ token: 'storyScoped' },
		);
		expect(response.status).toBe(200);
		expect(response.body.data.length).toBeGreaterThan(0);
		expect(new Set(response.body.data.map((event: Json) => event.storyId))).toEqual(
			new Set([proposal.id]),
		);
	});
});

describe('the request log never holds a token', () => {
	test('records the key name and scheme, never the raw token', async () => {
		/** A made-up token, sent without a scheme (a named value: the secrets lint rule flags it as a literal header). */
		const schemeless = 'sd_secret_schemeless_456';
		await api.call('/v2/account');
		await api.call('/v2/account', {
			token: null,
			headers: { authorization: 'Bearer sd_secret_unknown_123' },
		});
		await api.call('/v2/account', { token: null, headers: { authorization: schemeless } });
		await api.call('/v2/account', { token: null });
		expect(
			api.sandbox.log.map(({ token, authScheme, status }) => ({ token, authScheme, status })),
		).toEqual([
			{ token: 'team', authScheme: 'Bearer', status: 200 },
			{ token: null, authScheme: 'Bearer', status: 403 },
			{ token: null, authScheme: 'unknown', status: 403 },
			{ token: null, authScheme: null, status: 403 },
		]);
		const everything = JSON.stringify({ log: api.sandbox.log, state: api.sandbox.state });
		for (const secret of [...Object.values(TOKENS), 'sd_secret_unknown_123', schemeless]) {
			expect(everything).not.toContain(secret);
		}
	});
});

test('any other path: 404 {"error":"Not found"}, with rate-limit headers', async () => {
	for (const [method, path] of [
		['GET', '/v2/versions'],
		['GET', `/v2/stories/${proposal.id}/variables`],
		['GET', '/v2/stories/generate/more'],
		['DELETE', '/v2/account'],
		['GET', '/'],
	]) {
		const response = await api.call(path, { method });
		expect([method, path, response.status, response.body]).toEqual([
			method,
			path,
			404,
			{ error: 'Not found' },
		]);
		expect(response.headers.get('x-rate-limit-maximum')).toBe('150');
	}
});
