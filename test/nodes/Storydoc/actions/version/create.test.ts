/**
 * Version › Create through n8n's engine against the sandbox: what the API received, what n8n
 * output, and the API's own error text for every error row of POST /v2/versions.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Json, StorydocWorkflowOptions } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow, capturedLogs } from '../../../../harness/n8n';
import type { TokenName } from '../../../../harness/sandbox';
import { useSandbox } from '../../../../harness/sandbox';
import {
	SEED,
	PROPOSAL_ID,
	SENDER,
	locator,
	loadedVariables,
	createParameters,
	requestLines,
	storedVersion,
} from '../../../../harness/versionFixtures';

// A limit no test here reaches: pacing has its own tests (test/nodes/Storydoc/transport/rateLimit.pacing.test.ts).
const api = useSandbox({ rateLimit: { max: 100000 } });
let proposalParameters: INodeParameters;

interface CreateOptions extends Pick<StorydocWorkflowOptions, 'items' | 'nodeSettings'> {
	token?: TokenName;
}

beforeAll(async () => {
	proposalParameters = createParameters();
});
beforeEach(() => api.sandbox.reset());

async function create(
	parameters: INodeParameters,
	{ items, token = 'team', nodeSettings }: CreateOptions = {},
) {
	return await runWorkflow(storydocWorkflow(parameters, { items, nodeSettings }), {
		credentials: api.credentials(token),
	});
}

const postedBodies = (): Json[] =>
	api.sandbox.log.filter((entry) => entry.method === 'POST').map((entry) => entry.body);

describe('Version › Create', () => {
	test('every variable type of the story, as defined below, becomes data; the creation result is the output', async () => {
		const variables = await loadedVariables(api.credentials(), proposalParameters, {
			first_name: 'Hank',
			last_name: 'Scorpio',
			company: 'Globex',
			email: 'hank@globex.test',
			position: '',
			deal_value: '48000',
			meeting_link: 'https://calendly.com/acme-sales/globex',
			proposal_date: '2026-03-05T00:00:00',
			company_logo: 'https://www.globex.test/about',
			products: '[{"name":"Platform licence","price":30000}]',
			intro_note: '<p>Hi <b>Hank</b></p>',
		});
		api.sandbox.clearLog();
		const { outputs, error } = await create(
			createParameters({
				title: '=Proposal for {{ "Globex" }}',
				variables,
				additionalFields: { daysToExpire: 14 },
			}),
		);

		expect(error).toBeUndefined();
		expect(requestLines(api.sandbox)).toEqual(['POST /v2/versions']);
		const [body] = postedBodies();
		expect(body).toEqual({
			storyId: PROPOSAL_ID,
			senderEmail: SENDER,
			daysToExpire: 14,
			data: {
				title: 'Proposal for Globex',
				first_name: 'Hank',
				last_name: 'Scorpio',
				company: 'Globex',
				email: 'hank@globex.test',
				deal_value: 48000,
				meeting_link: 'https://calendly.com/acme-sales/globex',
				proposal_date: '2026-03-05',
				company_logo: { domain: 'www.globex.test', theme: 'dark' },
				products: [{ name: 'Platform licence', price: 30000 }],
				intro_note: '<p>Hi <b>Hank</b></p>',
			},
		});

		const [item] = outputs.Storydoc;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(Object.keys(item.json).sort()).toEqual([
			'editorUrl',
			'shortUrl',
			'url',
			'versionId',
			'versionUrl',
		]);
		const stored = storedVersion(api.sandbox, item.json.versionId);
		expect(stored.data).toEqual(body.data);
		expect(stored.expireAt).not.toBeNull();
		expect(item.json.editorUrl).toBe(
			`https://app.storydoc.com/pages/editor/${PROPOSAL_ID}/${item.json.versionId}`,
		);
	});

	test('a date typed as text (any format, as the API allows) is sent as written; without Days to Expire the version is permanent', async () => {
		const variables = await loadedVariables(api.credentials(), proposalParameters, {
			first_name: 'Hank',
			company: 'Globex',
			proposal_date: 'Q3 2026, after signing',
			company_logo: 'globex.test',
		});
		const { outputs } = await create(createParameters({ variables }));
		const [body] = postedBodies();
		expect(body.daysToExpire).toBeUndefined();
		expect(body.data.proposal_date).toBe('Q3 2026, after signing');
		expect(body.data.company_logo).toEqual({ domain: 'globex.test', theme: 'dark' });
		expect(storedVersion(api.sandbox, outputs.Storydoc[0].json.versionId).expireAt).toBeNull();
	});

	describe("a date from an expression is sent as its calendar date in the workflow's time zone", () => {
		const ZONE = 'Pacific/Auckland';
		const dateIn = (instant: Date, timeZone: string) =>
			new Intl.DateTimeFormat('en-CA', {
				timeZone,
				year: 'numeric',
				month: '2-digit',
				day: '2-digit',
			}).format(instant);
		test.each([
			[
				'a Luxon DateTime in UTC (15:30 UTC is the next morning in Auckland)',
				"={{ DateTime.fromISO('2026-09-01T15:30:00', { zone: 'utc' }) }}",
				() => '2026-09-02',
			],
			['a JavaScript Date', "={{ new Date('2026-09-01T10:30:00Z') }}", () => '2026-09-01'],
			['$now', '={{ $now }}', () => dateIn(new Date(), ZONE)],
			['$today', '={{ $today }}', () => dateIn(new Date(), ZONE)],
			[
				'$today moved to another zone (its text carries that offset)',
				"={{ $today.setZone('America/Los_Angeles') }}",
				() => dateIn(new Date(), ZONE),
			],
			['a date picked in the editor', '2026-03-05T00:00:00', () => '2026-03-05'],
			['text', 'Q3 2026', () => 'Q3 2026'],
		])('%s', async (_label, proposalDate, expected) => {
			const variables = await loadedVariables(api.credentials(), proposalParameters, {
				first_name: 'Hank',
				company: 'Globex',
				proposal_date: proposalDate,
			});
			api.sandbox.clearLog();
			const { error } = await runWorkflow(
				storydocWorkflow(createParameters({ variables }), { settings: { timezone: ZONE } }),
				{
					credentials: api.credentials(),
				},
			);
			expect(error).toBeUndefined();
			expect(postedBodies().map((body) => body.data.proposal_date)).toEqual([expected()]);
		});
	});

	test('auto-map: the input fields named like variables are sent, the rest of the CRM record is not', async () => {
		const variables = await loadedVariables(
			api.credentials(),
			proposalParameters,
			null,
			'autoMapInputData',
		);
		const records = [
			{
				crmId: 'D-1',
				first_name: 'Hank',
				company: 'Globex',
				deal_value: 48000,
				company_logo: 'globex.test',
				owner: 'x',
			},
			{
				crmId: 'D-2',
				first_name: 'Bill',
				company: 'Initech',
				team_members: [{ name: 'Dana Lee', role: 'AE', skills: [{ skill: 'Negotiation' }] }],
			},
		];
		const { outputs, error } = await create(
			createParameters({ title: '=Proposal for {{ $json.company }}', variables }),
			{
				items: records,
			},
		);

		expect(error).toBeUndefined();
		expect(postedBodies().map((body) => body.data)).toEqual([
			{
				title: 'Proposal for Globex',
				first_name: 'Hank',
				company: 'Globex',
				deal_value: 48000,
				company_logo: { domain: 'globex.test', theme: 'dark' },
			},
			{
				title: 'Proposal for Initech',
				first_name: 'Bill',
				company: 'Initech',
				team_members: [{ name: 'Dana Lee', role: 'AE', skills: [{ skill: 'Negotiation' }] }],
			},
		]);
		expect(outputs.Storydoc.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('one version per input item, each output paired to its CRM record so the link can be written back', async () => {
		const variables = await loadedVariables(api.credentials(), proposalParameters, {
			first_name: '={{ $json.first }}',
			company: '={{ $json.company }}',
		});
		const records = [
			{ first: 'Hank', company: 'Globex' },
			{ first: 'Bill', company: 'Initech' },
			{ first: 'Gavin', company: 'Hooli' },
		];
		const before = api.sandbox.state.versions.length;
		const { outputs } = await create(
			createParameters({ title: '={{ $json.company }}', variables }),
			{ items: records },
		);

		expect(api.sandbox.state.versions.length - before).toBe(3);
		outputs.Storydoc.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(storedVersion(api.sandbox, item.json.versionId).data).toEqual({
				title: records[index].company,
				first_name: records[index].first,
				company: records[index].company,
			});
		});
	});

	test('repeatable rows entered in the editor: flat rows, and nested rows placed by Parent Row; generated fields never sent', async () => {
		const variables = await loadedVariables(api.credentials(), proposalParameters, {
			first_name: 'Hank',
			company: 'Globex',
		});
		const row = (cells: Array<[string, string]>, parentRow = 1) => ({
			parentRow,
			cells: { cell: cells.map(([field, value]) => ({ field, value })) },
		});
		const repeatableRows = {
			rows: [
				// A nested row before its parent: rows are placed parents first.
				row([['team_members.skills.skill', 'Negotiation']], 2),
				row([
					['pricing_items.name', 'Platform licence'],
					['pricing_items.price', '30000'],
					['pricing_items.id', 'ignored'],
				]),
				row([
					['team_members.name', 'Dana Lee'],
					['team_members.role', 'AE'],
				]),
				row([
					['team_members.name', 'Ravi Shah'],
					['team_members.photo', 'https://acme.test/ravi.jpg'],
				]),
				row([['team_members.skills.skill', 'Pricing']], 2),
				row([
					['pricing_items.name', 'Onboarding'],
					['pricing_items.description', 'Six weeks'],
				]),
			],
		};
		const { outputs, error } = await create(createParameters({ variables, repeatableRows }));

		expect(error).toBeUndefined();
		const [body] = postedBodies();
		expect(body.data.pricing_items).toEqual([
			{ name: 'Platform licence', price: 30000 },
			{ name: 'Onboarding', description: 'Six weeks' },
		]);
		expect(body.data.team_members).toEqual([
			{ name: 'Dana Lee', role: 'AE' },
			{
				name: 'Ravi Shah',
				photo: 'https://acme.test/ravi.jpg',
				skills: [{ skill: 'Negotiation' }, { skill: 'Pricing' }],
			},
		]);
		// The service fills in the generated id of each pricing item itself.
		const stored = storedVersion(api.sandbox, outputs.Storydoc[0].json.versionId);
		expect(stored.data.pricing_items.map((item: Json) => item.id)).toEqual([
			expect.stringMatching(/^[0-9a-f]{24}$/),
			expect.stringMatching(/^[0-9a-f]{24}$/),
		]);
	});

	test('repeatable rows as an array from an expression (nested), with the rows of the editor appended', async () => {
		const variables = await loadedVariables(api.credentials(), proposalParameters, {
			first_name: 'Hank',
			company: 'Globex',
			team_members: '={{ $json.team }}',
			pricing_items: '={{ $json.items }}',
		});
		const records = [
			{
				team: [
					{ name: 'Dana Lee', role: 'AE', skills: [{ skill: 'Negotiation' }, { skill: 'Demos' }] },
				],
				// `id` is generated by the service: dropped even when the input carries it.
				items: [{ id: '65f000000000000000000001', name: 'Licence', price: '1200.50' }],
			},
		];
		const repeatableRows = {
			rows: [
				{ parentRow: 1, cells: { cell: [{ field: 'team_members.name', value: 'Ravi Shah' }] } },
			],
		};
		const { error } = await create(createParameters({ variables, repeatableRows }), {
			items: records,
		});

		expect(error).toBeUndefined();
		const [body] = postedBodies();
		expect(body.data.team_members).toEqual([
			{ name: 'Dana Lee', role: 'AE', skills: [{ skill: 'Negotiation' }, { skill: 'Demos' }] },
			{ name: 'Ravi Shah' },
		]);
		expect(body.data.pricing_items).toEqual([{ name: 'Licence', price: 1200.5 }]);
	});

	test('additional fields: gate form, password, preview image, products, optional content and extra data', async () => {
		const variables = await loadedVariables(api.credentials(), proposalParameters, {
			first_name: 'Hank',
			company: 'Globex',
		});
		const additionalFields = {
			gateForm: {
				settings: {
					enabled: true,
					askName: true,
					nameRequired: true,
					showLogo: true,
					logoUrl: 'https://globex.test/logo.png',
					message: 'Who are you?',
				},
			},
			password: 'open-sesame-42',
			previewImageUrl: 'https://globex.test/preview.png',
			products: {
				product: [
					{ name: 'Licence', price: 30000, extraKeys: '{"quantity": 50}' },
					{ name: 'Support', price: '4999.99', extraKeys: '{}' },
				],
			},
			optionalContent: '{"slides": {"pricing": false}}',
			extraData: '{"region": "EMEA", "company": "Globex Corporation"}',
		};
		const { run, outputs } = await create(createParameters({ variables, additionalFields }));

		const [body] = postedBodies();
		expect(body.data).toEqual({
			title: 'Proposal for Globex',
			first_name: 'Hank',
			// Extra Data is merged last.
			company: 'Globex Corporation',
			region: 'EMEA',
			gatedContent: {
				gatedContent: true,
				name: true,
				nameRequired: true,
				logo: true,
				logoSRC: 'https://globex.test/logo.png',
				title: 'Who are you?',
			},
			password: 'open-sesame-42',
			ogImage: 'https://globex.test/preview.png',
			products: [
				{ quantity: 50, name: 'Licence', price: 30000 },
				{ name: 'Support', price: 4999.99 },
			],
			_optionalContent: { slides: { pricing: false } },
		});
		// The version's password never comes back out of the node.
		expect(JSON.stringify(outputs)).not.toContain('open-sesame-42');
		expect(JSON.stringify(capturedLogs)).not.toContain('open-sesame-42');
		expect(run.data.resultData.error).toBeUndefined();
	});

	test('Story By URL (the editor address) and From List both send the story ID', async () => {
		const variables = await loadedVariables(api.credentials(), proposalParameters, {
			first_name: 'Lucius',
			company: 'Wayne',
		});
		await create(
			createParameters({
				variables,
				storyId: locator(`https://app.storydoc.com/editor/${PROPOSAL_ID}?tab=share`, 'url'),
			}),
		);
		expect(postedBodies()[0].storyId).toBe(PROPOSAL_ID);
	});
});

describe('Version › Create: every error row of POST /v2/versions, with the API text', () => {
	const simpleStory = (id: string) => createParameters({ storyId: locator(id) });

	test('400 sender not in the organization', async () => {
		const { error, outputs } = await create({
			...simpleStory(SEED.stories.intro.id),
			senderEmail: 'lee@acme.test',
		});
		expect(error.message).toBe('senderEmail lee@acme.test not found in this organization');
		expect(error.httpCode).toBe('400');
		expect(error.description).toBe(
			'"Sender Email" must be the email address of a user of your Storydoc organization.',
		);
		expect(outputs.Storydoc).toEqual([]);
	});

	test('400 story not found', async () => {
		const { error } = await create(simpleStory('65d0000000000000000000ff'));
		expect(error.message).toBe('Story 65d0000000000000000000ff not found.');
		expect(error.description).toMatch(/^Check "Story"/);
	});

	test.each([
		['Draft', SEED.stories.caseStudy.id],
		['Archived', SEED.stories.pricing2023.id],
	])(
		'400 on a %s story: the API text (with the editor address) and what to do',
		async (_status, storyId) => {
			const { error } = await create(simpleStory(storyId));
			expect(error.message).toBe(
				`Story status is not Live, click Share to set it to Live, https://editor.storydoc.com/pages/editor/${storyId}`,
			);
			expect(error.httpCode).toBe('400');
			expect(error.description).toMatch(/only be created from a Live story/);
			expect(api.sandbox.state.versions).toHaveLength(Object.keys(SEED.versions).length);
		},
	);

	test.each<[TokenName, string]>([
		['pro', 'booking_calendar (Team plan)'],
		['starter', 'intro_video (Pro plan), booking_calendar (Team plan)'],
	])(
		'403 plan: a %s key on a story with team-only variables names each blocked variable',
		async (token, list) => {
			const { error } = await create(simpleStory(SEED.stories.premium.id), { token });
			expect(error.httpCode).toBe('403');
			expect(error.message).toBe('This story uses variables that are not included in your plan');
			expect(error.description).toBe(
				`This story uses variables that need the Team plan: ${list}. Upgrade the Storydoc plan, or remove these variables from the story.`,
			);
		},
	);

	test.each<[TokenName, string]>([
		['revoked', SEED.stories.proposal.id],
		['memberLeft', SEED.stories.proposal.id],
		['storyScoped', SEED.stories.intro.id],
	])(
		'403 Access denied for a %s key, pointing at the credential, token nowhere',
		async (token, storyId) => {
			const { error, run } = await create(simpleStory(storyId), { token });
			expect(error.message).toBe('Access denied');
			expect(error.description).toMatch(/Access Token of the Storydoc credential/);
			expect(JSON.stringify(run)).not.toContain(api.sandbox.tokens[token]);
			expect(JSON.stringify(capturedLogs)).not.toContain(api.sandbox.tokens[token]);
		},
	);

	test('Continue On Fail: the failing item becomes an error item paired to it; the others are created once', async () => {
		const parameters = createParameters({ storyId: locator('={{ $json.story }}') });
		const items = [
			{ story: SEED.stories.intro.id },
			{ story: SEED.stories.caseStudy.id },
			{ story: SEED.stories.intro.id },
		];
		const { outputs, error } = await create(parameters, {
			items,
			nodeSettings: { onError: 'continueRegularOutput' },
		});

		expect(error).toBeUndefined();
		expect(outputs.Storydoc).toHaveLength(3);
		expect(outputs.Storydoc.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(outputs.Storydoc[0].json.versionId).toBeDefined();
		expect(outputs.Storydoc[1].json).toMatchObject({
			error: expect.stringMatching(/^Story status is not Live/),
			httpCode: '400',
		});
		expect(outputs.Storydoc[2].json.versionId).toBeDefined();
		expect(requestLines(api.sandbox)).toEqual([
			'POST /v2/versions',
			'POST /v2/versions',
			'POST /v2/versions',
		]);
	});
});
