/**
 * Faults spread over a batch, item by item: what faultMatrix.test.ts (one fault, always on the first
 * item) does not show. A "bad afternoon" at the API hits a batch of creates and of updates with a
 * different fault on almost every item, in one run; then faults on a middle item with Continue On
 * Fail off, with the regular output and with n8n's error output; Update's read of the current title;
 * a read that keeps failing on a middle item. In each: every item is accounted for exactly once (its
 * output, an error item paired to it on the right output, or a node error naming it), each version
 * exists at most once and exactly once where the node said it was created, and no create or update
 * was sent twice except after a 429. How long the waits take (a hang's timeout, 429 probes, five tries
 * of a read; no pause before an unknown outcome) is bounded in virtual time, in
 * test/nodes/Storydoc/transport/request.waits.unit.test.ts.
 *
 * The sandbox places faults by the order requests arrive, which is the items' order only when they go
 * one at a time: these batches run with Items in Parallel 1. Faults while items are in flight together:
 * test/nodes/Storydoc/actions/router.test.ts.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Json, TestItem } from '../harness/n8n';
import { capturedLogs, pairedIndex, runWorkflow, storydocWorkflow } from '../harness/n8n';
import { useSandbox } from '../harness/sandbox';
import type { FaultRule } from '../harness/sandbox';
import { SEED, locator, createParameters, updateParameters } from '../harness/versionFixtures';

/** A sandbox fault rule without its route and `after`. */
type Fault = Omit<FaultRule, 'route' | 'after'>;

/** What n8n does with an item the node fails: `onError` of the node's settings. */
type OnError = NonNullable<INode['onError']>;

const api = useSandbox({ rateLimit: { max: 100000 } });
const INTRO = SEED.stories.intro.id;
const LIVE = SEED.versions.live.id;
const CREATE = 'POST /v2/versions';
const UPDATE = 'POST /v2/versions/:id';
const timeout = { requestOptions: { timeout: 1 } };

/** One item at a time, so that the n-th request is the n-th item's. */
const oneAtATime = (parameters: INodeParameters): INodeParameters => ({
	...parameters,
	requestOptions: { ...(parameters.requestOptions as IDataObject), itemsInParallel: 1 },
});

const MAY_EXIST = /^The version may exist \(.+\); not resent, to avoid a duplicate$/;
const MAY_BE_APPLIED =
	/^The update may have been applied \(.+\); not resent, to avoid a duplicate$/;
const ERROR_ID = /error ID [0-9a-f-]{36}/;

/**
 * Sets sandbox fault rules so that the n-th request to `route` (1-based, in arrival order) gets
 * `plan[n - 1]` (null: no fault). A rule of `times` k covers k consecutive requests. The sandbox
 * counts a request only in rules that have not fired yet and stops at the first that fires, so each
 * rule's `after` skips the requests before its own minus those earlier rules took.
 */
function schedule(route: string, plan: Array<Fault | null>) {
	let taken = 0;
	let index = 0;
	while (index < plan.length) {
		const fault = plan[index];
		if (!fault) {
			index++;
			continue;
		}
		const times = fault.times ?? 1;
		api.sandbox.setFault({ route, ...fault, times, after: index - taken });
		taken += times;
		index += times;
	}
}

/** Runs the Storydoc node over `items`; splits its outputs when it has n8n's error output. */
async function run(parameters: INodeParameters, items: IDataObject[], onError?: OnError) {
	const nodeSettings: Partial<INode> = onError ? { onError } : {};
	const result = await runWorkflow(
		storydocWorkflow(oneAtATime(parameters), { items, nodeSettings }),
		{
			credentials: api.credentials(),
		},
	);
	const main = result.run.data.resultData.runData.Storydoc?.[0]?.data?.main ?? [];
	// Output items as the tests read them (as the harness's `outputs` are).
	const success = (main[0] ?? []) as TestItem[];
	const failed = (main[1] ?? []) as TestItem[];
	return { ...result, success, failed };
}

const titleOf = (entry: Json) => entry.body?.data?.title;
const postsFor = (title: string) =>
	api.sandbox.log.filter((entry: Json) => entry.method === 'POST' && titleOf(entry) === title);
const versionsTitled = (title: string) =>
	api.sandbox.state.versions.filter((version: Json) => version.data?.title === title);
/** The sandbox finishes a request it processed before its answer was lost: give it a moment. */
const settle = () => sleep(100);

