/**
 * The fault matrix: every fault the sandbox injects × every operation of the node, with Continue On
 * Fail off and on, through n8n's engine. Each run is checked for what a user relies on, whatever the
 * fault: every input item is accounted for (its output, an error item paired to it, or a node error
 * naming it), no version exists twice, no create or update was resent after an unknown outcome, and
 * no token leaked. What each cell must output follows from the one retry policy (docs/reliability.md): reads retry and succeed; writes with an unknown outcome fail their item saying so;
 * 429s and slow answers are waited out. How long those waits take is bounded in virtual time, where
 * a busy machine cannot stretch it: test/nodes/Storydoc/transport/request.waits.unit.test.ts.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Json } from '../harness/n8n';
import { capturedLogs, pairedIndex, runWorkflow, storydocWorkflow } from '../harness/n8n';
import { useSandbox } from '../harness/sandbox';
import type { FaultRule as SandboxFaultRule } from '../harness/sandbox';
import { SEED, locator, createParameters, updateParameters } from '../harness/versionFixtures';
import { DAY_MS } from '../../sandbox/dates';

const api = useSandbox({
	rateLimit: { max: 100000 },
	events: 400,
	eventSpanDays: 60,
	analyticsPageSize: 50,
});
const INTRO = SEED.stories.intro.id;
const LIVE = SEED.versions.live.id;
const TITLE = 'Proposal for the fault matrix';
const timeout = { requestOptions: { timeout: 1 } };

/** An operation of the node: its parameters, the route its fault goes to, and whether it writes. */
interface OperationSpec {
	/** Parameters, or a function giving them when they depend on the clock. */
	params: INodeParameters | (() => INodeParameters);
	route: string;
	write?: boolean;
	/** Requests let through before the fault. */
	after?: number;
	/** Input items per run (2 unless set). */
	items?: number;
}

/** A sandbox fault rule without its route. */
type FaultRule = Omit<SandboxFaultRule, 'route'>;

/** Every operation, where its fault goes (`after`: requests let through first), and whether it writes. */
const OPERATIONS: Array<[string, OperationSpec]> = [
	[
		'Version › Create',
		{
			params: createParameters({ storyId: locator(INTRO), title: TITLE, ...timeout }),
			route: 'POST /v2/versions',
			write: true,
		},
	],
	[
		'Version › Update',
		{
			params: updateParameters(LIVE, { title: TITLE, ...timeout }),
			route: 'POST /v2/versions/:id',
			write: true,
		},
	],
	[
		'Story › Generate',
		{
			params: {
				resource: 'story',
				operation: 'generate',
				prompt: TITLE,
				senderEmail: SEED.users.sam.email,
				...timeout,
			},
			route: 'POST /v2/stories/generate',
			write: true,
		},
	],
	[
		'Version › Get',
		{
			params: { resource: 'version', operation: 'get', versionId: locator(LIVE), ...timeout },
			route: 'GET /v2/versions/:id',
		},
	],
	[
		'Story › Get',
		{
			params: { resource: 'story', operation: 'get', storyId: locator(INTRO), ...timeout },
			route: 'GET /v2/stories/:id',
		},
	],
	[
		'Story › Get Many',
		{
			params: { resource: 'story', operation: 'getAll', returnAll: true, ...timeout },
			route: 'GET /v2/stories',
		},
	],
	[
		'Account › Get',
		{ params: { resource: 'account', operation: 'get', ...timeout }, route: 'GET /v2/account' },
	],
	[
		'Analytics › Get Events, fault on page 2',
		{
			params: () => ({
				resource: 'analytics',
				operation: 'getEvents',
				dateFrom: new Date(Date.now() - 30 * DAY_MS).toISOString(),
				dateTo: new Date().toISOString(),
				returnAll: true,
				...timeout,
			}),
			route: 'GET /v2/analytics/events',
			after: 1,
			items: 1,
		},
	],
];

const operationSpec = (name: string) => OPERATIONS.find(([operation]) => operation === name)![1];

