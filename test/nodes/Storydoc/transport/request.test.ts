/**
 * The transport's one retry policy, through n8n's engine against the sandbox's deterministic faults:
 * reads retry transient failures and succeed; a write whose outcome is unknown is sent once and its
 * item fails saying the version may exist; no token anywhere.
 */
import type { INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { createSandbox } from '../../../../sandbox/server';
import type { Json, StorydocWorkflowOptions, WorkflowRun } from '../../../harness/n8n';
import {
	callMethod,
	capturedLogs,
	credentialsFor,
	runWorkflow,
	storydocWorkflow,
} from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import type { FaultRule } from '../../../harness/sandbox';
import {
	SEED,
	locator,
	createParameters,
	updateParameters,
	requestLines,
} from '../../../harness/versionFixtures';

/** A sandbox fault rule without its route. */
type Fault = Omit<FaultRule, 'route'>;

const api = useSandbox({ rateLimit: { max: 100000 } });
const LIVE = SEED.versions.live.id;
const INTRO = SEED.stories.intro.id;

beforeEach(() => api.sandbox.reset());

const run = async (parameters: INodeParameters, options: StorydocWorkflowOptions = {}) =>
	await runWorkflow(storydocWorkflow(parameters, options), { credentials: api.credentials() });
const versionGet: INodeParameters = {
	resource: 'version',
	operation: 'get',
	versionId: locator(LIVE),
	requestOptions: { timeout: 1 },
};
const introCreate = createParameters({ storyId: locator(INTRO), requestOptions: { timeout: 1 } });
const apiVersions = () =>
	api.sandbox.state.versions.filter(
		(version: Json) =>
			version.storyId === INTRO &&
			version.source === 'API' &&
			version.data.title === 'Proposal for Globex',
	);

function expectNoSecret(result: WorkflowRun) {
	const token = api.sandbox.tokens.team;
	expect(JSON.stringify(result.run)).not.toContain(token);
	expect(JSON.stringify(capturedLogs)).not.toContain(token);
	if (result.error)
		expect(JSON.stringify({ m: result.error.message, d: result.error.description })).not.toContain(
			token,
		);
}

describe('reads retry transient failures, then succeed', () => {
	test.each<[string, Fault]>([
		['500 with an error ID', { type: 'status500' }],
		['502', { type: 'status502' }],
		['503 as an HTML page', { type: 'status503', html: true }],
		['a 200 whose body is not valid JSON', { type: 'invalidJson' }],
		['a connection reset before processing', { type: 'resetBefore' }],
		['a connection reset after processing', { type: 'resetAfter' }],
		['a request that hangs (Timeout 1 s)', { type: 'hang' }],
		['a slow answer past the timeout', { type: 'slow', delayMs: 1500 }],
	])('Version › Get after %s', async (_label, fault) => {
		api.sandbox.setFault({ route: 'GET /v2/versions/:id', times: 1, ...fault });
		const result = await run(versionGet);
		expect(result.error).toBeUndefined();
		expect(result.outputs.Storydoc).toHaveLength(1);
		expect(result.outputs.Storydoc[0]).toMatchObject({
			json: { id: LIVE },
			pairedItem: { item: 0 },
		});
		expect(requestLines(api.sandbox)).toEqual([
			`GET /v2/versions/${LIVE}`,
			`GET /v2/versions/${LIVE}`,
		]);
		expectNoSecret(result);
	});

	test('two failures in a row: backoff, third try succeeds', async () => {
		api.sandbox.setFault({ route: 'GET /v2/versions/:id', type: 'status503', times: 2 });
		const started = Date.now();
		const result = await run(versionGet);
		expect(result.error).toBeUndefined();
		expect(api.sandbox.log.map((entry: Json) => entry.status)).toEqual([503, 503, 200]);
		// Backoff 0.5 s then 1 s (±20 %).
		expect(Date.now() - started).toBeGreaterThanOrEqual(1100);
	});

	test('the same policy serves every operation: Story › Get, the story list of the editor, Account › Get', async () => {
		api.sandbox.setFault({ route: 'GET /v2/stories/:id', type: 'status502', times: 1 });
		api.sandbox.setFault({ route: 'GET /v2/stories', type: 'status503', html: true, times: 1 });
		api.sandbox.setFault({ route: 'GET /v2/account', type: 'resetBefore', times: 1 });

		const story = await run({ resource: 'story', operation: 'get', storyId: locator(INTRO) });
		expect(story.outputs.Storydoc[0].json.id).toBe(INTRO);
		const { results } = await callMethod('listSearch', 'searchLiveStories', {
			credentials: api.credentials(),
		});
		expect(results.length).toBeGreaterThan(0);
		const account = await run({ resource: 'account', operation: 'get' });
		expect(account.outputs.Storydoc[0].json.orgId).toBe(SEED.org.id);
		expect(api.sandbox.log.map((entry: Json) => `${entry.path} ${entry.status}`)).toEqual([
			`/v2/stories/${INTRO} 502`,
			`/v2/stories/${INTRO} 200`,
			'/v2/stories 503',
			'/v2/stories 200',
			'/v2/account null',
			'/v2/account 200',
		]);
	});

	test('bounded: after 5 tries the item fails with the API text, the error ID and the number of tries', async () => {
		api.sandbox.setFault({ route: 'GET /v2/versions/:id', type: 'status500', times: Infinity });
		const result = await run(versionGet);
		expect(result.error.message).toBe('Error occured');
		expect(result.error.httpCode).toBe('500');
		expect(result.error.description).toMatch(
			/^Storydoc error ID: [0-9a-f-]{36}\. Quote it to Storydoc support\. The node tried 5 times over \d+(\.\d)? s\.$/,
		);
		expect(api.sandbox.log).toHaveLength(5);
		// How long its 5 tries take is timed in virtual time: request.waits.unit.test.ts.
		expectNoSecret(result);
	});
});

describe('a write whose outcome is unknown is never resent', () => {
	test.each<[string, Fault, number, RegExp]>([
		[
			'500 after processing',
			{ type: 'status500', processed: true },
			1,
			/^The version may exist \(HTTP 500 "Error occured", error ID [0-9a-f-]{36}\); not resent, to avoid a duplicate$/,
		],
		[
			'500 before processing',
			{ type: 'status500' },
			0,
			/^The version may exist \(HTTP 500 "Error occured", error ID [0-9a-f-]{36}\); not resent/,
		],
		[
			'502',
			{ type: 'status502' },
			0,
			/^The version may exist \(HTTP 502 "Bad Gateway"\); not resent/,
		],
		[
			'503 as an HTML page',
			{ type: 'status503', html: true },
			0,
			/^The version may exist \(HTTP 503\); not resent/,
		],
		[
			'a 200 whose body is not valid JSON',
			{ type: 'invalidJson' },
			1,
			/^The version may exist \(HTTP 200 with a body that is not valid JSON\); not resent/,
		],
		[
			'a connection reset before processing',
			{ type: 'resetBefore' },
			0,
			/^The version may exist \(connection reset\); not resent/,
		],
		[
			'a connection reset after processing',
			{ type: 'resetAfter' },
			1,
			/^The version may exist \(connection reset\); not resent/,
		],
		[
			'a hang past the timeout',
			{ type: 'hang' },
			0,
			/^The version may exist \(Storydoc did not answer within 1 s\); not resent/,
		],
		[
			'a slow answer past the timeout',
			{ type: 'slow', delayMs: 1500 },
			1,
			/^The version may exist \(Storydoc did not answer within 1 s\); not resent/,
		],
	])(
		'Create after %s: one request, the item fails saying the version may exist',
		async (_label, fault, versionsMade, message) => {
			api.sandbox.setFault({ route: 'POST /v2/versions', times: 1, ...fault });
			const result = await run(introCreate);
			expect(result.error.message).toMatch(message);
			expect(result.error.description).toMatch(/never resends a write whose outcome is unknown/);
			expect(requestLines(api.sandbox)).toEqual(['POST /v2/versions']);
			// The sandbox's `slow` and `resetAfter` answers arrive once the request is processed.
			await sleep(fault.type === 'slow' ? 900 : 0);
			expect(apiVersions()).toHaveLength(versionsMade);
			expectNoSecret(result);
		},
	);

	test('Update after a 500: "the update may have been applied", sent once', async () => {
		api.sandbox.setFault({
			route: 'POST /v2/versions/:id',
			type: 'status500',
			processed: true,
			times: 1,
		});
		const result = await run(updateParameters(LIVE, { title: 'Renewal' }));
		expect(result.error.message).toMatch(
			/^The update may have been applied \(HTTP 500 "Error occured", error ID [0-9a-f-]{36}\); not resent/,
		);
		expect(requestLines(api.sandbox)).toEqual([`POST /v2/versions/${LIVE}`]);
	});

	test('Continue On Fail: every item accounted for, the unknown one as an error item paired to it, nothing twice', async () => {
		api.sandbox.setFault({ route: 'POST /v2/versions', type: 'resetAfter', after: 1, times: 1 });
		const items = [{ n: 1 }, { n: 2 }, { n: 3 }];
		const result = await run(introCreate, {
			items,
			nodeSettings: { onError: 'continueRegularOutput' },
		});

		expect(result.error).toBeUndefined();
		const output = result.outputs.Storydoc;
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json.versionId).toBeDefined();
		expect(output[1].json).toEqual({
			error: 'The version may exist (connection reset); not resent, to avoid a duplicate',
			description: expect.stringMatching(/^Storydoc may have processed the request/),
		});
		expect(output[2].json.versionId).toBeDefined();
		expect(requestLines(api.sandbox)).toEqual([
			'POST /v2/versions',
			'POST /v2/versions',
			'POST /v2/versions',
		]);
		// Item 2 was processed before the reset: three versions, each made once.
		expect(apiVersions()).toHaveLength(3);
	});
});

test('a refused connection sent nothing, so even a write is tried again', async () => {
	const sandbox = createSandbox();
	const url = await sandbox.start(0, '127.0.0.1');
	const port = Number(new URL(url).port);
	await sandbox.close();
	const credentials = credentialsFor({ baseUrl: url, token: sandbox.tokens.team });

	const pending = runWorkflow(storydocWorkflow(introCreate), { credentials });
	await sleep(700);
	const revived = createSandbox();
	await revived.start(port, '127.0.0.1');
	try {
		const result = await pending;
		expect(result.error).toBeUndefined();
		expect(result.outputs.Storydoc[0].json.versionId).toBeDefined();
		expect(revived.log.map((entry: Json) => `${entry.method} ${entry.status}`)).toEqual([
			'POST 200',
		]);
	} finally {
		await revived.close();
	}
});