beforeEach(() => {
	api.sandbox.reset();
	capturedLogs.length = 0;
});
afterEach(() => {
	expect(JSON.stringify(capturedLogs)).not.toContain(api.sandbox.tokens.team);
});

/** One item of a batch: the fault its (first) request gets, whether the API processed it, what the item must come out as. */
interface Row {
	fault: Fault | null;
	processed: boolean;
	outcome: 'created' | 'updated' | 'unknown';
	/** The item's error names the API's error ID. */
	errorId?: boolean;
	/** Requests the item takes (a 429 burst's, then its own); 1 unless set. */
	tries?: number;
}

/**
 * One create per item; per item the fault its (first) request gets, whether the API processed it,
 * and what the item must come out as.
 */
const AFTERNOON: Row[] = [
	{ fault: null, processed: true, outcome: 'created' },
	{
		fault: { type: 'status500', processed: true },
		processed: true,
		outcome: 'unknown',
		errorId: true,
	},
	{ fault: { type: 'status429', times: 2 }, processed: true, outcome: 'created', tries: 3 },
	{ fault: { type: 'resetAfter' }, processed: true, outcome: 'unknown' },
	{ fault: { type: 'resetBefore' }, processed: false, outcome: 'unknown' },
	{ fault: { type: 'invalidJson' }, processed: true, outcome: 'unknown' },
	{ fault: { type: 'hang' }, processed: false, outcome: 'unknown' },
	{ fault: { type: 'status502', html: true }, processed: false, outcome: 'unknown' },
	{ fault: { type: 'slow', delayMs: 300 }, processed: true, outcome: 'created' },
	{ fault: { type: 'status503' }, processed: false, outcome: 'unknown' },
	{ fault: { type: 'status500' }, processed: false, outcome: 'unknown', errorId: true },
	{ fault: null, processed: true, outcome: 'created' },
];
/** The plan by request: a 429 burst takes requests of its own before its item's request goes through. */
const requestPlan = (rows: Row[]) =>
	rows.flatMap((row) =>
		row.tries ? [row.fault, ...Array<null>(row.tries - 1).fill(null)] : [row.fault],
	);

describe('a bad afternoon: a batch of creates, a different fault on almost every item', () => {
	const items = AFTERNOON.map((_, n) => ({ company: `Afternoon deal ${n + 1}` }));
	const parameters = createParameters({
		storyId: locator(INTRO),
		title: '={{ $json.company }}',
		...timeout,
	});

	function expectNothingTwice() {
		AFTERNOON.forEach((row, n) => {
			const title = items[n].company;
			// Sent once; again only after a 429 (which processed nothing).
			expect(postsFor(title)).toHaveLength(row.tries ?? 1);
			// Exists once where the API processed it, never twice.
			expect(versionsTitled(title)).toHaveLength(row.processed ? 1 : 0);
		});
	}

	function expectItemOutcome(json: Json, n: number) {
		const row = AFTERNOON[n];
		if (row.outcome === 'created') {
			expect(json.error).toBeUndefined();
			expect(json.versionId).toBe(versionsTitled(items[n].company)[0].id);
		} else {
			expect(json.error).toMatch(MAY_EXIST);
			if (row.errorId) expect(json.error).toMatch(ERROR_ID);
		}
	}

	test('Continue On Fail (regular output): one item per input item, in order, each paired to it', async () => {
		schedule(CREATE, requestPlan(AFTERNOON));
		const result = await run(parameters, items, 'continueRegularOutput');
		expect(result.error).toBeUndefined();
		expect(result.success.map((item) => item.pairedItem)).toEqual(
			items.map((_, item) => ({ item })),
		);
		result.success.forEach((item, n) => expectItemOutcome(item.json, n));
		await settle();
		expectNothingTwice();
	});

	test("Continue On Fail (error output): created items on the success output, the others on n8n's error output, each once", async () => {
		schedule(CREATE, requestPlan(AFTERNOON));
		const result = await run(parameters, items, 'continueErrorOutput');
		expect(result.error).toBeUndefined();
		const created = AFTERNOON.flatMap((row, n) => (row.outcome === 'created' ? [n] : []));
		const unknown = AFTERNOON.flatMap((row, n) => (row.outcome === 'unknown' ? [n] : []));
		expect(result.success.map((item) => pairedIndex(item))).toEqual(created);
		expect(result.failed.map((item) => pairedIndex(item))).toEqual(unknown);
		for (const item of result.success) expectItemOutcome(item.json, pairedIndex(item));
		for (const item of result.failed) {
			expectItemOutcome(item.json, pairedIndex(item));
			// n8n shows the node's error with it: the description says to check before running it again.
			expect(item.error.description).toMatch(/Check in Storydoc before running this item again/);
			expect(item.error.context.itemIndex).toBe(pairedIndex(item));
		}
		await settle();
		expectNothingTwice();
	});

	test('Continue On Fail off: the node stops at the first unknown outcome, naming that item; nothing after it is sent', async () => {
		schedule(CREATE, requestPlan(AFTERNOON));
		const result = await run(parameters, items);
		expect(result.error.message).toMatch(MAY_EXIST);
		expect(result.error.message).toMatch(ERROR_ID);
		expect(result.error.context.itemIndex).toBe(1);
		expect(result.success).toEqual([]);
		await settle();
		// Item 0 was created once (its link is in Storydoc; the failed run outputs nothing), item 1 may
		// exist, and no later item was sent.
		expect(versionsTitled(items[0].company)).toHaveLength(1);
		expect(postsFor(items[1].company)).toHaveLength(1);
		expect(api.sandbox.log.filter((entry: Json) => entry.method === 'POST')).toHaveLength(2);
	});
});

