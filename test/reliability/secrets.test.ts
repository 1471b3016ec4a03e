/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- made-up secrets: the test checks that they never show */
/**
 * No secret leaks: the access token and a version's password run through success, API errors,
 * faults, bad input, Continue On Fail, the credential test and the trigger; every output item, error
 * (message, description, stack, context and whatever else the error object carries, except the node
 * definition the user wrote) and every log line captured from n8n's logger is scanned for both.
 * The second part walks everything deeply (non-enumerable error fields, causes, the errors that
 * failed items carry on n8n's error output) with the password coming from workflow data, so there
 * the node definition is scanned too.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Json, StorydocWorkflowOptions, TriggerNode, WorkflowRun } from '../harness/n8n';
import {
	capturedLogs,
	credentialsFor,
	runPoll,
	runWorkflow,
	storydocWorkflow,
	testCredential,
} from '../harness/n8n';
import { useSandbox } from '../harness/sandbox';
import type { FaultRule } from '../harness/sandbox';
import { SEED, locator, createParameters, updateParameters } from '../harness/versionFixtures';

/** A workflow's options, and the token its credentials carry (the seed's team token when absent). */
interface RunOptions extends StorydocWorkflowOptions {
	token?: string;
}

const api = useSandbox({ rateLimit: { max: 100000 } });
const PASSWORD = 'Pw-Secret-4242-never-shown';
const WRONG_TOKEN = 'sd_live_wrong_0f1e2d3c4b5a69788796a5b4';
const LIVE = SEED.versions.live.id;
const EDITED = SEED.versions.edited.id;
const withPassword = { additionalFields: { password: PASSWORD } };

/**
 * Everything a user or an operator can see of a run: the node's output items, its error and n8n's log
 * lines. Left out is the node definition that n8n attaches to errors (its parameters are what the user
 * wrote in the workflow, a typed password included; n8n stores them with the workflow anyway).
 */
const withoutNodeDefinition = (key: string, value: unknown) =>
	key === 'node' && value && typeof value === 'object' ? undefined : value;
function visible({ outputs = {}, error }: { outputs?: Json; error?: Json } = {}) {
	const errorParts = error
		? JSON.stringify(
				{ ...error, message: error.message, description: error.description, stack: error.stack },
				withoutNodeDefinition,
			)
		: '';
	return `${JSON.stringify(outputs.Storydoc ?? outputs)}\n${errorParts}\n${JSON.stringify(capturedLogs, withoutNodeDefinition)}`;
}

function expectNoSecrets(text: string, token: string = api.sandbox.tokens.team) {
	expect(text).not.toContain(token);
	expect(text).not.toContain(PASSWORD);
	// A token or password split across words would also be a leak: look for a recognizable piece.
	expect(text).not.toContain(token.slice(-12));
	expect(text).not.toContain(PASSWORD.slice(-12));
}

const cof: RunOptions = { nodeSettings: { onError: 'continueRegularOutput' } };
const run = (parameters: INodeParameters, { token, ...options }: RunOptions = {}) =>
	runWorkflow(storydocWorkflow(parameters, options), {
		credentials: token ? credentialsFor({ baseUrl: api.url, token }) : api.credentials(),
	});

/** [scenario, how to set up the sandbox, node parameters, workflow options] */
const SCENARIOS: Array<
	[scenario: string, fault: FaultRule | null, parameters: INodeParameters, options: RunOptions]
