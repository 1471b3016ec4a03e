/** Fault rules (setFault/clearFaults), latency, and close() with hanging and keep-alive connections. */
import { sleep } from 'n8n-workflow';

import { createSandbox } from '../../sandbox/server';
import { SEED } from '../../sandbox/seed';
import type { CallOptions } from './helpers';
import { useSandbox, UUID } from './helpers';

const api = useSandbox({ events: 0 });

const createBody = {
	storyId: SEED.stories.proposal.id,
	senderEmail: 'sam@acme.test',
	data: { title: 'Faulty' },
};
const create = (options: CallOptions = {}) =>
	api.call('/v2/versions', { body: createBody, ...options });
const versionCount = () => api.sandbox.state.versions.length;
const lastRecord = () => api.sandbox.log[api.sandbox.log.length - 1];
let seeded: number;

beforeEach(() => {
	api.sandbox.reset();
	seeded = versionCount();
});

describe('answers', () => {
	test('status500 before processing: "Error occured" with a UUID errorId, nothing created', async () => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type: 'status500' });
		const response = await create();
		expect(response.status).toBe(500);
		expect(Object.keys(response.body)).toEqual(['error', 'errorId']);
		expect(response.body.error).toBe('Error occured');
		expect(response.body.errorId).toMatch(UUID);
		expect(versionCount()).toBe(seeded);
		expect(lastRecord()).toMatchObject({ fault: 'status500', status: 500, token: 'team' });
		expect((await create()).status).toBe(200);
	});

	test.each([
		['status500', 500],
		['status503', 503],
	])('%s with processed: the version is created, the answer is still %i', async (type, status) => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type, processed: true });
		expect((await create()).status).toBe(status);
		expect(versionCount()).toBe(seeded + 1);
	});

	test.each([
		['status502', {}, 502, { error: 'Bad Gateway' }],
		['status503', {}, 503, { error: 'Service Unavailable' }],
		['status429', {}, 429, { error: 'Too many requests' }],
		['revoked', {}, 400, { error: 'Token has been revoked' }],
	])(
		'%s: JSON error, not processed, rate-limit headers present',
		async (type, extra, status, body) => {
			api.sandbox.setFault({ route: 'POST /v2/versions', type, ...extra });
			const response = await create();
			expect([response.status, response.body]).toEqual([status, body]);
			expect(response.headers.get('x-rate-limit-counter')).toBe('1');
			expect(versionCount()).toBe(seeded);
		},
	);

	test.each([
		['status503', 503, '503 Service Temporarily Unavailable'],
		['status502', 502, '502 Bad Gateway'],
	])('%s with html: an HTML error page, as a proxy sends', async (type, status, title) => {
		api.sandbox.setFault({ route: 'GET /v2/account', type, html: true });
		const response = await api.call('/v2/account');
		expect(response.status).toBe(status);
		expect(response.headers.get('content-type')).toMatch(/^text\/html/);
		expect(response.text).toContain(`<h1>${title}</h1>`);
	});

	test('invalidJson: 200 with a truncated body; the request was processed', async () => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type: 'invalidJson' });
		const response = await create();
		expect(response.status).toBe(200);
		expect(() => JSON.parse(response.text)).toThrow();
		expect(response.text.startsWith('{"url":"https://')).toBe(true);
		expect(versionCount()).toBe(seeded + 1);
	});

	test('slow: delayMs before a normal answer', async () => {
		api.sandbox.setFault({ route: 'GET /v2/stories', type: 'slow', delayMs: 150 });
		const started = Date.now();
		const response = await api.call('/v2/stories');
		expect(response.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});
});

describe('connections', () => {
	test('resetBefore: the socket is destroyed, nothing created', async () => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type: 'resetBefore' });
		await expect(create()).rejects.toThrow();
		expect(versionCount()).toBe(seeded);
		expect(lastRecord()).toMatchObject({ fault: 'resetBefore', status: null });
	});

	test('resetAfter: the version is created, then the socket is destroyed without an answer', async () => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type: 'resetAfter' });
		await expect(create()).rejects.toThrow();
		expect(versionCount()).toBe(seeded + 1);
		expect(lastRecord()).toMatchObject({ fault: 'resetAfter', status: null });
	});

	test('hang: no answer (the client gives up), nothing processed, the sandbox keeps serving', async () => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type: 'hang' });
		await expect(
			fetch(`${api.url}/v2/versions`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${api.sandbox.tokens.team}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify(createBody),
				signal: AbortSignal.timeout(150),
			}),
		).rejects.toThrow();
		expect(versionCount()).toBe(seeded);
		expect(lastRecord()).toMatchObject({ fault: 'hang', status: null });
		expect((await api.call('/v2/account')).status).toBe(200);
	});
});