describe('a bad afternoon for updates: one version updated by a batch, a different fault on most items', () => {
	const ROWS: Row[] = [
		{ fault: null, processed: true, outcome: 'updated' },
		{
			fault: { type: 'status500', processed: true },
			processed: true,
			outcome: 'unknown',
			errorId: true,
		},
		{ fault: { type: 'status429', times: 2 }, processed: true, outcome: 'updated', tries: 3 },
		{ fault: { type: 'resetAfter' }, processed: true, outcome: 'unknown' },
		{ fault: { type: 'hang' }, processed: false, outcome: 'unknown' },
		{ fault: { type: 'invalidJson' }, processed: true, outcome: 'unknown' },
		{ fault: { type: 'resetBefore' }, processed: false, outcome: 'unknown' },
		{ fault: { type: 'status502' }, processed: false, outcome: 'unknown' },
	];
	const items = ROWS.map((_, n) => ({ company: `Renewal ${n + 1}` }));

	test.each<[string, OnError]>([
		['regular output', 'continueRegularOutput'],
		['error output', 'continueErrorOutput'],
	])(
		'Continue On Fail (%s): each update sent once (again only after a 429); the version holds the last one processed',
		async (_label, onError) => {
			schedule(UPDATE, requestPlan(ROWS));
			const result = await run(
				updateParameters(LIVE, { title: '={{ $json.company }}', ...timeout }),
				items,
				onError,
			);
			expect(result.error).toBeUndefined();
			const all = [...result.success, ...result.failed].sort(
				(a, b) => pairedIndex(a) - pairedIndex(b),
			);
			expect(all.map((item) => pairedIndex(item))).toEqual(items.map((_, n) => n));
			if (onError === 'continueErrorOutput') {
				expect(result.failed.map((item) => pairedIndex(item))).toEqual(
					ROWS.flatMap((row, n) => (row.outcome === 'unknown' ? [n] : [])),
				);
			}
			all.forEach((item, n) => {
				if (ROWS[n].outcome === 'updated') {
					expect(item.json).toMatchObject({ versionId: LIVE });
					expect(item.json.error).toBeUndefined();
				} else {
					expect(item.json.error).toMatch(MAY_BE_APPLIED);
					if (ROWS[n].errorId) expect(item.json.error).toMatch(ERROR_ID);
				}
			});
			await settle();
			ROWS.forEach((row, n) => expect(postsFor(items[n].company)).toHaveLength(row.tries ?? 1));
			const lastProcessed = ROWS.map((row, n) => (row.processed ? n : -1))
				.filter((n) => n >= 0)
				.at(-1);
			expect(
				api.sandbox.state.versions.find((version: Json) => version.id === LIVE).data.title,
			).toBe(items[lastProcessed!].company);
		},
	);
});