const FAULTS = [
	['500 with an error ID', { type: 'status500' }],
	['500 after processing', { type: 'status500', processed: true }],
	['502', { type: 'status502' }],
	['502 as an HTML page', { type: 'status502', html: true }],
	['503', { type: 'status503' }],
	['503 as an HTML page', { type: 'status503', html: true }],
	['200 with invalid JSON', { type: 'invalidJson' }],
	['a burst of 429s', { type: 'status429', times: 3 }],
	['reset before processing', { type: 'resetBefore' }],
	['reset after processing', { type: 'resetAfter' }],
	['a hang (Timeout 1 s)', { type: 'hang' }],
	['a slow answer within the timeout', { type: 'slow', delayMs: 300 }],
] as const satisfies ReadonlyArray<readonly [string, FaultRule]>;
type Fault = (typeof FAULTS)[number][1];
/** The node's timeout for the slow answer "within the timeout" (300 ms late). */
const SLOW_TIMEOUT_SECONDS = 120;
/** How each write says its outcome is unknown. */
const UNKNOWN_OUTCOME_MESSAGES: Record<string, RegExp> = {
	'POST /v2/versions': /^The version may exist /,
	'POST /v2/versions/:id': /^The update may have been applied /,
	'POST /v2/stories/generate': /^A story may have been generated /,
};
/** Faults after which the node knows the API did not process the request (or processed it once and said so). */
const OUTCOME_KNOWN = new Set<string>(['status429', 'slow']);

type Case = [
	operation: string,
	fault: string,
	cof: 'on' | 'off',
	spec: OperationSpec,
	rule: Fault,
	continueOnFail: boolean,
];
const CASES: Case[] = [];
for (const [operation, spec] of OPERATIONS) {
	for (const [fault, rule] of FAULTS) {
		for (const continueOnFail of [false, true])
			CASES.push([operation, fault, continueOnFail ? 'on' : 'off', spec, rule, continueOnFail]);
	}
}

const parametersOf = (spec: OperationSpec) =>
	typeof spec.params === 'function' ? spec.params() : spec.params;
const itemsOf = (spec: OperationSpec, count = spec.items ?? 2): IDataObject[] =>
	Array.from({ length: count }, (_, n) => ({ record: n + 1 }));
const apiVersionsMade = () =>
	api.sandbox.state.versions.filter(
		(version: Json) => version.source === 'API' && version.data?.title === TITLE,
	);

/**
 * `itemCount`: items other than the spec's. `withinTimeout`: a timeout no slow answer can reach
 * however busy the machine (the others keep 1 s, so that a hang costs little).
 */
async function run(
	spec: OperationSpec,
	continueOnFail: boolean,
	{ itemCount, withinTimeout = false }: { itemCount?: number; withinTimeout?: boolean } = {},
) {
	const nodeSettings: Partial<INode> = continueOnFail ? { onError: 'continueRegularOutput' } : {};
	const parameters = { ...parametersOf(spec) };
	if (withinTimeout)
		parameters.requestOptions = {
			...(parameters.requestOptions as IDataObject),
			timeout: SLOW_TIMEOUT_SECONDS,
		};
	return await runWorkflow(
		storydocWorkflow(parameters, { items: itemsOf(spec, itemCount), nodeSettings }),
		{
			credentials: api.credentials(),
		},
	);
}

/** What the node outputs for one item of this operation when nothing goes wrong (seed dates follow the clock: taken per test). */
async function baseline(spec: OperationSpec): Promise<Json[]> {
	const { outputs, error } = await run(spec, false, { itemCount: 1 });
	expect(error).toBeUndefined();
	return outputs.Storydoc.map((item) => item.json);
}

beforeEach(() => {
	capturedLogs.length = 0;
});