> = [
	['create with a password', null, createParameters(withPassword), {}],
	[
		'get of that version (the API never returns the password)',
		null,
		{ resource: 'version', operation: 'get', versionId: locator(LIVE) },
		{},
	],
	[
		'update with a password',
		null,
		updateParameters(LIVE, { title: 'Renewal', ...withPassword }),
		{},
	],
	[
		'update of an edited version (API 400)',
		null,
		updateParameters(EDITED, { title: 'Renewal', ...withPassword }),
		{},
	],
	[
		'create after a 500 once processed (unknown outcome)',
		{ route: 'POST /v2/versions', type: 'status500', processed: true },
		createParameters(withPassword),
		{},
	],
	[
		'create after a reset (unknown outcome)',
		{ route: 'POST /v2/versions', type: 'resetAfter' },
		createParameters(withPassword),
		cof,
	],
	[
		'create with a hang past the timeout',
		{ route: 'POST /v2/versions', type: 'hang' },
		createParameters({ ...withPassword, requestOptions: { timeout: 1 } }),
		{},
	],
	[
		'create answered with invalid JSON',
		{ route: 'POST /v2/versions', type: 'invalidJson' },
		createParameters(withPassword),
		cof,
	],
	[
		'create with a 429 burst',
		{ route: 'POST /v2/versions', type: 'status429', times: 2 },
		createParameters(withPassword),
		{},
	],
	[
		'bad input: Extra Data JSON holding the password',
		null,
		createParameters({
			additionalFields: { password: PASSWORD, extraData: `{"pin": "${PASSWORD}", oops}` },
		}),
		{},
	],
	[
		'bad input with Continue On Fail',
		null,
		createParameters({ ...withPassword, senderEmail: '={{ "sam at acme" }}' }),
		cof,
	],
	[
		'unknown sender (API 400)',
		null,
		createParameters({ ...withPassword, senderEmail: 'nobody@acme.test' }),
		cof,
	],
	['a wrong token', null, { resource: 'account', operation: 'get' }, { token: WRONG_TOKEN }],
	[
		'a wrong token, Continue On Fail',
		null,
		createParameters(withPassword),
		{ token: WRONG_TOKEN, ...cof },
	],
	[
		'analytics without the Team plan',
		null,
		{
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom: '2026-01-01T00:00:00Z',
			dateTo: '2026-01-02T00:00:00Z',
		},
		{ token: 'pro' },
	],
	[
		'a story read that keeps failing',
		{ route: 'GET /v2/stories/:id', type: 'status503', html: true, times: Infinity },
		{ resource: 'story', operation: 'get', storyId: locator(SEED.stories.intro.id) },
		{},
	],
];

beforeEach(() => {
	api.sandbox.reset();
	capturedLogs.length = 0;
});

test.each(SCENARIOS)(
	'%s: neither the token nor the password shows',
	async (_label, fault, parameters, options) => {
		if (fault) api.sandbox.setFault({ times: 1, ...fault });
		const token = options.token === 'pro' ? api.sandbox.tokens.pro : options.token;
		const result = await run(parameters, { ...options, token });
		expectNoSecrets(visible(result), token ?? api.sandbox.tokens.team);
		// The password did reach the API where the user set it (so the scan above is meaningful).
		const sentWithPassword = api.sandbox.log.some((entry: Json) =>
			JSON.stringify(entry.body ?? '').includes(PASSWORD),
		);
		if (
			parameters.resource === 'version' &&
			parameters.operation !== 'get' &&
			!options.token &&
			!/bad input/.test(_label)
		) {
			expect(sentWithPassword).toBe(true);
		}
	},
);

test('the credential test with a wrong token: neither the token nor the response carries it', async () => {
	const result = await testCredential({ accessToken: WRONG_TOKEN, baseUrl: api.url });
	expect(result.status).toBe('Error');
	expectNoSecrets(JSON.stringify(result) + JSON.stringify(capturedLogs), WRONG_TOKEN);
});

test('the trigger: a refused poll and a manual run show no token', async () => {
	const node: TriggerNode = {
		name: 'Storydoc Trigger',
		type: 'n8n-nodes-storydoc.storydocTrigger',
		parameters: {},
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	};
	const manual = await runPoll(node, { credentials: api.credentials(), mode: 'manual' });
	const refused = await runPoll(node, {
		credentials: credentialsFor({ baseUrl: api.url, token: WRONG_TOKEN }),
	}).catch((error: Json) => error);
	expect(refused.message).toBe('Access denied');
	expectNoSecrets(visible({ outputs: manual.items }));
	expectNoSecrets(visible({ error: refused }), WRONG_TOKEN);
});

