/**
 * What the editor shows for Version › Create and Update: the story picker (list search), the story's
 * variables as resource mapper fields, and the field list of Repeatable Rows, called the way the
 * n8n editor calls them.
 */
import type {
	INode,
	INodeParameters,
	ResourceMapperField,
	ResourceMapperValue,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { storyPreviewUrl as SEED_PREVIEW_URL } from '../../../../sandbox/links';
import type { Json } from '../../../harness/n8n';
import { NODE_TYPE, callMethod, loadPackage } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import {
	SEED,
	PROPOSAL_ID,
	locator,
	createParameters,
	updateParameters,
	requestLines,
} from '../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });

beforeEach(() => api.sandbox.reset());

const storyMarker = (field: ResourceMapperField) =>
	(field.options ?? []).map((option) => option.name);

/** What the n8n editor marks as issues on a Storydoc node with these parameters (n8n-workflow's own check). */
async function editorIssues(parameters: INodeParameters) {
	const { types } = await loadPackage();
	const nodeType = types.get(NODE_TYPE);
	if (!nodeType) throw new Error(`The package has no ${NODE_TYPE} node`);
	const description = NodeHelpers.getVersionedNodeType(nodeType).description;
	const node: INode = {
		id: 'n',
		name: 'Storydoc',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	return (
		NodeHelpers.getNodeParametersIssues(description.properties, node, description)?.parameters ?? {}
	);
}

describe('Story › From List (searchLiveStories)', () => {
	test('lists the Live stories only, by title, from GET /v2/stories?status=Live', async () => {
		const { results } = await callMethod('listSearch', 'searchLiveStories', {
			credentials: api.credentials(),
		});
		const live = Object.values(SEED.stories).filter((story: Json) => story.status === 'Live');
		expect(results.map((result: Json) => result.name)).toEqual(
			live.map((story: Json) => story.title).sort((a, b) => a.localeCompare(b)),
		);
		expect(results.find((result: Json) => result.name === 'Sales proposal').value).toBe(
			PROPOSAL_ID,
		);
		expect(api.sandbox.log.map((entry) => [entry.path, entry.query])).toEqual([
			['/v2/stories', { status: 'Live' }],
		]);
	});

	test('filters by title as the user types', async () => {
		const { results } = await callMethod('listSearch', 'searchLiveStories', {
			credentials: api.credentials(),
			filter: 'propo',
		});
		expect(results).toEqual([
			{ name: 'Sales proposal', value: PROPOSAL_ID, url: SEED_PREVIEW_URL(PROPOSAL_ID) },
		]);
	});

	test("each result carries the story's published address (previewUrl) so the editor links to it; a Draft has none", async () => {
		const { results } = await callMethod('listSearch', 'searchStories', {
			credentials: api.credentials(),
		});
		const stories: Json = await (
			await fetch(`${api.url}/v2/stories`, {
				headers: { authorization: `Bearer ${api.sandbox.tokens.team}` },
			})
		).json();
		expect(stories.some((story: Json) => story.previewUrl === null)).toBe(true);
		for (const story of stories) {
			const result = results.find((candidate: Json) => candidate.value === story.id);
			expect(result.url).toBe(story.previewUrl ?? undefined);
		}
	});
});

describe('Story › From List when there is nothing to list', () => {
	test('no Live story (Storydoc answers 404 "No stories found"): one entry that says why and how a story becomes Live', async () => {
		for (const story of api.sandbox.state.stories) story.status = 'Draft';
		const { results } = await callMethod('listSearch', 'searchLiveStories', {
			credentials: api.credentials(),
		});
		expect(api.sandbox.log.map((entry) => [entry.path, entry.status])).toEqual([
			['/v2/stories', 404],
		]);
		expect(results).toEqual([
			{
				name: 'No Live story yet: open a story in Storydoc and click Share to make it Live',
				value: '',
			},
		]);
	});

	test('no story at all (a new organization): one entry that says so, and that a key can be limited to chosen stories', async () => {
		api.sandbox.state.stories.splice(0);
		const { results } = await callMethod('listSearch', 'searchStories', {
			credentials: api.credentials(),
		});
		expect(results).toEqual([
			{
				name: 'No story yet, or none this API key may see (a key can be limited to chosen stories)',
				value: '',
			},
		]);
	});

	test('stories, none matching what the user typed: an empty list (the editor says there is no result)', async () => {
		const { results } = await callMethod('listSearch', 'searchStories', {
			credentials: api.credentials(),
			filter: 'no such title',
		});
		expect(results).toEqual([]);
	});
});

describe('Variables (resource mapper) of the seeded proposal story', () => {
	test('one field per variable and per repeatable group: title and tip as the label, typed, required from validation', async () => {
		const { fields } = await callMethod('resourceMapping', 'getStoryVariables', {
			credentials: api.credentials(),
			parameters: createParameters({
				storyId: locator(`https://app.storydoc.com/editor/${PROPOSAL_ID}`, 'url'),
			}),
		});
		expect(requestLines(api.sandbox)).toEqual([`GET /v2/stories/${PROPOSAL_ID}`]);
		expect(
			fields.map((field: Json) => [
				field.id,
				field.displayName,
				field.type,
				field.required,
				storyMarker(field),
			]),
		).toEqual([
			[
				'first_name',
				'First name (First name of the prospect, used in the greeting)',
				'string',
				true,
				[],
			],
			['last_name', 'Last name', 'string', false, []],
			['company', 'Company (Company name as it should appear on the cover)', 'string', true, []],
			['email', 'Prospect email', 'string', false, []],
			['position', 'Job title', 'string', false, []],
			['deal_value', 'Deal value (Total in USD, without a currency sign)', 'number', false, []],
			[
				'meeting_link',
				'Meeting link (Where the "Book a meeting" button leads)',
				'string',
				false,
				[],
			],
			[
				'proposal_date',
				'Proposal date (Any format; shown as written)',
				'string',
				false,
				['Date Variable'],
			],
			[
				'company_logo',
				'Company logo (company domain, e.g. acme.com; Send { "domain": "example.com", "theme": "dark" }; the logo is fetched from the domain)',
				'string',
				false,
				['Logo Variable'],
			],
			// Lists and repeatable groups are text fields (a JSON array or an expression): n8n's editor
			// marks an empty `array` field as an error, optional or not.
			['products', 'Products (Rows of { "name", "price" })', 'string', false, ['List Variable']],
			// richtext is a type the spec does not show: text.
			['intro_note', 'Intro note (A formatted paragraph under the greeting)', 'string', false, []],
			[
				'pricing_items',
				'Pricing items (repeatable rows of: name, price, description)',
				'string',
				false,
				['Repeatable Group'],
			],
			[
				'team_members',
				'Team members (repeatable rows of: name, role, photo, skills (rows))',
				'string',
				false,
				['Repeatable Group'],
			],
		]);
		for (const field of fields) {
			expect(field).toMatchObject({ display: true, defaultMatch: false, canBeUsedToMatch: false });
		}
	});

	test("the editor marks no optional field when it is empty (n8n-workflow's parameter check), only a missing required one", async () => {
		const { fields } = await callMethod('resourceMapping', 'getStoryVariables', {
			credentials: api.credentials(),
			parameters: createParameters(),
		});
		const emptied = Object.fromEntries(
			fields.filter((field: Json) => !field.required).map((field: Json) => [field.id, '']),
		);
		const variables = (value: ResourceMapperValue['value']): ResourceMapperValue => ({
			mappingMode: 'defineBelow',
			value,
			matchingColumns: [],
			schema: fields,
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		});
		// Every optional field left empty (as the editor leaves a field the user cleared), the required ones set.
		const issues = await editorIssues(
			createParameters({
				variables: variables({ ...emptied, first_name: 'Hank', company: 'Globex' }),
			}),
		);
		expect(Object.keys(issues).filter((key) => key.startsWith('variables'))).toEqual([]);
		// The check does run: a required variable left out is marked.
		const missing = await editorIssues(
			createParameters({ variables: variables({ ...emptied, company: 'Globex' }) }),
		);
		expect(Object.keys(missing).filter((key) => key.startsWith('variables.'))).toEqual([
			'variables.first_name',
		]);
	});

	test('on Update the fields come from the story of the version, and none is required', async () => {
		const { fields } = await callMethod('resourceMapping', 'getStoryVariables', {
			credentials: api.credentials(),
			parameters: updateParameters(SEED.versions.intro.id),
		});
		expect(fields.map((field: Json) => [field.id, field.required])).toEqual([
			['first_name', false],
			['company', false],
			['sender_name', false],
		]);
	});

	test('without a story chosen: a clear message, no request', async () => {
		await expect(
			callMethod('resourceMapping', 'getStoryVariables', {
				credentials: api.credentials(),
				parameters: createParameters({ storyId: locator('') }),
			}),
		).rejects.toThrow('Choose a story to load its variables');
		expect(api.sandbox.log).toEqual([]);
	});

	test('a story the key may not use: the API error reaches the editor', async () => {
		await expect(
			callMethod('resourceMapping', 'getStoryVariables', {
				credentials: api.credentials('storyScoped'),
				parameters: createParameters({ storyId: locator(SEED.stories.intro.id) }),
			}),
		).rejects.toThrow('Access denied');
	});
});

describe('Repeatable Rows › Field (loadOptions getRepeatableFields)', () => {
	test('every field of every group, nested ones with their path, generated ones left out', async () => {
		const options = await callMethod('loadOptions', 'getRepeatableFields', {
			credentials: api.credentials(),
			parameters: createParameters(),
		});
		expect(options.map((option: Json) => [option.name, option.value])).toEqual([
			['Pricing items › Item', 'pricing_items.name'],
			['Pricing items › Price', 'pricing_items.price'],
			['Pricing items › Description', 'pricing_items.description'],
			['Team members › Name', 'team_members.name'],
			['Team members › Role', 'team_members.role'],
			['Team members › Photo', 'team_members.photo'],
			['Team members › Skills › Skill', 'team_members.skills.skill'],
		]);
		expect(
			options.find((option: Json) => option.value === 'team_members.skills.skill').description,
		).toBe('Nested group; set Parent Row. Type: text');
	});
});