describe('rules', () => {
	test('after lets requests through first, times counts the faulted ones', async () => {
		api.sandbox.setFault({ route: 'GET /v2/account', type: 'status503', after: 1, times: 2 });
		const statuses: number[] = [];
		for (let index = 0; index < 5; index++) statuses.push((await api.call('/v2/account')).status);
		expect(statuses).toEqual([200, 503, 503, 200, 200]);
	});

	test('times Infinity faults until clearFaults()', async () => {
		api.sandbox.setFault({ route: 'GET /v2/stories/:id', type: 'status502', times: Infinity });
		for (let index = 0; index < 4; index++)
			expect((await api.call(`/v2/stories/${SEED.stories.intro.id}`)).status).toBe(502);
		api.sandbox.clearFaults();
		expect((await api.call(`/v2/stories/${SEED.stories.intro.id}`)).status).toBe(200);
	});

	test('a rule names one route: same path, other method is untouched; "*" matches every request', async () => {
		api.sandbox.setFault({ route: 'GET /v2/versions/:id', type: 'status500', times: Infinity });
		const path = `/v2/versions/${SEED.versions.live.id}`;
		expect(
			(await api.call(path, { body: { senderEmail: 'sam@acme.test', data: { title: 'ok' } } }))
				.status,
		).toBe(200);
		expect((await api.call(path)).status).toBe(500);
		api.sandbox.clearFaults();
		api.sandbox.setFault({ route: '*', type: 'status502', times: 3 });
		expect([
			(await api.call('/v2/account')).status,
			(await api.call('/unknown')).status,
			(await create()).status,
		]).toEqual([502, 502, 502]);
	});

	test('rules are checked in order; the first that fires takes the request', async () => {
		api.sandbox.setFault({ route: 'GET /v2/account', type: 'status502' });
		api.sandbox.setFault({ route: '*', type: 'status503' });
		const statuses: number[] = [];
		for (let index = 0; index < 3; index++) statuses.push((await api.call('/v2/account')).status);
		expect(statuses).toEqual([502, 503, 200]);
	});

	test('the analytics route can be faulted like any other', async () => {
		api.sandbox.setFault({ route: 'GET /v2/analytics/events', type: 'status429' });
		expect(
			(await api.call('/v2/analytics/events?dateFrom=2026-01-01&dateTo=2026-01-02')).status,
		).toBe(429);
		expect(
			(await api.call('/v2/analytics/events?dateFrom=2026-01-01&dateTo=2026-01-02')).status,
		).toBe(200);
	});

	test('a rule with a token faults only the requests of that key; the others go through and do not count', async () => {
		api.sandbox.setFault({ route: 'GET /v2/account', type: 'status500', token: 'admin', times: 2 });
		const statuses: Array<[string, number]> = [];
		for (const key of ['team', 'admin', 'team', 'admin', 'admin']) {
			statuses.push([key, (await api.call('/v2/account', { token: key })).status]);
		}
		expect(statuses).toEqual([
			['team', 200],
			['admin', 500],
			['team', 200],
			['admin', 500],
			['admin', 200],
		]);
	});

	test('a rule with bodyIncludes faults only the requests whose body contains it, whatever their order', async () => {
		api.sandbox.setFault({
			route: 'POST /v2/versions',
			type: 'status500',
			bodyIncludes: '"Deal 1"',
			times: 2,
		});
		const statuses: Array<[string, number]> = [];
		for (const title of ['Deal 1', 'Deal 10', 'Deal 2', 'Deal 1', 'Deal 1']) {
			const body = { ...createBody, data: { title } };
			statuses.push([title, (await create({ body })).status]);
		}
		// "Deal 10" contains `Deal 1` but not `"Deal 1"`: quotes make a title match whole.
		expect(statuses).toEqual([
			['Deal 1', 500],
			['Deal 10', 200],
			['Deal 2', 200],
			['Deal 1', 500],
			['Deal 1', 200],
		]);
		expect(versionCount()).toBe(seeded + 3);
	});

	test('a rule with holdUntil answers once that many requests are in progress, all of them together', async () => {
		api.sandbox.setFault({ route: 'GET /v2/account', type: 'slow', holdUntil: 3, times: 3 });
		const first = api.call('/v2/account');
		const second = api.call('/v2/account');
		await sleep(50);
		expect(api.sandbox.log.map((entry) => entry.status)).toEqual([null, null]);
		const statuses = await Promise.all([first, second, api.call('/v2/account')]);
		expect(statuses.map((response) => response.status)).toEqual([200, 200, 200]);
		expect(api.sandbox.log.map((entry) => entry.inProgress)).toEqual([1, 2, 3]);
	});

	test('a held rule answers once the test releases it, whatever else came meanwhile', async () => {
		api.sandbox.setFault({ route: 'GET /v2/account', type: 'status503', held: true });
		const first = api.call('/v2/account');
		await until(() => api.sandbox.held === 1);
		expect((await api.call('/v2/account')).status).toBe(200);
		expect(api.sandbox.log.map((entry) => entry.status)).toEqual([null, 200]);
		api.sandbox.releaseHeld();
		expect((await first).status).toBe(503);
		expect(api.sandbox.held).toBe(0);
	});

	test('a held request goes on when the sandbox is reset', async () => {
		api.sandbox.setFault({ route: 'GET /v2/account', type: 'slow', held: true });
		const first = api.call('/v2/account');
		await until(() => api.sandbox.held === 1);
		api.sandbox.reset();
		expect((await first).status).toBe(200);
	});

	test.each([
		[{ route: '*', type: 'slow', held: true, holdUntil: 2 }, /held or holdUntil/],
		[{ route: '*', type: 'status500', token: 7 }, /token/],
		[{ route: '*', type: 'status500', bodyIncludes: '' }, /bodyIncludes/],
		[{ route: '*', type: 'slow', holdUntil: 0 }, /holdUntil/],
		[{ route: 'GET /v2/nothing', type: 'status500' }, /route/],
		[{ route: '*', type: 'explode' }, /type/],
		[{ route: '*', type: 'status500', times: 0 }, /times/],
		[{ route: '*', type: 'status500', after: -1 }, /after/],
		[{ route: '*', type: 'slow', delayMs: -5 }, /delayMs/],
	])('an invalid rule is refused: %j', (rule, message) => {
		expect(() => api.sandbox.setFault(rule)).toThrow(message);
	});
});

