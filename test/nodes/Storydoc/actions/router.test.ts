/**
 * The router through n8n's engine against the sandbox: items in parallel (Request Options › Items in
 * Parallel), output in input order with pairedItem, bad input before any request, and what a failure
 * does to the items in flight, with and without Continue On Fail and Retry On Fail.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import type { Json } from '../../../harness/n8n';
import { pairedIndex, runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { SEED, createParameters, locator } from '../../../harness/versionFixtures';

const INTRO = SEED.stories.intro.id;
// Answers take a while, as a real account's do, so that items are in flight together.
const api = useSandbox({ rateLimit: { max: 100000 }, latencyMs: 150 });
beforeEach(() => api.sandbox.reset());

const everyoneSam = () => SEED.users.sam.email;
const deals = (count: number, sender: (index: number) => string = everyoneSam): IDataObject[] =>
	Array.from({ length: count }, (_, index) => ({
		company: `Deal ${index}`,
		sender: sender(index),
	}));

const createDeals = (overrides: INodeParameters = {}) =>
	createParameters({
		storyId: locator(INTRO),
		title: '={{ $json.company }}',
		senderEmail: '={{ $json.sender }}',
		...overrides,
	});

async function run(
	parameters: INodeParameters,
	items: IDataObject[],
	nodeSettings: Partial<INode> = {},
) {
	return await runWorkflow(storydocWorkflow(parameters, { items, nodeSettings }), {
		credentials: api.credentials(),
	});
}

const posts = (): Json[] => api.sandbox.log.filter((entry: Json) => entry.method === 'POST');
const postsFor = (title: string) => posts().filter((entry) => entry.body?.data?.title === title);
const versionsTitled = (title: string): Json[] =>
	api.sandbox.state.versions.filter((version: Json) => version.data?.title === title);
/** A sandbox rule that only holds requests (with `holdUntil`): they go through as they would. */
const HOLD = { route: 'POST /v2/versions', type: 'slow', delayMs: 0 } as const;
const mostInProgress = () => Math.max(...api.sandbox.log.map((entry: Json) => entry.inProgress));

describe('items in parallel', () => {
	test('20 creates: the first alone, then the rest together; output in input order, each paired to its item', async () => {
		// Requests 2 to 20 answered once 19 are in flight: they overlap however busy the machine is.
		api.sandbox.setFault({ ...HOLD, after: 1, times: 19, holdUntil: 19 });
		const { outputs, error } = await run(createDeals(), deals(20));
		expect(error).toBeUndefined();
		expect(api.sandbox.log[0].inProgress).toBe(1);
		expect(mostInProgress()).toBe(19);
		const output = outputs.Storydoc;
		expect(output.map((item) => pairedIndex(item))).toEqual([...Array(20).keys()]);
		output.forEach((item, index) =>
			expect(item.json.versionId).toBe(versionsTitled(`Deal ${index}`)[0].id),
		);
	});

	test('by default a version operation sends a whole window of the limit at once: 151 creates, the first alone, then 150 together', async () => {
		api.sandbox.setFault({ ...HOLD, after: 1, times: 150, holdUntil: 150 });
		const { outputs, error } = await run(createDeals(), deals(151));
		expect(error).toBeUndefined();
		expect(api.sandbox.log[0].inProgress).toBe(1);
		expect(mostInProgress()).toBe(150);
		expect(outputs.Storydoc.map((item) => pairedIndex(item))).toEqual([...Array(151).keys()]);
	});

	test('by default other operations send 50 at once: 60 reads of a story, the first alone, then 50', async () => {
		api.sandbox.setFault({
			route: 'GET /v2/stories/:id',
			type: 'slow',
			delayMs: 0,
			after: 1,
			times: 50,
			holdUntil: 50,
		});
		const { outputs, error } = await run(
			{ resource: 'story', operation: 'get', storyId: locator(INTRO) },
			Array.from({ length: 60 }, () => ({})),
		);
		expect(error).toBeUndefined();
		expect(outputs.Storydoc).toHaveLength(60);
		expect(mostInProgress()).toBe(50);
	});

	test('Items in Parallel bounds the requests in flight', async () => {
		api.sandbox.setFault({ ...HOLD, after: 1, times: 3, holdUntil: 3 });
		const { error } = await run(createDeals({ requestOptions: { itemsInParallel: 3 } }), deals(12));
		expect(error).toBeUndefined();
		expect(mostInProgress()).toBe(3);
		expect(posts()).toHaveLength(12);
	});

	test('an answer that comes late does not move its item: output keeps the input order', async () => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type: 'slow', delayMs: 600, after: 1 });
		const { outputs } = await run(createDeals(), deals(6));
		const slowTitle = posts()[1].body.data.title;
		expect(outputs.Storydoc.map((item) => item.json.versionId)).toEqual(
			[...Array(6).keys()].map((index) => versionsTitled(`Deal ${index}`)[0].id),
		);
		expect(slowTitle).not.toBe('Deal 0');
	});

	test('reads run in parallel too: Version › Get of many versions, in order', async () => {
		const ids = [SEED.versions.live.id, SEED.versions.edited.id, SEED.versions.live.id];
		const { outputs, error } = await run(
			{ resource: 'version', operation: 'get', versionId: locator('={{ $json.id }}') },
			ids.map((id) => ({ id })),
		);
		expect(error).toBeUndefined();
		expect(outputs.Storydoc.map((item) => item.json.id)).toEqual(ids);
	});

	test('Items in Parallel outside 1 to 150 fails the node before any request, naming the field', async () => {
		const { error } = await run(createDeals({ requestOptions: { itemsInParallel: 0 } }), deals(2));
		expect(error.message).toBe('Item 0: "Items in Parallel" must be a whole number from 1 to 150');
		expect(api.sandbox.log).toHaveLength(0);
	});
});

