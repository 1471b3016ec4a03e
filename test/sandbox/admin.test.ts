/** The request log and the /__sandbox/ admin endpoints (used by the n8n app end-to-end run). */
import { sleep } from 'n8n-workflow';

import { SEED, TOKENS } from '../../sandbox/seed';
import type { Json } from '../harness/sandbox';
import { useSandbox } from './helpers';

const NOW = Date.UTC(2026, 0, 15, 12);
const api = useSandbox({ events: 300, now: () => NOW });

async function admin(
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; body: Json }> {
	const response = await fetch(`${api.url}/__sandbox/${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeEach(() => api.sandbox.reset());

describe('the request log', () => {
	test('one record per API request, in order, with the fields tests rely on', async () => {
		await api.call('/v2/stories?status=Live');
		await api.call('/v2/versions', {
			rawBody: '{"broken',
			headers: { 'content-type': 'application/json' },
		});
		await api.call('/v2/versions', {
			body: {
				storyId: SEED.stories.proposal.id,
				senderEmail: 'sam@acme.test',
				data: { title: 'Logged' },
			},
		});
		const [list, broken, created] = api.sandbox.log;
		expect(Object.keys(list)).toEqual([
			'seq',
			'time',
			'method',
			'path',
			'query',
			'body',
			'status',
			'token',
			'authScheme',
			'rateLimitCounter',
			'inProgress',
			'answeredAt',
		]);
		expect(list).toEqual({
			seq: 1,
			time: new Date(NOW).toISOString(),
			method: 'GET',
			path: '/v2/stories',
			query: { status: 'Live' },
			body: null,
			status: 200,
			token: 'team',
			authScheme: 'Bearer',
			rateLimitCounter: 0,
			inProgress: 1,
			answeredAt: new Date(NOW).toISOString(),
		});
		expect(broken).toMatchObject({ seq: 2, body: '{"broken', status: 400, rateLimitCounter: 1 });
		expect(created).toMatchObject({
			seq: 3,
			method: 'POST',
			path: '/v2/versions',
			status: 200,
			body: { data: { title: 'Logged' } },
		});
	});

	test('clearLog() empties it in place', async () => {
		const log = api.sandbox.log;
		await api.call('/v2/account');
		api.sandbox.clearLog();
		expect(log).toHaveLength(0);
		expect(api.sandbox.log).toBe(log);
	});
});

describe('/__sandbox/', () => {
	test('GET log answers the same records; admin requests are not logged', async () => {
		await api.call('/v2/account');
		const { status, body } = await admin('GET', 'log');
		expect(status).toBe(200);
		expect(body).toEqual(api.sandbox.log);
		expect(body).toHaveLength(1);
		expect(JSON.stringify(body)).not.toContain(TOKENS.team);
	});

	test('DELETE log clears it', async () => {
		await api.call('/v2/account');
		expect((await admin('DELETE', 'log')).status).toBe(204);
		expect(api.sandbox.log).toEqual([]);
	});

	test('GET state/<collection>: account, versions (with internal fields), and a 404 for others', async () => {
		expect((await admin('GET', 'state/account')).body).toEqual({
			orgId: SEED.org.id,
			title: 'Acme Sales',
		});
		const versions = (await admin('GET', 'state/versions')).body;
		expect(versions.map((version: Json) => version.id)).toEqual(
			Object.values<Json>(SEED.versions).map((version) => version.id),
		);
		expect(
			versions.find((version: Json) => version.id === SEED.versions.edited.id).manuallyEdited,
		).toBe(true);
		for (const name of ['orgs', 'users', 'folders', 'stories', 'events']) {
			expect((await admin('GET', `state/${name}`)).body).toEqual(
				JSON.parse(JSON.stringify(api.sandbox.state[name])),
			);
		}
		expect((await admin('GET', 'state/secrets')).status).toBe(404);
	});

	test('POST reset: back to the seed, log and faults cleared', async () => {
		const { body } = await api.call('/v2/versions', {
			body: {
				storyId: SEED.stories.proposal.id,
				senderEmail: 'sam@acme.test',
				data: { title: 'Temporary' },
			},
		});
		api.sandbox.setFault({ route: 'GET /v2/account', type: 'status500', times: Infinity });
		expect((await admin('POST', 'reset')).status).toBe(204);
		expect(api.sandbox.state.versions.some((version: Json) => version.id === body.versionId)).toBe(
			false,
		);
		expect(api.sandbox.log).toEqual([]);
		expect((await api.call('/v2/account')).status).toBe(200);
	});

	test('POST faults (times "Infinity" over JSON) and DELETE faults', async () => {
		expect(
			(
				await admin('POST', 'faults', {
					route: 'GET /v2/account',
					type: 'status503',
					times: 'Infinity',
				})
			).status,
		).toBe(204);
		expect((await api.call('/v2/account')).status).toBe(503);
		expect((await api.call('/v2/account')).status).toBe(503);
		expect((await admin('DELETE', 'faults')).status).toBe(204);
		expect((await api.call('/v2/account')).status).toBe(200);
	});

	test('POST faults/release lets a held request go on', async () => {
		api.sandbox.setFault({ route: 'GET /v2/account', type: 'slow', held: true });
		const held = api.call('/v2/account');
		while (api.sandbox.held === 0) await sleep(5);
		expect((await admin('POST', 'faults/release')).status).toBe(204);
		expect((await held).status).toBe(200);
	});

	test('a bad fault rule or a body that is not JSON: 400 with the reason', async () => {
		const bad = await admin('POST', 'faults', { route: '*', type: 'meteor' });
		expect(bad.status).toBe(400);
		expect(bad.body.error).toMatch(/fault type must be one of/);
		expect((await admin('POST', 'faults', 'not json')).status).toBe(400);
	});

	test('POST events: completes and adds them; they are served by the analytics endpoint', async () => {
		const { status, body } = await admin('POST', 'events', [
			{
				timestamp: '2025-01-02T03:04:05Z',
				versionId: SEED.versions.premium.id,
				eventCategory: 'click',
			},
		]);
		expect(status).toBe(200);
		expect(body).toHaveLength(1);
		expect(body[0]).toMatchObject({
			storyId: SEED.stories.premium.id,
			versionTitle: 'Demo for Tyrell',
			eventCategory: 'click',
		});
		const served = await api.call('/v2/analytics/events?dateFrom=2025-01-02&dateTo=2025-01-02');
		expect(served.body.data).toEqual(body);
		expect((await admin('POST', 'events', { not: 'an array' })).status).toBe(400);
	});

	test('unknown admin paths: 404', async () => {
		expect((await admin('GET', 'nothing')).status).toBe(404);
		expect((await admin('PUT', 'log')).status).toBe(404);
	});
});