test('latencyMs is added before every API answer', async () => {
	const slow = createSandbox({ events: 0, latencyMs: 120 });
	const url = await slow.start();
	try {
		const started = Date.now();
		const response = await fetch(`${url}/v2/account`, {
			headers: { authorization: `Bearer ${slow.tokens.team}` },
		});
		expect(response.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(110);
	} finally {
		await slow.close();
	}
});

test('close() returns at once with a hanging request and an idle keep-alive connection', async () => {
	const sandbox = createSandbox({ events: 0 });
	const url = await sandbox.start();
	const headers = { authorization: `Bearer ${sandbox.tokens.team}` };
	await (await fetch(`${url}/v2/account`, { headers })).text();
	sandbox.setFault({ route: 'GET /v2/stories', type: 'hang' });
	const hanging = fetch(`${url}/v2/stories`, { headers });
	let settled = false;
	const outcome = hanging
		.then(
			() => 'answered',
			() => 'failed',
		)
		.finally(() => (settled = true));
	while (!settled && !sandbox.log.some((entry) => entry.path === '/v2/stories')) await sleep(5);
	// The hang never ends by itself: close() returns only by ending every connection, not by waiting.
	await sandbox.close();
	expect(await outcome).toBe('failed');
});

/** Until `done()` holds: the sandbox answers on its own schedule, so a test looks again (no time bound). */
async function until(done: () => boolean): Promise<void> {
	while (!done()) await sleep(5);
}