describe('Update that keeps the current title: a read first, then the write', () => {
	const parameters = updateParameters(LIVE, {
		title: '',
		additionalFields: { previewImageUrl: 'https://cdn.acme.test/og.png' },
		...timeout,
	});
	const lines = () =>
		api.sandbox.log.map(
			(entry: Json) =>
				`${entry.method} ${entry.status ?? 'no answer'}${entry.fault ? ` (${entry.fault})` : ''}`,
		);

	test.each<[string, Fault, string]>([
		['reset after processing', { type: 'resetAfter' }, 'GET no answer (resetAfter)'],
		['503 as an HTML page', { type: 'status503', html: true }, 'GET 503 (status503)'],
		['a hang (Timeout 1 s)', { type: 'hang' }, 'GET no answer (hang)'],
	])(
		'a fault on the read (%s) is retried; the write goes once',
		async (_label, fault, faultLine) => {
			api.sandbox.setFault({ route: 'GET /v2/versions/:id', times: 1, ...fault });
			const titleBefore = api.sandbox.state.versions.find((version: Json) => version.id === LIVE)
				.data.title;
			const result = await run(parameters, [{ deal: 1 }]);
			expect(result.error).toBeUndefined();
			expect(result.success).toEqual([
				{ json: expect.objectContaining({ versionId: LIVE }), pairedItem: { item: 0 } },
			]);
			expect(lines()).toEqual([faultLine, 'GET 200', 'POST 200']);
			// The title sent is the one the version had: the read's answer, not a guess.
			expect(api.sandbox.log.at(-1).body.data).toEqual({
				title: titleBefore,
				ogImage: 'https://cdn.acme.test/og.png',
			});
		},
	);

	test('a fault on the write after the read: not resent, and the read is not repeated either', async () => {
		api.sandbox.setFault({ route: UPDATE, type: 'resetAfter' });
		const result = await run(parameters, [{ deal: 1 }], 'continueErrorOutput');
		expect(result.success).toEqual([]);
		expect(result.failed).toHaveLength(1);
		expect(result.failed[0].json.error).toMatch(MAY_BE_APPLIED);
		expect(result.failed[0].pairedItem).toEqual({ item: 0 });
		expect(lines()).toEqual(['GET 200', 'POST no answer (resetAfter)']);
	});
});

describe('a read that keeps failing on a middle item: bounded, that item fails whole, the others go on', () => {
	const parameters: INodeParameters = {
		resource: 'version',
		operation: 'get',
		versionId: locator(LIVE),
		...timeout,
	};
	const items = [{ n: 1 }, { n: 2 }, { n: 3 }];

	test('five tries of a hanging request (Timeout 1 s), on the error output; items 0 and 2 read once each', async () => {
		// Request 1 is item 0's; requests 2-6 are item 1's five tries; item 2's passes.
		api.sandbox.setFault({ route: 'GET /v2/versions/:id', type: 'hang', after: 1, times: 5 });
		const result = await run(parameters, items, 'continueErrorOutput');
		expect(result.error).toBeUndefined();
		expect(result.success.map((item) => [pairedIndex(item), item.json.id])).toEqual([
			[0, LIVE],
			[2, LIVE],
		]);
		expect(result.failed).toHaveLength(1);
		expect(result.failed[0].pairedItem).toEqual({ item: 1 });
		expect(result.failed[0].json.error).toBe('Storydoc did not answer within 1 s');
		expect(result.failed[0].error.description).toMatch(/The node tried 5 times/);
		expect(api.sandbox.log.map((entry: Json) => entry.status)).toEqual([
			200,
			null,
			null,
			null,
			null,
			null,
			200,
		]);
	});

	test('Continue On Fail off: the node error names item 1 after its five tries; item 2 is never read', async () => {
		api.sandbox.setFault({
			route: 'GET /v2/versions/:id',
			type: 'status502',
			html: true,
			after: 1,
			times: 5,
		});
		const result = await run(parameters, items);
		expect(result.error.httpCode).toBe('502');
		expect(result.error.context.itemIndex).toBe(1);
		expect(result.error.message).toBe(
			"Storydoc API answered HTTP 502 with a body that is not Storydoc's JSON (text/html)",
		);
		expect(api.sandbox.log.map((entry: Json) => entry.status)).toEqual([
			200, 502, 502, 502, 502, 502,
		]);
	});
});

describe("bad input on a middle item with n8n's error output: nothing sent for it, the others created", () => {
	test('the item with a malformed Sender Email goes to the error output, paired; items 0 and 2 are created once', async () => {
		const items = [
			{ company: 'Good 1', sender: 'sam@acme.test' },
			{ company: 'Bad 2', sender: 'sam at acme' },
			{ company: 'Good 3', sender: 'sam@acme.test' },
		];
		const parameters = createParameters({
			storyId: locator(INTRO),
			title: '={{ $json.company }}',
			senderEmail: '={{ $json.sender }}',
		});
		const result = await run(parameters, items, 'continueErrorOutput');
		expect(result.error).toBeUndefined();
		expect(result.success.map((item) => pairedIndex(item))).toEqual([0, 2]);
		expect(result.failed.map((item) => [pairedIndex(item), item.json.error])).toEqual([
			[1, 'Item 1: "Sender Email" is not a valid email address'],
		]);
		expect(result.failed[0].error.name).toBe('NodeOperationError');
		expect(postsFor('Bad 2')).toEqual([]);
		for (const title of ['Good 1', 'Good 3']) expect(versionsTitled(title)).toHaveLength(1);
	});
});

