/**
 * Story › Get, end to end: n8n's engine runs Manual → (items) → Storydoc against
 * the sandbox over HTTP. Checks what a user sees (items, pairing, errors) and what the API received.
 */
import type { INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import { SEED } from '../../../../../sandbox/seed';
import { workflowIssuesRefusal } from '../../../../harness/engineLine';
import type { Json } from '../../../../harness/n8n';
import { pairedIndex, runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import type { TokenName } from '../../../../harness/sandbox';
import { useSandbox } from '../../../../harness/sandbox';

const api = useSandbox();

const storyRequests = (): Json[] =>
	api.sandbox.log.filter((entry) => entry.path.startsWith('/v2/stories'));

beforeEach(() => api.sandbox.clearLog());

describe('Story › Get', () => {
	const get = (storyId: INodeParameterResourceLocator): INodeParameters => ({
		resource: 'story',
		operation: 'get',
		storyId,
	});
	const proposalId = SEED.stories.proposal.id;

	test.each<[string, INodeParameterResourceLocator]>([
		[
			'From List',
			{ __rl: true, mode: 'list', value: proposalId, cachedResultName: 'Sales proposal' },
		],
		['ID', { __rl: true, mode: 'id', value: proposalId }],
		['By URL', { __rl: true, mode: 'url', value: `https://app.storydoc.com/editor/${proposalId}` }],
	])(
		'%s: the full story with its dynamic variables and repeatable groups',
		async (_mode, locator) => {
			const { outputs, error } = await runWorkflow(storydocWorkflow(get(locator)), {
				credentials: api.credentials(),
			});
			expect(error).toBeUndefined();
			const expected = await api.directGet(`/v2/stories/${proposalId}`);
			expect(outputs.Storydoc).toEqual([{ json: expected.body, pairedItem: { item: 0 } }]);
			const story = outputs.Storydoc[0].json;
			expect(Object.keys(story.dynamicVariables)).toEqual(
				Object.keys(SEED.stories.proposal.dynamicVariables),
			);
			expect(story.dynamicVariables.company.validation).toEqual({
				required: true,
				errorMessage: 'Enter the company name',
			});
			expect(story.repeatables.map((group: Json) => group.key)).toEqual([
				'pricing_items',
				'team_members',
			]);
			expect(story.repeatables[1].children[0].key).toBe('skills');
			expect(storyRequests().map((entry) => `${entry.method} ${entry.path}`)).toEqual([
				`GET /v2/stories/${proposalId}`,
				`GET /v2/stories/${proposalId}`,
			]);
		},
	);

	test('one story per input item, each paired to its item', async () => {
		const ids = [SEED.stories.intro.id, SEED.stories.caseStudy.id, SEED.stories.pricing2023.id];
		const { outputs } = await runWorkflow(
			storydocWorkflow(get({ __rl: true, mode: 'id', value: '={{ $json.storyId }}' }), {
				items: ids.map((storyId) => ({ storyId })),
			}),
			{ credentials: api.credentials() },
		);
		expect(outputs.Storydoc.map((item) => [item.json.id, pairedIndex(item)])).toEqual(
			ids.map((id, index) => [id, index]),
		);
	});

	test('an unknown story: 404 "Story not found"', async () => {
		const { error } = await runWorkflow(
			storydocWorkflow(get({ __rl: true, mode: 'id', value: '65d0000000000000000000ee' })),
			{
				credentials: api.credentials(),
			},
		);
		expect(error.message).toBe('Story not found');
		expect(error.httpCode).toBe('404');
	});

	test('an ID the API cannot read: 400 "Missing storyId"', async () => {
		const { error } = await runWorkflow(
			storydocWorkflow(get({ __rl: true, mode: 'id', value: 'not-a-story-id' })),
			{
				credentials: api.credentials(),
			},
		);
		expect(error.message).toBe('Missing storyId');
		expect(error.httpCode).toBe('400');
		expect(storyRequests()[0].path).toBe('/v2/stories/not-a-story-id');
	});

	test.each<[TokenName, string[]]>([
		['starter', ['intro_video (Pro plan)', 'booking_calendar (Team plan)']],
		['pro', ['booking_calendar (Team plan)']],
	])(
		'a story with variables above the %s plan: 403, the required plan and each blocked variable',
		async (token, blocked) => {
			const { error } = await runWorkflow(
				storydocWorkflow(get({ __rl: true, mode: 'id', value: SEED.stories.premium.id })),
				{
					credentials: api.credentials(token),
				},
			);
			expect(error.httpCode).toBe('403');
			expect(error.description).toBe(
				`This story uses variables that need the Team plan: ${blocked.join(', ')}. Upgrade the Storydoc plan, or remove these variables from the story.`,
			);
		},
	);

	test('a story outside the scope of a story-scoped key: 403 "Access denied"', async () => {
		const { error } = await runWorkflow(
			storydocWorkflow(get({ __rl: true, mode: 'id', value: SEED.stories.intro.id })),
			{
				credentials: api.credentials('storyScoped'),
			},
		);
		expect(error.message).toBe('Access denied');
	});

	test.each([
		['an empty story', 'list', '', 'Item 0: "Story" is empty or not a valid ID'],
		[
			'an address without an ID',
			'url',
			'not a url',
			'Item 0: "Story" is not a story address with an ID',
		],
		['an ID with a slash', 'id', 'abc/def', 'Item 0: "Story" is empty or not a valid ID'],
	])(
		'%s from an expression is refused before any request, naming the item and the field',
		async (_label, mode, value, message) => {
			const { error } = await runWorkflow(
				storydocWorkflow(get({ __rl: true, mode, value: '={{ $json.story }}' }), {
					items: [{ story: value }],
				}),
				{ credentials: api.credentials() },
			);
			expect(error.message).toBe(message);
			expect(error.name).toBe('NodeOperationError');
			expect(error.context.itemIndex).toBe(0);
			expect(api.sandbox.log).toHaveLength(0);
		},
	);

	test('a fixed empty Story never runs: n8n itself reports the required parameter', async () => {
		const refusal = workflowIssuesRefusal('Parameter "Story" is required');
		await expect(
			runWorkflow(storydocWorkflow(get({ __rl: true, mode: 'list', value: '' })), {
				credentials: api.credentials(),
			}),
		).rejects.toThrow(refusal);
		expect(api.sandbox.log).toHaveLength(0);
	});

	test('Continue On Fail: the failing item becomes an error item paired to it, the others still run', async () => {
		const { outputs, error } = await runWorkflow(
			storydocWorkflow(get({ __rl: true, mode: 'id', value: '={{ $json.storyId }}' }), {
				items: [
					{ storyId: SEED.stories.intro.id },
					{ storyId: '' },
					{ storyId: '65d0000000000000000000ee' },
				],
				nodeSettings: { onError: 'continueRegularOutput' },
			}),
			{ credentials: api.credentials() },
		);
		expect(error).toBeUndefined();
		expect(outputs.Storydoc.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(outputs.Storydoc[0].json.id).toBe(SEED.stories.intro.id);
		expect(outputs.Storydoc[1].json.error).toBe('Item 1: "Story" is empty or not a valid ID');
		expect(outputs.Storydoc[2].json).toMatchObject({ error: 'Story not found', httpCode: '404' });
		expect(storyRequests()).toHaveLength(2);
	});
});
