/** GET /v2/account, GET /v2/stories, GET /v2/stories/{storyId}: shapes, filters, errors, plan 403. */
import { SEED } from '../../sandbox/seed';
import type { Json } from '../harness/sandbox';
import { useSandbox, ISO_DATE_TIME } from './helpers';

const api = useSandbox({ events: 0 });
const specOnly = useSandbox({ events: 0, specOnly: true });
const { proposal, premium } = SEED.stories;
const STORY_FIELDS = [
	'id',
	'status',
	'previewUrl',
	'createdAt',
	'title',
	'dynamicVariables',
	'repeatables',
];

test('GET /v2/account: { orgId, title } of the seeded organization', async () => {
	const response = await api.call('/v2/account');
	expect(response.status).toBe(200);
	expect(response.body).toEqual({ orgId: SEED.org.id, title: 'Acme Sales' });
	expect(response.headers.get('content-type')).toMatch(/^application\/json/);
});

describe('GET /v2/stories', () => {
	test('every story, Live or not, each with exactly the Story fields', async () => {
		const response = await api.call('/v2/stories');
		expect(response.status).toBe(200);
		expect(response.body.map((story: Json) => story.id)).toEqual(
			Object.values<Json>(SEED.stories).map((story) => story.id),
		);
		for (const story of response.body) {
			expect(Object.keys(story)).toEqual(STORY_FIELDS);
			expect(story.createdAt).toMatch(ISO_DATE_TIME);
			expect(story.previewUrl === null).toBe(story.status === 'Draft');
		}
	});

	test.each(['Draft', 'Live', 'Archived'])(
		'status=%s returns only those stories',
		async (status) => {
			const response = await api.call(`/v2/stories?status=${status}`);
			const expected = Object.values<Json>(SEED.stories).filter((story) => story.status === status);
			expect(response.body.map((story: Json) => story.id)).toEqual(
				expected.map((story) => story.id),
			);
			expect(expected.length).toBeGreaterThan(0);
		},
	);

	test.each(['live', 'Published', ''])('an unknown status (%j) is a 400', async (status) => {
		const response = await api.call(`/v2/stories?status=${status}`);
		expect([response.status, response.body]).toEqual([
			400,
			{ error: 'status must be one of Draft, Live, Archived' },
		]);
	});

	test.each(['Draft', 'Archived'])(
		'no story matches (status=%s for a key scoped to a Live story): 404 "No stories found", as Storydoc\'s reference shows',
		async (status) => {
			const response = await api.call(`/v2/stories?status=${status}`, { token: 'storyScoped' });
			expect([response.status, response.body]).toEqual([404, { error: 'No stories found' }]);
		},
	);

	test("with specOnly (the spec document's reading) no match is 200 with an empty list", async () => {
		const response = await specOnly.call('/v2/stories?status=Archived', { token: 'storyScoped' });
		expect([response.status, response.body]).toEqual([200, []]);
	});

	test('the list is not plan-gated: the starter key lists the premium story', async () => {
		const response = await api.call('/v2/stories', { token: 'starter' });
		expect(response.body.map((story: Json) => story.id)).toContain(premium.id);
	});
});

describe('GET /v2/stories/{storyId}', () => {
	test('the proposal: variables of every kind, flat and nested repeatables; include is ignored', async () => {
		const response = await api.call(`/v2/stories/${proposal.id}?include=optionalContent`);
		expect(response.status).toBe(200);
		const story = response.body;
		expect(Object.keys(story)).toEqual(STORY_FIELDS);
		expect(story).toMatchObject({ id: proposal.id, status: 'Live', title: 'Sales proposal' });
		const types = new Set(
			Object.values<Json>(story.dynamicVariables).map((variable) => variable.type),
		);
		expect(types).toEqual(new Set(['text', 'number', 'link', 'date', 'logo', 'array', 'richtext']));
		expect(story.dynamicVariables.first_name).toEqual({
			type: 'text',
			name: 'first_name',
			title: 'First name',
			default: 'there',
			tip: 'First name of the prospect, used in the greeting',
			validation: { required: true, errorMessage: 'Enter the first name of the prospect' },
			mapping: 'contact.firstName',
		});
		for (const [key, variable] of Object.entries<Json>(story.dynamicVariables)) {
			expect(variable.name).toBe(key);
			expect(typeof variable.title).toBe('string');
			expect(typeof variable.default).toBe('string');
			expect(typeof variable.tip).toBe('string');
		}
		const [pricing, team] = story.repeatables;
		expect(pricing).toMatchObject({ key: 'pricing_items', children: [] });
		expect(pricing.fields.find((field: Json) => field.generated)).toEqual({
			key: 'id',
			name: 'ID',
			type: 'text',
			generated: true,
		});
		expect(pricing.exampleRow).not.toHaveProperty('id');
		expect(team.children[0]).toMatchObject({ key: 'skills', exampleRow: { skill: 'Negotiation' } });
		expect(team.exampleRow.skills).toEqual([{ skill: 'Negotiation' }]);
	});

	test('a story without repeatables has an empty array', async () => {
		const response = await api.call(`/v2/stories/${SEED.stories.intro.id}`);
		expect(response.body.repeatables).toEqual([]);
	});

	test.each([
		['empty', ''],
		['too short', '65d00000000000000000001'],
		['upper case', proposal.id.toUpperCase()],
		['not hex', 'zzzzzzzzzzzzzzzzzzzzzzzz'],
		['a URL', encodeURIComponent(`https://app.storydoc.com/editor/${proposal.id}`)],
	])('a %s id: 400 Missing storyId', async (_label, id) => {
		const response = await api.call(`/v2/stories/${id}`);
		expect([response.status, response.body]).toEqual([400, { error: 'Missing storyId' }]);
	});

	test('an unknown id: 404 Story not found', async () => {
		const response = await api.call('/v2/stories/65d0000000000000000000ee');
		expect([response.status, response.body]).toEqual([404, { error: 'Story not found' }]);
	});

	test('percent-encoded ids are decoded', async () => {
		const encoded = [...proposal.id].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('');
		expect((await api.call(`/v2/stories/${encoded}`)).body.id).toBe(proposal.id);
	});

	describe('plan-gated variables', () => {
		test('starter: 403 with requiredPlan team and both blocked variables', async () => {
			const response = await api.call(`/v2/stories/${premium.id}`, { token: 'starter' });
			expect(response.status).toBe(403);
			expect(response.body).toEqual({
				error: 'This story uses variables that are not included in your plan',
				code: 'VARIABLES_PLAN_REQUIRED',
				requiredPlan: 'team',
				variables: [
					{ name: 'intro_video', requiredPlan: 'pro' },
					{ name: 'booking_calendar', requiredPlan: 'team' },
				],
			});
		});

		test('pro: 403 with the team variable only', async () => {
			const response = await api.call(`/v2/stories/${premium.id}`, { token: 'pro' });
			expect(response.status).toBe(403);
			expect(response.body).toMatchObject({
				code: 'VARIABLES_PLAN_REQUIRED',
				requiredPlan: 'team',
				variables: [{ name: 'booking_calendar', requiredPlan: 'team' }],
			});
		});

		test('team: 200; stories without gated variables work on every plan', async () => {
			expect((await api.call(`/v2/stories/${premium.id}`)).status).toBe(200);
			expect((await api.call(`/v2/stories/${proposal.id}`, { token: 'starter' })).status).toBe(200);
		});
	});
});