describe("n8n's own Retry On Fail on the node: a retry runs the node again from item 0, and still nothing is sent twice", () => {
	const retry = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };
	const items = [
		{ company: 'Retry deal 1' },
		{ company: 'Retry deal 2' },
		{ company: 'Retry deal 3' },
	];
	const parameters = createParameters({
		storyId: locator(INTRO),
		title: '={{ $json.company }}',
		...timeout,
	});
	const runWith = (
		nodeSettings: Partial<INode>,
		params = parameters,
		input: IDataObject[] = items,
	) =>
		runWorkflow(storydocWorkflow(oneAtATime(params), { items: input, nodeSettings }), {
			credentials: api.credentials(),
		});

	test('Continue On Fail off, item 1 may exist: every try fails the same way on item 1; item 0 created once, item 1 sent once', async () => {
		api.sandbox.setFault({ route: CREATE, type: 'status500', processed: true, after: 1 });
		const result = await runWith(retry);
		expect(result.error.message).toMatch(MAY_EXIST);
		expect(result.error.message).toMatch(ERROR_ID);
		expect(result.error.context.itemIndex).toBe(1);
		await settle();
		expect(postsFor(items[0].company)).toHaveLength(1);
		expect(postsFor(items[1].company)).toHaveLength(1);
		expect(postsFor(items[2].company)).toHaveLength(0);
		expect(versionsTitled(items[0].company)).toHaveLength(1);
		expect(versionsTitled(items[1].company)).toHaveLength(1);
	});

	test('Continue On Fail, the first item may exist (n8n retries when the first output item is an error): each item sent once', async () => {
		api.sandbox.setFault({ route: CREATE, type: 'resetAfter' });
		const result = await runWith({ ...retry, onError: 'continueRegularOutput' });
		expect(result.error).toBeUndefined();
		const output = result.outputs.Storydoc;
		expect(output.map((item) => pairedIndex(item))).toEqual([0, 1, 2]);
		expect(output[0].json.error).toMatch(MAY_EXIST);
		await settle();
		for (const { company } of items) {
			expect(postsFor(company)).toHaveLength(1);
			expect(versionsTitled(company)).toHaveLength(1);
		}
		expect(output[1].json.versionId).toBe(versionsTitled(items[1].company)[0].id);
	});

	test('Update, reset after processing on item 0, Continue On Fail off: sent once across the tries', async () => {
		api.sandbox.setFault({ route: UPDATE, type: 'resetAfter' });
		const result = await runWith(
			retry,
			updateParameters(LIVE, { title: '={{ $json.company }}', ...timeout }),
		);
		expect(result.error.message).toMatch(MAY_BE_APPLIED);
		expect(result.error.context.itemIndex).toBe(0);
		expect(api.sandbox.log.filter((entry: Json) => entry.method === 'POST')).toHaveLength(1);
	});

	test("a refusal (the API processed nothing) is tried again by each of n8n's tries; created items are not", async () => {
		const input = [
			{ company: 'Fine 1', sender: 'sam@acme.test' },
			{ company: 'Refused 2', sender: 'nobody@acme.test' },
		];
		const result = await runWith(
			retry,
			createParameters({
				storyId: locator(INTRO),
				title: '={{ $json.company }}',
				senderEmail: '={{ $json.sender }}',
			}),
			input,
		);
		expect(result.error.message).toBe(
			'senderEmail nobody@acme.test not found in this organization',
		);
		expect(result.error.context.itemIndex).toBe(1);
		expect(postsFor('Fine 1')).toHaveLength(1);
		expect(versionsTitled('Fine 1')).toHaveLength(1);
		expect(postsFor('Refused 2')).toHaveLength(3);
	});

	test('without Retry On Fail nothing is remembered: a second execution creates again, as asked', async () => {
		const input = [{ company: 'Again 1' }];
		await runWith({}, parameters, input);
		await runWith({}, parameters, input);
		expect(versionsTitled('Again 1')).toHaveLength(2);
	});
});
