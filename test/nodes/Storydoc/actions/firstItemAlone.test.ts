/**
 * The first item of a batch goes alone only until it is answered or has been out longer than
 * Storydoc takes to refuse a request (FIRST_ALONE_MAX_MS): a slow first item (a generation) no
 * longer holds the rest, through the router and through a cold rate-limit pacer alike. The sandbox
 * holds the first requests until that many are in progress together (`holdUntil`), which happens only
 * if the others went while the first was out, however busy the machine is; before this change the
 * first was released alone after 10 s and the others sent after it. A file of its own: its sandbox's address is new to the pacers,
 * which start cold.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Json } from '../../../harness/n8n';
import { pairedIndex, runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { SEED, createParameters, locator } from '../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
beforeEach(() => api.sandbox.reset());

const run = (parameters: INodeParameters, items: IDataObject[]) =>
	runWorkflow(storydocWorkflow(parameters, { items }), { credentials: api.credentials() });
const requestsTo = (path: string): Json[] =>
	api.sandbox.log.filter((entry: Json) => entry.path === path);
const heldUntil = (entries: Json[]) => Math.max(...entries.map((entry) => entry.inProgress));

test('a first create out longer than a refusal takes: the others start without waiting for its answer; output in input order', async () => {
	// The first four are held until all four are in progress: only if three went while the first was out.
	api.sandbox.setFault({
		route: 'POST /v2/versions',
		type: 'slow',
		delayMs: 0,
		times: 4,
		holdUntil: 4,
	});
	const items = Array.from({ length: 6 }, (_, index) => ({ company: `Deal ${index}` }));
	const { outputs, error } = await run(
		createParameters({
			storyId: locator(SEED.stories.intro.id),
			title: '={{ $json.company }}',
			senderEmail: SEED.users.sam.email,
			requestOptions: { itemsInParallel: 4 },
		}),
		items,
	);
	expect(error).toBeUndefined();
	const posts = requestsTo('/v2/versions');
	expect(posts[0].body.data.title).toBe('Deal 0');
	expect(heldUntil(posts)).toBe(4);
	expect(posts).toHaveLength(6);
	expect(outputs.Storydoc.map((item) => pairedIndex(item))).toEqual([...Array(6).keys()]);
	const titles = outputs.Storydoc.map(
		(item) =>
			api.sandbox.state.versions.find((version: Json) => version.id === item.json.versionId).data
				.title,
	);
	expect(titles).toEqual(items.map((item) => item.company));
});

test('Story › Generate on a cold pacer: a first generation still running after the bound lets the others go; each generated once', async () => {
	api.sandbox.setFault({
		route: 'POST /v2/stories/generate',
		type: 'slow',
		delayMs: 0,
		times: 3,
		holdUntil: 3,
	});
	const { outputs, error } = await run(
		{
			resource: 'story',
			operation: 'generate',
			prompt: '={{ "A one-pager for " + $json.company }}',
			senderEmail: SEED.users.sam.email,
		},
		[{ company: 'Globex' }, { company: 'Initech' }, { company: 'Umbrella' }],
	);
	expect(error).toBeUndefined();
	const generations = requestsTo('/v2/stories/generate');
	expect(generations.map((entry) => entry.body.prompt)).toEqual(
		expect.arrayContaining([
			'A one-pager for Globex',
			'A one-pager for Initech',
			'A one-pager for Umbrella',
		]),
	);
	expect(generations).toHaveLength(3);
	expect(generations[0].body.prompt).toBe('A one-pager for Globex');
	expect(heldUntil(generations)).toBe(3);
	expect(outputs.Storydoc.map((item) => pairedIndex(item))).toEqual([0, 1, 2]);
});

test('a first item refused at once still stops the batch after one request', async () => {
	const { error } = await run(
		createParameters({
			storyId: locator(SEED.stories.intro.id),
			title: '={{ $json.company }}',
			senderEmail: 'nobody@acme.test',
		}),
		Array.from({ length: 8 }, (_, index) => ({ company: `Deal ${index}` })),
	);
	expect(error.context.itemIndex).toBe(0);
	expect(requestsTo('/v2/versions')).toHaveLength(1);
});
