/**
 * Bad input on Create and Update: each is a NodeOperationError naming the item and the field, raised
 * before any request (the sandbox log stays empty). The bad values come from expressions, as CRM data
 * does: a bad literal that the editor can check is stopped by n8n itself before the run (last test).
 */
import type { INodeParameters, ResourceMapperValue } from 'n8n-workflow';

import { workflowIssuesRefusal } from '../../../../harness/engineLine';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';
import {
	SEED,
	locator,
	loadedVariables,
	createParameters,
	updateParameters,
	requestLines,
} from '../../../../harness/versionFixtures';

/** The values of the Variables resource mapper. */
type MapperValues = NonNullable<ResourceMapperValue['value']>;

const api = useSandbox({ rateLimit: { max: 100000 } });
let schemaOf: (value: MapperValues) => ResourceMapperValue;

beforeAll(async () => {
	const { schema } = await loadedVariables(api.credentials(), createParameters(), {});
	// Without the editor's two type-conversion flags, as this file has always stored the Variables
	// value (the node does not read them): short of a full ResourceMapperValue, hence the cast.
	schemaOf = (value) =>
		({
			mappingMode: 'defineBelow',
			value,
			matchingColumns: [],
			schema,
		}) as unknown as ResourceMapperValue;
});
beforeEach(() => api.sandbox.reset());

const required: MapperValues = { first_name: 'Hank', company: 'Globex' };
const row = (cells: Array<[string, string]>, parentRow = 1): INodeParameters => ({
	parentRow,
	cells: { cell: cells.map(([field, value]) => ({ field, value })) },
});
const create =
	(overrides: INodeParameters, values: MapperValues = required) =>
	(): INodeParameters =>
		createParameters({ variables: schemaOf(values), ...overrides });
const update = (overrides: INodeParameters) => (): INodeParameters =>
	updateParameters(SEED.versions.live.id, { title: 'x', ...overrides });

/** [case, parameters (built when the test runs), field named in the message, what it says] */
const CASES: Array<[string, () => INodeParameters, string, string]> = [
	['missing title', create({ title: '={{ $json.title }}' }), 'Title', 'is required'],
	['empty sender', create({ senderEmail: '={{ "" }}' }), 'Sender Email', 'is required'],
	[
		'malformed sender',
		create({ senderEmail: 'sam at acme' }),
		'Sender Email',
		'is not a valid email address',
	],
	[
		'malformed sender on Update',
		update({ senderEmail: 'sam@' }),
		'Sender Email',
		'is not a valid email address',
	],
	[
		'Days to Expire 0',
		create({ additionalFields: { daysToExpire: 0 } }),
		'Days to Expire',
		'must be a whole number of at least 1',
	],
	[
		'Days to Expire fractional',
		create({ additionalFields: { daysToExpire: 2.5 } }),
		'Days to Expire',
		'must be a whole number of at least 1',
	],
	[
		'Days to Expire text',
		create({ additionalFields: { daysToExpire: '={{ "soon" }}' } }),
		'Days to Expire',
		'must be a whole number of at least 1',
	],
	[
		'empty story ID',
		create({ storyId: locator('={{ "" }}') }),
		'Story',
		'is empty or not a valid ID',
	],
	[
		'story ID with a space',
		create({ storyId: locator('={{ "65d0 01" }}') }),
		'Story',
		'is empty or not a valid ID',
	],
	[
		'story URL without an ID',
		create({ storyId: locator('={{ "app.storydoc.com" }}', 'url') }),
		'Story',
		'is not a story address with an ID',
	],
	[
		'empty version ID',
		update({ versionId: locator('={{ $json.versionId }}') }),
		'Version',
		'is empty or not a valid ID',
	],
	[
		'version URL not a URL',
		update({ versionId: locator('={{ "versions/66a0" }}', 'url') }),
		'Version',
		'is not a version address with an ID',
	],
	[
		'invalid JSON in Extra Data',
		create({ additionalFields: { extraData: '{"region": EMEA}' } }),
		'Extra Data (JSON)',
		'is not valid JSON',
	],
	[
		'Extra Data not an object',
		create({ additionalFields: { extraData: '[1, 2]' } }),
		'Extra Data (JSON)',
		'must be a JSON object ({ ... })',
	],
	[
		'invalid JSON in Optional Content',
		update({ additionalFields: { optionalContent: '{' } }),
		'Optional Content (JSON)',
		'is not valid JSON',
	],
	[
		'invalid JSON in a product',
		create({
			additionalFields: { products: { product: [{ name: 'A', price: 1, extraKeys: 'qty=3' }] } },
		}),
		'Products › Product 1 › Extra Keys (JSON)',
		'is not valid JSON',
	],
	[
		'non-numeric product price',
		create({
			additionalFields: {
				products: {
					product: [
						{ name: 'A', price: 1 },
						{ name: 'B', price: '={{ "ten" }}' },
					],
				},
			},
		}),
		'Products › Product 2 › Price',
		'must be a number',
	],
	[
		'non-numeric product price in Extra Data',
		update({ additionalFields: { extraData: '{"products": [{"name": "A", "price": "free"}]}' } }),
		'Products › Product 1 › Price',
		'must be a number',
	],
	[
		'preview image not a URL',
		create({ additionalFields: { previewImageUrl: 'preview.png' } }),
		'Preview Image URL',
		'must be an http(s) URL',
	],
	[
		'gate form logo not a URL',
		create({ additionalFields: { gateForm: { settings: { enabled: true, logoUrl: 'logo' } } } }),
		'Gate Form › Logo URL',
		'must be an http(s) URL',
	],
	[
		'required variable missing',
		create({}, { ...required, first_name: '={{ $json.firstName }}' }),
		'Values to Send › first_name',
		'is required by the story',
	],
	[
		'number variable not a number',
		create({}, { ...required, deal_value: '={{ "lots" }}' }),
		'Values to Send › deal_value',
		'must be a number',
	],
	[
		'logo not a domain',
		create({}, { ...required, company_logo: '={{ "Globex Inc" }}' }),
		'Values to Send › company_logo',
		'must be a company domain such as acme.com',
	],
	[
		'array variable not JSON',
		create({}, { ...required, products: '={{ "[{name: 1}]" }}' }),
		'Values to Send › products',
		'is not valid JSON',
	],
	[
		'unknown key in a row from an array',
		create({}, { ...required, pricing_items: '[{"name": "A"}, {"name": "B", "colour": "red"}]' }),
		'Values to Send › pricing_items',
		'row 2 has a key the group "Pricing items" does not have: "colour"',
	],
	[
		'unknown key in a nested row',
		create(
			{},
			{ ...required, team_members: '[{"name": "Dana", "skills": [{"skill": "X", "level": 3}]}]' },
		),
		'Values to Send › team_members › skills',
		'row 1 has a key the group "Skills" does not have: "level"',
	],
	[
		'rows that are not a list',
		create({}, { ...required, team_members: '={{ { name: "Dana" } }}' }),
		'Values to Send › team_members',
		'must be a list (JSON array)',
	],
	[
		'unknown key in a row entered in the editor',
		create({
			repeatableRows: {
				rows: [
					row([
						['pricing_items.name', 'A'],
						['pricing_items.colour', 'red'],
					]),
				],
			},
		}),
		'Repeatable Rows › Row 1',
		'has a key the group "Pricing items" does not have: "colour"',
	],
	[
		'a row field of no group',
		create({ repeatableRows: { rows: [row([['milestones.date', '2026']])] } }),
		'Repeatable Rows › Row 1',
		'names a field of no repeatable group of this story: "milestones.date"',
	],
	[
		'a row mixing two groups',
		create({
			repeatableRows: {
				rows: [
					row([
						['pricing_items.name', 'A'],
						['team_members.name', 'B'],
					]),
				],
			},
		}),
		'Repeatable Rows › Row 1',
		'mixes fields of "pricing_items" and "team_members"',
	],
	[
		'a nested row whose parent row does not exist',
		create({
			repeatableRows: {
				rows: [row([['team_members.name', 'Dana']]), row([['team_members.skills.skill', 'X']], 3)],
			},
		}),
		'Repeatable Rows › Row 2 › Parent Row',
		'must be the number of a row entered for "team_members" (1 to 1)',
	],
	[
		'a number field of a row',
		create({ repeatableRows: { rows: [row([['pricing_items.price', 'cheap']])] } }),
		'Repeatable Rows › Row 1 › price',
		'must be a number',
	],
	[
		'timeout of 0 seconds',
		create({ requestOptions: { timeout: '={{ 0 }}' } }),
		'Timeout (Seconds)',
		'must be a number greater than 0',
	],
];