/**
 * Everything of the Storydoc node a user, an operator or a stored execution holds, walked deeply:
 * every output of every run (n8n's error output included, with the error object each failed item
 * carries there), the run's error, and the captured log lines. Error objects are read whole: their
 * message, description and stack are not enumerable, and a cause can hide another error.
 * With `withNodeDefinition` false the node definition n8n attaches to errors is left out (see above).
 */
function deepText(
	value: unknown,
	{ withNodeDefinition = true }: { withNodeDefinition?: boolean } = {},
): string {
	const seen = new Set<object>();
	const parts: string[] = [];
	const walk = (node: unknown, key: string) => {
		if (node === null || node === undefined) return;
		if (typeof node !== 'object') {
			parts.push(String(node));
			return;
		}
		if (seen.has(node)) return;
		seen.add(node);
		if (!withNodeDefinition && key === 'node') return;
		for (const name of Object.getOwnPropertyNames(node)) {
			let child: unknown;
			try {
				// Any object's own property, read by name (a getter may throw).
				child = (node as Record<string, unknown>)[name];
			} catch {
				continue;
			}
			if (typeof child === 'function') continue;
			parts.push(name);
			walk(child, name);
		}
	};
	walk(value, '');
	return parts.join('\n');
}

function storydocEverything(result: WorkflowRun, options?: { withNodeDefinition?: boolean }) {
	const taskData = result.run?.data?.resultData?.runData?.Storydoc ?? [];
	return deepText({ taskData, error: result.error, logs: capturedLogs }, options);
}

