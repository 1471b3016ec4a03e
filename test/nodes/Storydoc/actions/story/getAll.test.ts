/**
 * Story › Get Many, end to end: n8n's engine runs Manual → (items) → Storydoc against
 * the sandbox over HTTP. Checks what a user sees (items, pairing, errors) and what the API received.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../../../../sandbox/seed';
import type { Json } from '../../../../harness/n8n';
import {
	credentialsFor,
	pairedIndex,
	runWorkflow,
	storydocWorkflow,
} from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';

const api = useSandbox();

const storyRequests = (): Json[] =>
	api.sandbox.log.filter((entry) => entry.path.startsWith('/v2/stories'));

beforeEach(() => api.sandbox.clearLog());

describe('Story › Get Many', () => {
	const getAll = (extra: INodeParameters = {}): INodeParameters => ({
		resource: 'story',
		operation: 'getAll',
		...extra,
	});

	test('every story of every status, one item per story (no wrapper), paired to the input item', async () => {
		const { outputs, error } = await runWorkflow(storydocWorkflow(getAll({ returnAll: true })), {
			credentials: api.credentials(),
		});
		expect(error).toBeUndefined();
		const expected = await api.directGet('/v2/stories');
		expect(outputs.Storydoc).toEqual(
			expected.body.map((story: Json) => ({ json: story, pairedItem: { item: 0 } })),
		);
		expect(new Set(outputs.Storydoc.map((item) => item.json.status))).toEqual(
			new Set(['Draft', 'Live', 'Archived']),
		);
		expect(storyRequests()).toHaveLength(2);
		expect(storyRequests()[0]).toMatchObject({ method: 'GET', path: '/v2/stories', token: 'team' });
		expect(storyRequests()[0].query).toEqual({});
	});

	test.each(['Draft', 'Live', 'Archived'])(
		'Status filter %s is sent to the API and only those stories come back',
		async (status) => {
			const { outputs } = await runWorkflow(
				storydocWorkflow(getAll({ returnAll: true, filters: { status } })),
				{
					credentials: api.credentials(),
				},
			);
			const expected = Object.values(SEED.stories)
				.filter((story: Json) => story.status === status)
				.map((story: Json) => story.id);
			expect(outputs.Storydoc.map((item) => item.json.id).sort()).toEqual(expected.sort());
			expect(storyRequests()[0].query).toEqual({ status });
		},
	);

	test('Limit (default 50, here 2) keeps the first stories in the API order', async () => {
		const { outputs } = await runWorkflow(storydocWorkflow(getAll({ limit: 2 })), {
			credentials: api.credentials(),
		});
		const expected = await api.directGet('/v2/stories');
		expect(outputs.Storydoc.map((item) => item.json)).toEqual(expected.body.slice(0, 2));
	});

	test('without Return All the default Limit of 50 applies (all 6 seeded stories fit)', async () => {
		const { outputs } = await runWorkflow(storydocWorkflow(getAll()), {
			credentials: api.credentials(),
		});
		expect(outputs.Storydoc).toHaveLength(Object.keys(SEED.stories).length);
	});

	test('each input item gets its own list, paired to it', async () => {
		const { outputs } = await runWorkflow(
			storydocWorkflow(getAll({ returnAll: true, filters: { status: '={{ $json.status }}' } }), {
				items: [{ status: 'Live' }, { status: 'Archived' }],
			}),
			{ credentials: api.credentials() },
		);
		const live = Object.values(SEED.stories).filter((story: Json) => story.status === 'Live');
		expect(
			outputs.Storydoc.filter((item) => pairedIndex(item) === 0).map((item) => item.json.status),
		).toEqual(live.map(() => 'Live'));
		expect(
			outputs.Storydoc.filter((item) => pairedIndex(item) === 1).map((item) => item.json.id),
		).toEqual([SEED.stories.pricing2023.id]);
		expect(storyRequests().map((entry) => entry.query.status)).toEqual(['Live', 'Archived']);
	});

	test('a story-scoped key only lists its story', async () => {
		const { outputs } = await runWorkflow(storydocWorkflow(getAll({ returnAll: true })), {
			credentials: api.credentials('storyScoped'),
		});
		expect(outputs.Storydoc.map((item) => item.json.id)).toEqual([SEED.stories.proposal.id]);
	});

	test('a refused key: 403 "Access denied" with what to check', async () => {
		const { error } = await runWorkflow(storydocWorkflow(getAll()), {
			credentials: api.credentials('memberLeft'),
		});
		expect(error.message).toBe('Access denied');
		expect(error.httpCode).toBe('403');
		expect(error.description).toMatch(/Access Token of the Storydoc credential/);
	});

	test('a Limit below 1 from an expression is refused before any request', async () => {
		const { error } = await runWorkflow(storydocWorkflow(getAll({ limit: '={{ 0 }}' })), {
			credentials: api.credentials(),
		});
		expect(error.message).toBe('Item 0: "Limit" must be a whole number of at least 1');
		expect(api.sandbox.log).toHaveLength(0);
	});
});

describe('Story › Get Many when no story matches', () => {
	const getAll = (extra: INodeParameters = {}): INodeParameters => ({
		resource: 'story',
		operation: 'getAll',
		...extra,
	});
	const specSandbox = useSandbox({ specOnly: true });

	test.each(['Archived', 'Draft'])(
		'Status %s with no match (a key scoped to a Live story): Storydoc answers 404 "No stories found"; no items, no error',
		async (status) => {
			const { outputs, error } = await runWorkflow(
				storydocWorkflow(getAll({ returnAll: true, filters: { status } })),
				{
					credentials: api.credentials('storyScoped'),
				},
			);
			expect(error).toBeUndefined();
			expect(storyRequests()).toHaveLength(1);
			expect(storyRequests()[0]).toMatchObject({
				path: '/v2/stories',
				query: { status },
				status: 404,
			});
			expect(outputs.Storydoc ?? []).toEqual([]);
		},
	);

	test('an organization without stories: no items, and the next node still runs once per item (none)', async () => {
		const stories = api.sandbox.state.stories.splice(0);
		try {
			const { outputs, error } = await runWorkflow(storydocWorkflow(getAll()), {
				credentials: api.credentials(),
			});
			expect(error).toBeUndefined();
			expect(storyRequests()[0].status).toBe(404);
			expect(outputs.Storydoc ?? []).toEqual([]);
		} finally {
			api.sandbox.state.stories.push(...stories);
		}
	});

	test("the spec's answer for the same case (200 with an empty list): no items either", async () => {
		const { outputs, error } = await runWorkflow(
			storydocWorkflow(getAll({ filters: { status: 'Archived' } })),
			{
				credentials: specSandbox.credentials('storyScoped'),
			},
		);
		expect(error).toBeUndefined();
		expect(specSandbox.sandbox.log.map((entry) => entry.status)).toEqual([200]);
		expect(outputs.Storydoc ?? []).toEqual([]);
	});

	test('another 404 (a Base URL with a wrong path: "Not found") still fails the item with the API text', async () => {
		const credentials = credentialsFor({
			baseUrl: `${api.url}/wrong`,
			token: api.sandbox.tokens.team,
		});
		const { error } = await runWorkflow(storydocWorkflow(getAll()), { credentials });
		expect(error?.message).toBe('Not found');
		expect(error?.httpCode).toBe('404');
	});
});