describe.each(CASES)('%s', (_label, parameters, field, problem) => {
	test('fails item 0 naming the field, before any request', async () => {
		const { error, outputs } = await runWorkflow(storydocWorkflow(parameters()), {
			credentials: api.credentials(),
		});

		expect(error.name).toBe('NodeOperationError');
		expect(error.message).toBe(`Item 0: "${field}" ${problem}`);
		expect(error.context.itemIndex).toBe(0);
		expect(outputs.Storydoc).toEqual([]);
		expect(requestLines(api.sandbox)).toEqual([]);
	});
});

describe('bad input of one item among several', () => {
	test('names that item before any item is sent; with Continue On Fail the others are created and the bad one sent nothing', async () => {
		const items = [
			{ email: SEED.users.sam.email },
			{ email: 'not-an-email' },
			{ email: SEED.users.jo.email },
		];
		const parameters = createParameters({
			variables: schemaOf(required),
			senderEmail: '={{ $json.email }}',
		});

		const stopped = await runWorkflow(storydocWorkflow(parameters, { items }), {
			credentials: api.credentials(),
		});
		expect(stopped.error.message).toBe('Item 1: "Sender Email" is not a valid email address');
		expect(stopped.error.description).toBe('Value given: "not-an-email"');
		expect(requestLines(api.sandbox)).toEqual([]);

		api.sandbox.reset();
		const continued = await runWorkflow(
			storydocWorkflow(parameters, { items, nodeSettings: { onError: 'continueRegularOutput' } }),
			{
				credentials: api.credentials(),
			},
		);
		expect(continued.outputs.Storydoc.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(continued.outputs.Storydoc[1].json).toEqual({
			error: 'Item 1: "Sender Email" is not a valid email address',
			description: 'Value given: "not-an-email"',
		});
		expect(api.sandbox.log.map((entry) => entry.body.senderEmail)).toEqual([
			SEED.users.sam.email,
			SEED.users.jo.email,
		]);
	});
});

describe('a bad literal value', () => {
	test("is one of the node's parameter issues: n8n refuses to start the run, nothing is sent", async () => {
		const parameters = createParameters({
			title: '',
			variables: schemaOf({ ...required, deal_value: 'lots' }),
		});
		const refusal = workflowIssuesRefusal(
			/Parameter "Title" is required[\s\S]*'deal_value' expects a number but we got 'lots'/,
		);
		await expect(
			runWorkflow(storydocWorkflow(parameters), { credentials: api.credentials() }),
		).rejects.toThrow(refusal);
		expect(requestLines(api.sandbox)).toEqual([]);
	});
});