describe('deep scan, Continue On Fail with the error output too, the password from workflow data', () => {
	// The password comes from the input item, as from a CRM: the node's own parameters then hold only
	// the expression, so even the node definition n8n attaches to errors must not show it.
	const records = [
		{ company: 'Globex', pin: PASSWORD },
		{ company: 'Initech', pin: PASSWORD },
	];
	const fromData = {
		additionalFields: { password: '={{ $json.pin }}' },
		title: '={{ $json.company }}',
		requestOptions: { timeout: 1 },
	};
	const create = createParameters({ ...fromData, storyId: locator(SEED.stories.intro.id) });
	const update = updateParameters(LIVE, fromData);
	const errorOutput: RunOptions = {
		items: records,
		nodeSettings: { onError: 'continueErrorOutput' },
	};
	const regularOutput: RunOptions = {
		items: records,
		nodeSettings: { onError: 'continueRegularOutput' },
	};
	const stop: RunOptions = { items: records };

	const CASES: Array<
		[scenario: string, fault: FaultRule | null, parameters: INodeParameters, options: RunOptions]
	> = [];
	const FAULTS: Array<[string, Omit<FaultRule, 'route'>]> = [
		['500 once processed', { type: 'status500', processed: true }],
		['reset after processing', { type: 'resetAfter' }],
		['a hang past the timeout', { type: 'hang' }],
		['a 200 with broken JSON', { type: 'invalidJson' }],
		['502 as an HTML page', { type: 'status502', html: true }],
		['a 429 burst', { type: 'status429', times: 2 }],
	];
	for (const [operation, parameters, route] of [
		['create', create, 'POST /v2/versions'],
		['update', update, 'POST /v2/versions/:id'],
	] as const) {
		for (const [fault, rule] of FAULTS) {
			for (const [mode, options] of [
				['error output', errorOutput],
				['regular output', regularOutput],
				['Continue On Fail off', stop],
			] as const) {
				CASES.push([
					`${operation}, ${fault}, ${mode}`,
					{ route, times: 1, ...rule },
					parameters,
					options,
				]);
			}
		}
	}
	CASES.push(
		[
			'update of an edited version (API 400), error output',
			null,
			updateParameters(EDITED, fromData),
			errorOutput,
		],
		[
			'create with a bad sender (bad input), error output',
			null,
			{ ...create, senderEmail: '={{ $json.company }}' },
			errorOutput,
		],
		[
			'create with a bad sender (bad input), Continue On Fail off',
			null,
			{ ...create, senderEmail: '={{ $json.company }}' },
			stop,
		],
		['create, every item fine', null, create, stop],
	);

	test('the deep scan finds a secret hidden in an error cause, a non-enumerable stack or an item error', () => {
		const hidden = new Error('outer', { cause: new Error(`inner ${PASSWORD}`) });
		expect(
			deepText({ taskData: [{ data: { main: [[], [{ json: {}, error: hidden }]] } }] }),
		).toContain(PASSWORD);
		const stacked = new Error('plain');
		Object.defineProperty(stacked, 'stack', { value: `Error: ${PASSWORD}`, enumerable: false });
		expect(deepText(stacked)).toContain(PASSWORD);
		expect(
			deepText({ node: { parameters: { password: PASSWORD } } }, { withNodeDefinition: false }),
		).not.toContain(PASSWORD);
	});

	test.each(CASES)(
		'%s: neither the token nor the password anywhere, node definition included',
		async (_label, fault, parameters, options) => {
			if (fault) api.sandbox.setFault(fault);
			const result = await run(parameters, options);
			expectNoSecrets(storydocEverything(result));
			// The password did go to the API (where it belongs) unless the input was refused before sending.
			if (!/bad input/.test(_label)) {
				expect(api.sandbox.log.some((entry: Json) => entry.body?.data?.password === PASSWORD)).toBe(
					true,
				);
			}
			if (options === errorOutput && fault && fault.type !== 'status429') {
				// The scan did cover error objects on the error output.
				const failed = result.run.data.resultData.runData.Storydoc[0].data!.main[1]!;
				expect(failed.length).toBeGreaterThan(0);
				expect(failed[0].error).toBeDefined();
			}
		},
	);

	test('a wrong token through every operation with the error output: the token nowhere, node definition included', async () => {
		const token = WRONG_TOKEN;
		const operations: INodeParameters[] = [
			create,
			update,
			{ resource: 'version', operation: 'get', versionId: locator(LIVE) },
			{ resource: 'story', operation: 'get', storyId: locator(SEED.stories.intro.id) },
			{ resource: 'story', operation: 'getAll' },
			{ resource: 'account', operation: 'get' },
			{
				resource: 'analytics',
				operation: 'getEvents',
				dateFrom: '2026-01-01T00:00:00Z',
				dateTo: '2026-01-02T00:00:00Z',
			},
		];
		for (const parameters of operations) {
			const result = await run(parameters, { ...errorOutput, token });
			const failed = result.run.data.resultData.runData.Storydoc[0].data!.main[1]!;
			expect(failed.map((item) => item.json.error)).toEqual(['Access denied', 'Access denied']);
			expectNoSecrets(storydocEverything(result), token);
		}
	});

	test('a Base URL that is not http(s): the node and the credential test refuse it, nothing is sent, no token', async () => {
		const port = new URL(api.url).port;
		for (const baseUrl of [
			`ftp://127.0.0.1:${port}`,
			'file:///etc/passwd',
			`127.0.0.1:${port}`,
			`//127.0.0.1:${port}`,
			'javascript:alert(1)',
		]) {
			api.sandbox.clearLog();
			capturedLogs.length = 0;
			const result = await runWorkflow(
				storydocWorkflow({ resource: 'account', operation: 'get' }),
				{
					credentials: credentialsFor({ baseUrl, token: WRONG_TOKEN }),
				},
			);
			expect(result.error.message).toBe(
				'The Base URL of the Storydoc credential must start with http:// or https://',
			);
			const tested = await testCredential({ accessToken: WRONG_TOKEN, baseUrl });
			expect(tested.status).toBe('Error');
			expect(api.sandbox.log).toEqual([]);
			expectNoSecrets(
				storydocEverything(result, { withNodeDefinition: false }) + JSON.stringify(tested),
				WRONG_TOKEN,
			);
		}
	});
});
