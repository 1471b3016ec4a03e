/** Version › Update through n8n's engine against the sandbox: merge, title kept, Force, errors. */
import type { INodeParameters } from 'n8n-workflow';

import type { Json, StorydocWorkflowOptions } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import type { TokenName } from '../../../../harness/sandbox';
import { useSandbox } from '../../../../harness/sandbox';
import {
	SEED,
	locator,
	loadedVariables,
	updateParameters,
	requestLines,
	storedVersion,
} from '../../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
const LIVE = SEED.versions.live.id;
const EDITED = SEED.versions.edited.id;

beforeEach(() => api.sandbox.reset());

interface UpdateOptions extends Pick<StorydocWorkflowOptions, 'items' | 'nodeSettings'> {
	token?: TokenName;
}

async function update(
	parameters: INodeParameters,
	{ items, token = 'team', nodeSettings }: UpdateOptions = {},
) {
	return await runWorkflow(storydocWorkflow(parameters, { items, nodeSettings }), {
		credentials: api.credentials(token),
	});
}

const posts = (): Json[] => api.sandbox.log.filter((entry) => entry.method === 'POST');

describe('Version › Update', () => {
	test('the variable fields load from the story of the chosen version, none of them required', async () => {
		const variables = await loadedVariables(api.credentials(), updateParameters(LIVE), {});
		expect(variables.schema.map((field) => field.id)).toContain('company_logo');
		expect(variables.schema.every((field) => field.required === false)).toBe(true);
		// The editor read the version to find its story, then the story.
		expect(requestLines(api.sandbox)).toEqual([
			`GET /v2/versions/${LIVE}`,
			`GET /v2/stories/${SEED.stories.proposal.id}`,
		]);
	});

	test('only what is set is sent and merged: other values and the link stay; an empty Title keeps the current title', async () => {
		const variables = await loadedVariables(api.credentials(), updateParameters(LIVE), {
			deal_value: '52000',
			company_logo: 'globex.test',
			position: '',
		});
		const before = structuredClone(storedVersion(api.sandbox, LIVE));
		api.sandbox.clearLog();
		const { outputs, error } = await update(updateParameters(LIVE, { variables }));

		expect(error).toBeUndefined();
		// Storydoc wants data.title in every update: the node read the current one first.
		expect(requestLines(api.sandbox)).toEqual([
			`GET /v2/versions/${LIVE}`,
			`POST /v2/versions/${LIVE}`,
		]);
		expect(posts()[0].body).toEqual({
			senderEmail: SEED.users.sam.email,
			data: {
				title: 'Proposal for Globex',
				deal_value: 52000,
				company_logo: { domain: 'globex.test', theme: 'dark' },
			},
		});
		const after = storedVersion(api.sandbox, LIVE);
		expect(after.data).toEqual({ ...before.data, deal_value: 52000 });
		expect(outputs.Storydoc).toEqual([
			{
				json: {
					url: expect.stringMatching(/^https:\/\/www\.storydoc\.com\/[0-9a-f]{16}\/[0-9a-f-]{36}$/),
					shortUrl: expect.stringMatching(/^https:\/\/view\.storydoc\.com\/[0-9a-z]{6}$/),
					editorUrl: `https://app.storydoc.com/pages/editor/${SEED.stories.proposal.id}/${LIVE}`,
					versionUrl: `https://app.storydoc.com/pages/editor/${SEED.stories.proposal.id}/versions/${LIVE}`,
					versionId: LIVE,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('a Title given is sent as is, without reading the version first; rows and additional fields as on Create', async () => {
		const variables = await loadedVariables(api.credentials(), updateParameters(LIVE), {});
		api.sandbox.clearLog();
		const repeatableRows = {
			rows: [
				{
					parentRow: 1,
					cells: {
						cell: [
							{ field: 'pricing_items.name', value: 'Renewal' },
							{ field: 'pricing_items.price', value: '9000' },
						],
					},
				},
			],
		};
		await update(
			updateParameters(LIVE, {
				title: 'Renewal for Globex',
				variables,
				repeatableRows,
				additionalFields: { password: 'pw-2031' },
			}),
		);
		expect(requestLines(api.sandbox)).toEqual([`POST /v2/versions/${LIVE}`]);
		expect(posts()[0].body.data).toEqual({
			title: 'Renewal for Globex',
			pricing_items: [{ name: 'Renewal', price: 9000 }],
			password: 'pw-2031',
		});
		const stored = storedVersion(api.sandbox, LIVE);
		expect(stored.data.title).toBe('Renewal for Globex');
		expect(stored.data.pricing_items).toEqual([
			{ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Renewal', price: 9000 },
		]);
	});

	test("the output always has versionId: Storydoc's reference leaves it out of the update answer", async () => {
		const { outputs, error } = await update(updateParameters(LIVE, { title: 'Renewal' }));
		expect(error).toBeUndefined();
		const answer = api.sandbox.log.find((entry) => entry.method === 'POST');
		expect(answer?.status).toBe(200);
		expect(outputs.Storydoc[0].json.versionId).toBe(LIVE);
		expect(Object.keys(outputs.Storydoc[0].json).sort()).toEqual([
			'editorUrl',
			'shortUrl',
			'url',
			'versionId',
			'versionUrl',
		]);
	});

	test("Version By URL: the editorUrl and versionUrl of Storydoc's reference both name the version", async () => {
		const story = SEED.stories.proposal.id;
		for (const url of [
			`https://app.storydoc.com/pages/editor/${story}/${LIVE}`,
			`https://app.storydoc.com/pages/editor/${story}/versions/${LIVE}`,
		]) {
			api.sandbox.clearLog();
			const { error } = await update(
				updateParameters(LIVE, { versionId: locator(url, 'url'), title: 'By URL' }),
			);
			expect(error).toBeUndefined();
			expect(requestLines(api.sandbox)).toEqual([`POST /v2/versions/${LIVE}`]);
		}
	});

	test('auto-map on Update: the input fields named like variables are merged', async () => {
		const variables = await loadedVariables(
			api.credentials(),
			updateParameters(LIVE),
			null,
			'autoMapInputData',
		);
		api.sandbox.clearLog();
		await update(
			updateParameters('={{ $json.versionId }}', { title: '={{ $json.title }}', variables }),
			{
				items: [
					{ versionId: LIVE, title: 'Proposal v2', first_name: 'Hank J.', stage: 'negotiation' },
				],
			},
		);
		expect(posts()[0].body.data).toEqual({ title: 'Proposal v2', first_name: 'Hank J.' });
		expect(storedVersion(api.sandbox, LIVE).data.first_name).toBe('Hank J.');
	});
});

describe('Version › Update: Force and every error row of POST /v2/versions/{versionId}', () => {
	test('a manually edited version without Force: the API text, and the description tells about Force', async () => {
		const { error, outputs } = await update(updateParameters(EDITED, { title: 'New' }));
		expect(error.message).toBe(
			'The version has been edited. Use force=true to override the changes.',
		);
		expect(error.httpCode).toBe('400');
		expect(error.description).toMatch(/Turn on "Force" to overwrite them/);
		expect(outputs.Storydoc).toEqual([]);
		expect(storedVersion(api.sandbox, EDITED).data.title).toBe('Proposal for Initech');
		expect(posts()[0].body.force).toBeUndefined();
	});

	test('with Force the edited version is overwritten, force=true sent', async () => {
		const { error } = await update(updateParameters(EDITED, { title: 'Forced', force: true }));
		expect(error).toBeUndefined();
		expect(posts()[0].body).toMatchObject({ force: true, data: { title: 'Forced' } });
		expect(storedVersion(api.sandbox, EDITED).data.title).toBe('Forced');
	});

	test('400 sender not in the organization', async () => {
		const { error } = await update(
			updateParameters(LIVE, { title: 'x', senderEmail: 'nobody@acme.test' }),
		);
		expect(error.message).toBe('senderEmail nobody@acme.test not found in this organization');
		expect(error.description).toMatch(/Sender Email/);
	});

	test.each([
		['an unknown id', '65e0000000000000000000ff'],
		["a story's primary version", SEED.versions.primary.id],
		['a version in a folder the key cannot open', SEED.versions.hidden.id],
	])('404 Version not found for %s', async (_label, id) => {
		const { error } = await update(updateParameters(id, { title: 'x' }));
		expect(error.message).toBe('Version not found');
		expect(error.httpCode).toBe('404');
	});

	test('404 when the title is kept: the read fails first and nothing is posted', async () => {
		const { error } = await update(updateParameters('65e0000000000000000000ff'));
		expect(error.message).toBe('Version not found');
		expect(posts()).toEqual([]);
	});

	test('403 plan: the version of a story with team-only variables, with a pro key', async () => {
		const { error } = await update(updateParameters(SEED.versions.premium.id, { title: 'x' }), {
			token: 'pro',
		});
		// The premium story sits in a folder the pro key's creator can open.
		expect(error.httpCode).toBe('403');
		expect(error.message).toBe('This story uses variables that are not included in your plan');
		expect(error.description).toMatch(/booking_calendar \(Team plan\)/);
	});

	test('403 Access denied for a revoked key', async () => {
		const { error } = await update(updateParameters(LIVE, { title: 'x' }), { token: 'revoked' });
		expect(error.message).toBe('Access denied');
	});
});
