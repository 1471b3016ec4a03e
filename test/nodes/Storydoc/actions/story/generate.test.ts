/**
 * Story › Generate through n8n's engine against the sandbox: the body Storydoc's reference
 * describes, one item per input item, the generated story used by Version › Create, bad input
 * refused before any request, the API's 400s, the long default timeout, and never a second
 * generation for one item (unknown outcomes, Retry On Fail).
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { createSandbox } from '../../../../../sandbox/server';
import { workflowIssuesRefusal } from '../../../../harness/engineLine';
import type { Json, TestWorkflow } from '../../../../harness/n8n';
import { NODE_TYPE, loadPackage, runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';
import type { WorkerJob } from '../../../../reliability/helpers/runWorker';
import { runWorker } from '../../../../reliability/helpers/runWorker';
import { SEED, locator, requestLines } from '../../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
const SENDER = SEED.users.sam.email;

beforeEach(() => api.sandbox.reset());

const generate = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'story',
	operation: 'generate',
	prompt: 'A one-pager on faster reporting for the CFO of {{company}}',
	senderEmail: SENDER,
	...extra,
});
const run = (parameters: INodeParameters, items?: IDataObject[], nodeSettings?: Partial<INode>) =>
	runWorkflow(storydocWorkflow(parameters, { items, nodeSettings }), {
		credentials: api.credentials(),
	});
const generateRequests = (): Json[] =>
	api.sandbox.log.filter((entry) => entry.path === '/v2/stories/generate');

describe('Story › Generate', () => {
	test('sends the documented body, outputs the answer as it comes, one item per input item, paired', async () => {
		const leads = [
			{ company: 'Globex', website: 'https://globex.example/about' },
			{ company: 'Initech', website: 'initech.example' },
		];
		const { outputs, error } = await run(
			generate({
				prompt: '=A one-pager for {{ $json.company }}: how we cut their reporting time',
				company: '={{ $json.company }}',
				website: '={{ $json.website }}',
			}),
			leads,
		);
		expect(error).toBeUndefined();
		expect(generateRequests().map((entry) => entry.body)).toEqual(
			leads.map((lead) => ({
				prompt: `A one-pager for ${lead.company}: how we cut their reporting time`,
				senderEmail: SENDER,
				company: lead.company,
				website: lead.website,
			})),
		);
		expect(outputs.Storydoc.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		for (const item of outputs.Storydoc) {
			expect(Object.keys(item.json).sort()).toEqual([
				'editorUrl',
				'pageId',
				'shortUrl',
				'url',
				'versionId',
			]);
			const story = api.sandbox.state.stories.find(
				(candidate: Json) => candidate.id === item.json.pageId,
			);
			expect(story).toMatchObject({ status: 'Live' });
		}
	});

	test('Presentation Type goes under the documented key "presentation type" only when set', async () => {
		await run(generate({ presentationType: 'Pitch deck' }));
		await run(generate({ presentationType: '' }));
		const [withType, withoutType] = generateRequests().map((entry) => entry.body);
		expect(withType['presentation type']).toBe('Pitch deck');
		expect(withoutType).not.toHaveProperty('presentation type');
		expect(Object.keys(withoutType).sort()).toEqual(['prompt', 'senderEmail']);
	});

	test('the generated story is Live: Story › Get Many lists it and Version › Create personalizes it by its pageId', async () => {
		const workflow = storydocWorkflow(generate({ company: 'Globex' }), {
			items: [{ company: 'Globex', first_name: 'Hank' }],
		});
		const personalize: INode = {
			...workflow.nodes[workflow.nodes.length - 1],
			id: 'personalize',
			name: 'Personalize',
			position: [600, 0],
			parameters: {
				resource: 'version',
				operation: 'create',
				storyId: locator('={{ $json.pageId }}', 'id'),
				senderEmail: SENDER,
				title: "=Proposal for {{ $('Records').item.json.company }}",
			},
		};
		const chained: TestWorkflow = {
			...workflow,
			nodes: [...workflow.nodes, personalize],
			connections: {
				...workflow.connections,
				Storydoc: { main: [[{ node: 'Personalize', type: 'main', index: 0 }]] },
			},
		};
		const { outputs, error } = await runWorkflow(chained, { credentials: api.credentials() });
		expect(error).toBeUndefined();
		const pageId = outputs.Storydoc[0].json.pageId;
		expect(requestLines(api.sandbox)).toEqual(['POST /v2/stories/generate', 'POST /v2/versions']);
		expect(api.sandbox.log[1].body).toMatchObject({
			storyId: pageId,
			data: { title: 'Proposal for Globex' },
		});
		const version = outputs.Personalize[0].json;
		expect(version.editorUrl).toBe(
			`https://app.storydoc.com/pages/editor/${pageId}/${version.versionId}`,
		);

		const listed = await run({
			resource: 'story',
			operation: 'getAll',
			returnAll: true,
			filters: { status: 'Live' },
		});
		expect(listed.outputs.Storydoc.map((item) => item.json.id)).toContain(pageId);
	});

	test.each([
		['an empty Prompt (from an expression)', { prompt: '={{ "" }}' }, 'Item 0: "Prompt" is empty'],
		['a Prompt of spaces and line breaks', { prompt: '  \n\t ' }, 'Item 0: "Prompt" is empty'],
		[
			'a Sender Email that is not an email',
			{ senderEmail: 'sam at acme' },
			'Item 0: "Sender Email" is not a valid email address',
		],
		[
			'no Sender Email (from an expression)',
			{ senderEmail: '={{ $json.missing }}' },
			'Item 0: "Sender Email" is required',
		],
		[
			'a Website that is neither a domain nor an http(s) address',
			{ website: 'acme' },
			'Item 0: "Website" is neither a domain nor an http(s) address',
		],
		[
			'a Website with another scheme',
			{ website: 'ftp://acme.com' },
			'Item 0: "Website" is neither a domain nor an http(s) address',
		],
	])(
		'%s is refused before any request, naming the item and the field',
		async (_label, extra, message) => {
			const { error } = await run(generate(extra));
			expect(error.message).toBe(message);
			expect(error.context.itemIndex).toBe(0);
			expect(api.sandbox.log).toEqual([]);
		},
	);

	test.each([
		['Prompt', { prompt: '' }],
		['Sender Email', { senderEmail: '' }],
	])(
		'a fixed empty %s never runs: n8n itself reports the required parameter',
		async (field, extra) => {
			await expect(run(generate(extra))).rejects.toThrow(
				workflowIssuesRefusal(`Parameter "${field}" is required`),
			);
			expect(api.sandbox.log).toEqual([]);
		},
	);

	test('bad input on the second item: the node fails naming it before any generation, the first included', async () => {
		const { error } = await run(generate({ prompt: '={{ $json.prompt }}' }), [
			{ prompt: 'A deck for Globex' },
			{ prompt: ' ' },
		]);
		expect(error.message).toBe('Item 1: "Prompt" is empty');
		expect(generateRequests()).toHaveLength(0);
	});

	test.each([
		[
			'a sender who is no user of the organization',
			{ senderEmail: 'nobody@acme.test' },
			'senderEmail nobody@acme.test not found in this organization',
		],
		[
			'a presentation type Storydoc does not support',
			{ presentationType: 'Haiku' },
			/^presentation type must be one of /,
		],
	])("%s: the API's 400 with its own text, nothing generated", async (_label, extra, message) => {
		const { error } = await run(generate(extra));
		expect(error.message).toMatch(message);
		expect(error.httpCode).toBe('400');
		expect(api.sandbox.state.stories).toHaveLength(Object.keys(SEED.stories).length);
	});

	test('Request Options shows a Timeout of 180 s and 10 Items in Parallel for Generate (30 s elsewhere; 150 for versions, 50 for the rest)', async () => {
		const { types } = await loadPackage();
		const properties = (types.get(NODE_TYPE) as Json).description.properties as Json[];
		const options = properties.filter((property) => property.name === 'requestOptions');
		const forGenerate = options.find((property) =>
			property.displayOptions?.show?.operation?.includes('generate'),
		);
		const forOthers = options.find((property) =>
			property.displayOptions?.hide?.operation?.includes('generate'),
		);
		const forVersions = options.find((property) =>
			property.displayOptions?.show?.resource?.includes('version'),
		);
		expect(options).toHaveLength(3);
		expect(forOthers.displayOptions.hide.resource).toEqual(['version']);
		const option = (collection: Json, name: string) =>
			collection.options.find((property: Json) => property.name === name).default;
		expect(forGenerate.default).toEqual({ timeout: 180 });
		expect(option(forGenerate, 'timeout')).toBe(180);
		expect(option(forOthers, 'timeout')).toBe(30);
		expect(option(forGenerate, 'itemsInParallel')).toBe(10);
		expect(option(forOthers, 'itemsInParallel')).toBe(50);
		expect(option(forVersions, 'itemsInParallel')).toBe(150);
		expect(option(forVersions, 'timeout')).toBe(30);
	});

	test('a generation slower than the 30 s other requests wait for still succeeds with the default timeout', async () => {
		api.sandbox.setFault({
			route: 'POST /v2/stories/generate',
			type: 'slow',
			delayMs: 31_000,
			times: 1,
		});
		const { outputs, error } = await run(generate());
		expect(error).toBeUndefined();
		expect(outputs.Storydoc[0].json.pageId).toMatch(/^[0-9a-f]{24}$/);
	});

	test('a timeout is not resent: the item fails saying a story may have been generated and where to look', async () => {
		api.sandbox.setFault({ route: 'POST /v2/stories/generate', type: 'hang', times: 1 });
		const { error } = await run(generate({ requestOptions: { timeout: 1 } }));
		expect(error.message).toBe(
			'A story may have been generated (Storydoc did not answer within 1 s); not resent, to avoid a duplicate',
		);
		expect(error.description).toMatch(/Story › Get Many with Status Live lists it/);
		expect(generateRequests()).toHaveLength(1);
	});

	test('Retry On Fail replays a generated answer without a request, and never resends an unknown outcome', async () => {
		api.sandbox.setFault({
			route: 'POST /v2/stories/generate',
			type: 'status500',
			times: 1,
			after: 1,
		});
		const { outputs, error } = await run(
			generate({ prompt: '={{ $json.prompt }}' }),
			[
				{ prompt: 'A deck for Globex' },
				{ prompt: 'A deck for Initech' },
				{ prompt: 'A deck for Hooli' },
			],
			{ retryOnFail: true, maxTries: 3, waitBetweenTries: 0, onError: 'continueRegularOutput' },
		);
		expect(error).toBeUndefined();
		// One request per item: item 0 generated, item 1 unknown (500), item 2 generated; no retry sent any.
		expect(generateRequests()).toHaveLength(3);
		expect(outputs.Storydoc[1].json.error).toMatch(/^A story may have been generated \(HTTP 500/);
		expect(outputs.Storydoc[0].json.pageId).toMatch(/^[0-9a-f]{24}$/);
		expect(outputs.Storydoc[2].json.pageId).toMatch(/^[0-9a-f]{24}$/);
	});

	test('a 429 is waited out and sent again (nothing was processed): one story', async () => {
		api.sandbox.setFault({ route: 'POST /v2/stories/generate', type: 'status429', times: 2 });
		const { outputs, error } = await run(generate());
		expect(error).toBeUndefined();
		expect(generateRequests().map((entry) => entry.status)).toEqual([429, 429, 200]);
		expect(
			api.sandbox.state.stories.filter(
				(story: Json) => story.id === outputs.Storydoc[0].json.pageId,
			),
		).toHaveLength(1);
	});

	test("pacing follows the headers of generation's own limit: a batch larger than the limit, each generated once, a 429 only at the cold start", async () => {
		// The node waits the API's minute for a window to end: a worker whose clock runs 100 times faster.
		const limited = createSandbox({ generateRateLimit: { max: 2, windowMs: 600 } });
		const url = await limited.start(0, '127.0.0.1');
		try {
			const items = ['Globex', 'Initech', 'Hooli', 'Umbrella', 'Acme'].map((company) => ({
				prompt: `A deck for ${company}`,
			}));
			const job: WorkerJob = {
				baseUrl: url,
				token: limited.tokens.team,
				storyId: '',
				items,
				parameters: generate({ prompt: '={{ $json.prompt }}', requestOptions: { timeout: 3600 } }),
			};
			const { error, outputs } = await runWorker(job, { scale: 100 });
			expect(error).toBeUndefined();
			expect(outputs).toHaveLength(5);
			const sent = limited.log.filter((entry: Json) => entry.path === '/v2/stories/generate');
			const generated = sent.filter((entry: Json) => entry.status === 200);
			expect(generated).toHaveLength(5);
			for (const entry of generated) expect(entry.rateLimitCounter).toBeLessThanOrEqual(2);
			// A first generation still out after FIRST_ALONE_MAX_MS (20 ms here) lets the others go before
			// its answer shows this tiny limit: those refused are waited out (nothing was processed), and
			// from then on the headers pace every window without a 429.
			const refused = sent.filter((entry: Json) => entry.status === 429);
			expect(refused.length).toBeLessThanOrEqual(items.length - 2);
			const lastRefused = Math.max(
				...sent.map((entry: Json, index: number) => (entry.status === 429 ? index : -1)),
			);
			expect(sent.slice(lastRefused + 1).every((entry: Json) => entry.status === 200)).toBe(true);
			expect(new Set(outputs!.map((item) => item.json.pageId)).size).toBe(5);
		} finally {
			await limited.close();
		}
	});
});
