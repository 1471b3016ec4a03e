/** Version › Get through n8n's engine against the sandbox. */
import type { IDataObject, INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import type { TokenName } from '../../../../harness/sandbox';
import { useSandbox } from '../../../../harness/sandbox';
import { SEED, locator, requestLines } from '../../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
const LIVE = SEED.versions.live.id;

beforeEach(() => api.sandbox.reset());

const getParameters = (versionId: INodeParameterResourceLocator): INodeParameters => ({
	resource: 'version',
	operation: 'get',
	versionId,
});

async function get(
	versionId: INodeParameterResourceLocator,
	{ token = 'team', items }: { token?: TokenName; items?: IDataObject[] } = {},
) {
	return await runWorkflow(storydocWorkflow(getParameters(versionId), { items }), {
		credentials: api.credentials(token),
	});
}

async function direct(id: string): Promise<Json> {
	const response = await fetch(`${api.url}/v2/versions/${id}`, {
		headers: { Authorization: `Bearer ${api.sandbox.tokens.team}` },
	});
	return await response.json();
}

describe('Version › Get', () => {
	test.each([
		['ID', locator(LIVE)],
		['the versionUrl', locator(`https://app.storydoc.com/versions/${LIVE}`, 'url')],
		[
			'the editorUrl',
			locator(
				`https://app.storydoc.com/editor/${SEED.stories.proposal.id}/versions/${LIVE}/`,
				'url',
			),
		],
	])(
		'by %s: the Version object exactly as the API returns it, paired to the input item',
		async (_label, versionId) => {
			const { outputs, error } = await get(versionId);
			expect(error).toBeUndefined();
			expect(requestLines(api.sandbox)).toEqual([`GET /v2/versions/${LIVE}`]);
			expect(outputs.Storydoc).toEqual([{ json: await direct(LIVE), pairedItem: { item: 0 } }]);
			expect(outputs.Storydoc[0].json).toMatchObject({
				id: LIVE,
				status: 'Live',
				title: 'Proposal for Globex',
			});
		},
	);

	test('the password of a protected version is never in the output', async () => {
		const { outputs } = await get(locator(SEED.versions.expiring.id));
		expect(outputs.Storydoc[0].json.status).toBe('Live');
		expect(JSON.stringify(outputs)).not.toContain('green-2030');
	});

	test('one read per input item, ids from an expression', async () => {
		const items = [{ id: SEED.versions.expired.id }, { id: SEED.versions.accepted.id }];
		const { outputs } = await get(locator('={{ $json.id }}'), { items });
		expect(outputs.Storydoc.map((item) => [item.json.status, item.pairedItem])).toEqual([
			['Expired', { item: 0 }],
			['Accepted', { item: 1 }],
		]);
	});

	test.each([
		['an unknown id', '65e0000000000000000000ff'],
		["a story's primary version", SEED.versions.primary.id],
		['a version of a Draft story', SEED.versions.draftStory.id],
		['a version of an Archived story', SEED.versions.archived.id],
		['a version in a folder the key cannot open', SEED.versions.hidden.id],
	])('404 Version not found for %s', async (_label, id) => {
		const { error } = await get(locator(id));
		expect(error.message).toBe('Version not found');
		expect(error.httpCode).toBe('404');
	});

	test('403 plan and 403 Access denied', async () => {
		const plan = await get(locator(SEED.versions.premium.id), { token: 'starter' });
		expect(plan.error.message).toBe('This story uses variables that are not included in your plan');
		expect(plan.error.description).toBe(
			'This story uses variables that need the Team plan: intro_video (Pro plan), booking_calendar (Team plan). Upgrade the Storydoc plan, or remove these variables from the story.',
		);
		const denied = await get(locator(LIVE), { token: 'memberLeft' });
		expect(denied.error.message).toBe('Access denied');
	});
});