describe('bad input', () => {
	test('a bad item fails the node before any request, naming the item and the field', async () => {
		const items = deals(10, (index) => (index === 7 ? 'not an email' : SEED.users.sam.email));
		const { error } = await run(createDeals(), items);
		expect(error.message).toBe('Item 7: "Sender Email" is not a valid email address');
		expect(error.context.itemIndex).toBe(7);
		expect(api.sandbox.log).toHaveLength(0);
	});

	test('with Continue On Fail the bad item is an error item in its place; the others are created', async () => {
		const items = deals(5, (index) => (index === 2 ? 'not an email' : SEED.users.sam.email));
		const { outputs, error } = await run(createDeals(), items, {
			onError: 'continueRegularOutput',
		});
		expect(error).toBeUndefined();
		const output = outputs.Storydoc;
		expect(output.map((item) => pairedIndex(item))).toEqual([0, 1, 2, 3, 4]);
		expect(output[2].json.error).toBe('Item 2: "Sender Email" is not a valid email address');
		expect(posts()).toHaveLength(4);
	});
});

describe('a failure while other items are in flight, Continue On Fail off', () => {
	const refusedAt = (bad: number) => (index: number) =>
		index === bad ? 'nobody@acme.test' : SEED.users.sam.email;

	test('no new item starts; the items in flight finish; the error names the failed item and lists what was written with its ID', async () => {
		const items = deals(12, refusedAt(3));
		const { error } = await run(createDeals({ requestOptions: { itemsInParallel: 3 } }), items);
		expect(error.message).toBe('senderEmail nobody@acme.test not found in this organization');
		expect(error.context.itemIndex).toBe(3);
		const sent = posts().map((entry) => entry.body.data.title as string);
		expect(sent).toContain('Deal 3');
		expect(sent.length).toBeLessThan(12);
		for (const title of sent.filter((title) => title !== 'Deal 3')) {
			const [version] = versionsTitled(title);
			expect(versionsTitled(title)).toHaveLength(1);
			expect(error.description).toContain(`item ${title.slice(5)} (versionId ${version.id})`);
		}
		// Items a worker never picked up once item 3 failed: the last ones, as one range.
		const notSent = [...Array(12).keys()].filter((index) => !sent.includes(`Deal ${index}`));
		expect(notSent.length).toBeGreaterThan(0);
		expect(notSent).toEqual([...Array(notSent.length).keys()].map((n) => 12 - notSent.length + n));
		expect(error.description).toContain(`Not sent: items ${notSent[0]} to 11.`);
	});

	test('settings wrong for every item fail after one request: the first item goes alone', async () => {
		const items = deals(10, () => 'nobody@acme.test');
		const { error } = await run(createDeals(), items);
		expect(error.context.itemIndex).toBe(0);
		expect(posts()).toHaveLength(1);
		expect(error.description).toContain('No other item was written. Not sent: items 1 to 9.');
	});

	test('Continue On Fail: each item gets its output or its error, in order; every other item is created once', async () => {
		const items = deals(8, refusedAt(5));
		const { outputs, error } = await run(createDeals(), items, {
			onError: 'continueRegularOutput',
		});
		expect(error).toBeUndefined();
		const output = outputs.Storydoc;
		expect(output.map((item) => pairedIndex(item))).toEqual([...Array(8).keys()]);
		expect(output[5].json.error).toBe(
			'senderEmail nobody@acme.test not found in this organization',
		);
		for (const index of [0, 1, 2, 3, 4, 6, 7])
			expect(versionsTitled(`Deal ${index}`)).toHaveLength(1);
	});
});

describe('writes exactly once with several in flight', () => {
	test('an unknown outcome while others are in flight: it is not resent, the others are written once, and the error says which may exist', async () => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type: 'resetAfter', after: 2 });
		const { error } = await run(createDeals(), deals(6));
		const reset = posts()[2].body.data.title as string;
		expect(error.message).toMatch(/^The version may exist \(connection reset\)/);
		expect(error.context.itemIndex).toBe(Number(reset.slice(5)));
		for (let index = 0; index < 6; index++) {
			expect(postsFor(`Deal ${index}`)).toHaveLength(1);
			expect(versionsTitled(`Deal ${index}`)).toHaveLength(1);
		}
	});

	test("Retry On Fail with several writes in flight: n8n's retries send nothing twice", async () => {
		api.sandbox.setFault({
			route: 'POST /v2/versions',
			type: 'status500',
			processed: true,
			after: 2,
		});
		const { error } = await run(createDeals(), deals(6), {
			retryOnFail: true,
			maxTries: 3,
			waitBetweenTries: 0,
		});
		expect(error.message).toMatch(/^The version may exist/);
		// Each item sent at most once over the three tries, and created exactly when it was sent.
		for (let index = 0; index < 6; index++) {
			const sentFor = postsFor(`Deal ${index}`).length;
			expect(sentFor).toBeLessThanOrEqual(1);
			expect(versionsTitled(`Deal ${index}`)).toHaveLength(sentFor);
		}
		expect(posts().length).toBeGreaterThanOrEqual(3);
	});

	test('a 429 in the middle of a parallel burst is waited out: every item created once, none failed, in order', async () => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type: 'status429', after: 3, times: 2 });
		const { outputs, error } = await run(createDeals(), deals(10));
		expect(error).toBeUndefined();
		expect(outputs.Storydoc.map((item) => pairedIndex(item))).toEqual([...Array(10).keys()]);
		for (let index = 0; index < 10; index++)
			expect(versionsTitled(`Deal ${index}`)).toHaveLength(1);
		expect(posts().filter((entry) => entry.status === 429)).toHaveLength(2);
	});
});