test.each(CASES)(
	'%s × %s, Continue On Fail %s',
	async (_operation, _fault, _cof, spec, rule, continueOnFail) => {
		api.sandbox.reset();
		const expected: Json = spec.write ? undefined : await baseline(spec);
		api.sandbox.clearLog();
		api.sandbox.setFault({ route: spec.route, times: 1, after: spec.after ?? 0, ...rule });
		const items = itemsOf(spec);
		const result = await run(spec, continueOnFail, { withinTimeout: rule.type === 'slow' });
		const output = result.outputs.Storydoc ?? [];
		const unknownOutcome = spec.write && !OUTCOME_KNOWN.has(rule.type);

		// Every input item is accounted for.
		if (result.error) {
			expect(continueOnFail).toBe(false);
			expect(result.error.context.itemIndex).toBe(0);
			expect(output).toEqual([]);
		} else {
			const paired = new Set(output.map((item) => pairedIndex(item)));
			expect([...paired].sort()).toEqual(items.map((_, index) => index));
		}

		// What the cell must give.
		if (unknownOutcome) {
			const message = UNKNOWN_OUTCOME_MESSAGES[spec.route];
			const failure = continueOnFail ? output[0].json : result.error;
			expect(failure.error ?? failure.message).toMatch(message);
			if (rule.type === 'status500')
				expect(failure.error ?? failure.message).toMatch(/error ID [0-9a-f-]{36}/);
			if (continueOnFail) expect(output[1].json.error).toBeUndefined();
		} else if (spec.write) {
			expect(result.error).toBeUndefined();
			expect(output.every((item) => item.json.versionId && !item.json.error)).toBe(true);
		} else {
			expect(result.error).toBeUndefined();
			const perItem = expected.length;
			expect(output).toHaveLength(perItem * items.length);
			for (let index = 0; index < items.length; index++) {
				expect(
					output.slice(index * perItem, (index + 1) * perItem).map((item) => item.json),
				).toEqual(expected);
			}
		}

		// Writes: never resent after an unknown outcome; no version made twice.
		const writes = api.sandbox.log.filter((entry: Json) => entry.method === 'POST');
		if (spec.write) {
			const attempted = result.error ? 1 : items.length;
			const resentAfter429 = rule.type === 'status429' ? rule.times : 0;
			expect(writes).toHaveLength(attempted + resentAfter429);
			if (spec.route === 'POST /v2/stories/generate') {
				// A processed generation ends as a story even when its answer was lost: at most one per item.
				await sleep(rule.type === 'slow' ? 400 : 50);
				const made = api.sandbox.state.stories.filter((story: Json) => story.title === TITLE);
				expect(made.length).toBeLessThanOrEqual(attempted);
				for (const item of output.filter((entry) => entry.json.pageId)) {
					expect(made.map((story: Json) => story.id)).toContain(item.json.pageId);
				}
			}
			if (spec.route === 'POST /v2/versions') {
				// A processed request ends as a version even when its answer was lost: at most one per item.
				await sleep(rule.type === 'slow' ? 400 : 50);
				const made = apiVersionsMade();
				expect(new Set(made.map((version: Json) => version.id)).size).toBe(made.length);
				expect(made.length).toBeLessThanOrEqual(attempted);
				for (const item of output.filter((entry) => entry.json.versionId)) {
					expect(made.map((version: Json) => version.id)).toContain(item.json.versionId);
				}
			}
		} else {
			expect(writes).toHaveLength(0);
		}

		// No secret anywhere.
		const token = api.sandbox.tokens.team;
		expect(JSON.stringify(result.run)).not.toContain(token);
		expect(JSON.stringify(capturedLogs)).not.toContain(token);
	},
);

describe('a read that keeps failing is bounded and still accounts for every item', () => {
	test.each<[string, OperationSpec]>([
		['Account › Get', operationSpec('Account › Get')],
		[
			'Analytics › Get Events, page 2 failing',
			operationSpec('Analytics › Get Events, fault on page 2'),
		],
	])('%s', async (_label, spec) => {
		for (const continueOnFail of [false, true]) {
			api.sandbox.reset();
			api.sandbox.setFault({
				route: spec.route,
				type: 'status503',
				html: true,
				times: Infinity,
				after: spec.after ?? 0,
			});
			const result = await run(spec, continueOnFail, { itemCount: 1 });
			// Each request is tried 5 times at most (pages fetched in parallel each on their own).
			const triesPerRequest = new Map<string, number>();
			for (const entry of api.sandbox.log.filter((logged: Json) => logged.fault)) {
				const key = JSON.stringify(entry.query);
				triesPerRequest.set(key, (triesPerRequest.get(key) ?? 0) + 1);
			}
			expect(Math.max(...triesPerRequest.values())).toBe(5);
			if (continueOnFail) {
				expect(result.error).toBeUndefined();
				// The item fails as a whole: no partial list of events passes for a complete one.
				expect(result.outputs.Storydoc).toEqual([
					{
						json: {
							error: expect.any(String),
							description: expect.stringMatching(/tried 5 times/),
							httpCode: '503',
						},
						pairedItem: { item: 0 },
					},
				]);
			} else {
				expect(result.error.httpCode).toBe('503');
				expect(result.error.context.itemIndex).toBe(0);
				expect(result.error.description).toMatch(/tried 5 times/);
			}
		}
	});
});
