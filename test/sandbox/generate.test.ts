/** POST /v2/stories/generate: the body of Storydoc's reference, its 400s, the delay, the per-organization limit. */
import { sleep } from 'n8n-workflow';

import { SEED } from '../../sandbox/seed';
import type { Json } from '../harness/sandbox';
import { useSandbox, OBJECT_ID } from './helpers';

const api = useSandbox({ events: 0, generateRateLimit: { max: 3, windowMs: 60_000 } });
const slow = useSandbox({ events: 0, generateDelayMs: 400 });
const valid = { prompt: 'A one-pager for Globex', senderEmail: SEED.users.sam.email };

beforeEach(() => api.sandbox.reset());

test('a new Live story with text variables, owned by the sender; the answer carries its links, pageId and versionId', async () => {
	const response = await api.call('/v2/stories/generate', {
		body: { ...valid, website: 'https://globex.example/about' },
	});
	expect(response.status).toBe(200);
	expect(Object.keys(response.body)).toEqual([
		'url',
		'shortUrl',
		'editorUrl',
		'pageId',
		'versionId',
	]);
	expect(response.body.pageId).toMatch(OBJECT_ID);
	expect(response.body.editorUrl).toBe(
		`https://editor.storydoc.com/pages/editor/${response.body.pageId}`,
	);
	const story = (await api.call(`/v2/stories/${response.body.pageId}`)).body;
	expect(story).toMatchObject({ status: 'Live', title: 'globex.example: A one-pager for Globex' });
	expect(Object.keys(story.dynamicVariables)).toEqual([
		'first_name',
		'last_name',
		'company',
		'email',
	]);
	expect(response.headers.get('x-rate-limit-maximum')).toBe('3');
	expect(response.headers.get('x-rate-limit-counter')).toBe('1');
});

test.each([
	['an empty prompt', { ...valid, prompt: '' }, 'prompt must not be empty'],
	['a prompt of spaces', { ...valid, prompt: '   ' }, 'prompt must not be empty'],
	[
		'an unknown sender',
		{ ...valid, senderEmail: 'nobody@acme.test' },
		'senderEmail nobody@acme.test not found in this organization',
	],
	[
		'an unsupported presentation type',
		{ ...valid, 'presentation type': 'Haiku' },
		/^presentation type must be one of General presentation, /,
	],
])('%s: 400 and no story', async (_label, body, error) => {
	const before = api.sandbox.state.stories.length;
	const response = await api.call('/v2/stories/generate', { body });
	expect(response.status).toBe(400);
	expect(response.body.error).toMatch(error);
	expect(api.sandbox.state.stories).toHaveLength(before);
});

test('the limit counts per organization, not per IP: the fourth request of the organization is a 429', async () => {
	const statuses: number[] = [];
	for (let index = 0; index < 4; index++)
		statuses.push((await api.call('/v2/stories/generate', { body: valid })).status);
	expect(statuses).toEqual([200, 200, 200, 429]);
	// The version endpoints keep their own limit, per IP.
	expect((await api.call(`/v2/versions/${SEED.versions.live.id}`)).status).toBe(200);
	const generated = api.sandbox.state.stories.filter((story: Json) => story.title === valid.prompt);
	expect(generated).toHaveLength(3);
});

test('generateDelayMs: the answer comes after the delay, and the story exists even if the client gave up', async () => {
	const started = Date.now();
	const response = await slow.call('/v2/stories/generate', { body: valid });
	expect(response.status).toBe(200);
	expect(Date.now() - started).toBeGreaterThanOrEqual(390);
	const controller = new AbortController();
	const given = fetch(`${slow.url}/v2/stories/generate`, {
		method: 'POST',
		signal: controller.signal,
		headers: {
			authorization: `Bearer ${slow.sandbox.tokens.team}`,
			'content-type': 'application/json',
		},
		body: JSON.stringify({ ...valid, prompt: 'Given up on' }),
	}).catch((error) => error);
	void sleep(100).then(() => controller.abort());
	await given;
	expect(slow.sandbox.state.stories.some((story: Json) => story.title === 'Given up on')).toBe(
		true,
	);
});
