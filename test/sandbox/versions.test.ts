/** POST /v2/versions, POST /v2/versions/{versionId}, GET /v2/versions/{versionId}. */
import { SEED } from '../../sandbox/seed';
import type { Json } from '../harness/sandbox';
import { useSandbox, ISO_DATE_TIME, OBJECT_ID } from './helpers';
import { DAY_MS } from '../../sandbox/dates';

const START = Date.UTC(2026, 0, 15, 12, 0, 0);
let clock = START;
const api = useSandbox({ events: 0, now: () => clock });
const specOnly = useSandbox({ events: 0, specOnly: true });

const { proposal, premium, caseStudy, pricing2023 } = SEED.stories;
const V = SEED.versions;
const RESULT_FIELDS = ['url', 'shortUrl', 'editorUrl', 'versionUrl', 'versionId'];
const VERSION_FIELDS = [
	'id',
	'title',
	'status',
	'storyId',
	'storyTitle',
	'folder',
	'sender',
	'url',
	'shortUrl',
	'editorUrl',
	'versionUrl',
	'isPublic',
	'expireAt',
	'hasAcceptButton',
	'acceptedAt',
	'source',
	'createdAt',
	'updatedAt',
	'data',
];

/** A create or update body as the tests send it: wrong types included, since the API's 400s are under test. */
interface VersionBody {
	storyId?: string;
	senderEmail?: string;
	daysToExpire?: number | string | null;
	force?: boolean | string;
	data?: Record<string, unknown>;
}

const create = (body: VersionBody, token?: string) => api.call('/v2/versions', { body, token });
const update = (id: string, body: VersionBody, token?: string) =>
	api.call(`/v2/versions/${id}`, { body, token });
const read = (id: string, token?: string) => api.call(`/v2/versions/${id}`, { token });
const stored = (id: string): Json =>
	api.sandbox.state.versions.find((version: Json) => version.id === id);
const validCreate = (extra: VersionBody = {}): VersionBody => ({
	storyId: proposal.id,
	senderEmail: 'sam@acme.test',
	...extra,
	data: {
		title: 'Proposal for Vandelay',
		first_name: 'Art',
		company: 'Vandelay Industries',
		...extra.data,
	},
});

beforeEach(() => {
	clock = START;
	api.sandbox.reset();
});

describe('POST /v2/versions', () => {
	test('creates a Live, public API version and answers its addresses', async () => {
		const response = await create(
			validCreate({
				data: {
					password: 'open-sesame',
					pricing_items: [
						{ name: 'Setup', price: 10 },
						{ id: 'mine', name: 'Kept' },
					],
				},
			}),
		);
		expect(response.status).toBe(200);
		expect(Object.keys(response.body)).toEqual(RESULT_FIELDS);
		const { versionId, editorUrl, versionUrl, url, shortUrl } = response.body;
		expect(versionId).toMatch(OBJECT_ID);
		// The shapes of Storydoc's published reference.
		expect(editorUrl).toBe(`https://app.storydoc.com/pages/editor/${proposal.id}/${versionId}`);
		expect(versionUrl).toBe(
			`https://app.storydoc.com/pages/editor/${proposal.id}/versions/${versionId}`,
		);
		expect(url).toMatch(
			/^https:\/\/www\.storydoc\.com\/[0-9a-f]{16}\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
		);
		expect(shortUrl).toMatch(/^https:\/\/view\.storydoc\.com\/[0-9a-z]{6}$/);

		const version = stored(versionId);
		expect(version).toMatchObject({
			source: 'API',
			draft: false,
			expireAt: null,
			createdAt: new Date(START).toISOString(),
		});
		expect(version.data.password).toBe('open-sesame');
		expect(version.data.pricing_items[0].id).toMatch(OBJECT_ID);
		expect(version.data.pricing_items[1].id).toBe('mine');

		const readBack = await read(versionId);
		expect(readBack.body).toMatchObject({
			id: versionId,
			title: 'Proposal for Vandelay',
			status: 'Live',
			isPublic: true,
			expireAt: null,
			source: 'API',
			sender: { name: 'Sam Rivera', email: 'sam@acme.test' },
			hasAcceptButton: true,
			acceptedAt: null,
			url,
			shortUrl,
			editorUrl,
			versionUrl,
		});
		expect(readBack.body.data).not.toHaveProperty('password');
		expect(readBack.body).not.toHaveProperty('versionId');
	});

	test('daysToExpire sets expireAt (not public); the version turns Expired when the day passes', async () => {
		const { body } = await create(validCreate({ daysToExpire: 7 }));
		const expected = new Date(START + 7 * DAY_MS).toISOString();
		expect((await read(body.versionId)).body).toMatchObject({
			isPublic: false,
			expireAt: expected,
			status: 'Live',
		});
		clock = START + 8 * DAY_MS;
		expect((await read(body.versionId)).body.status).toBe('Expired');
	});

	test('senderEmail matches users case-insensitively', async () => {
		const { status, body } = await create(validCreate({ senderEmail: 'SAM@Acme.test' }));
		expect(status).toBe(200);
		expect(stored(body.versionId).senderEmail).toBe('sam@acme.test');
	});

	const TITLE = 'Missing data.title in request body.';
	test.each([
		['no data', { storyId: 'nope', senderEmail: 'x' }, TITLE],
		[
			'data without title (checked before story and sender)',
			{ storyId: 'nope', senderEmail: 'x', data: { first_name: 'A' } },
			TITLE,
		],
		['empty title', { ...validCreate(), data: { title: '  ' } }, TITLE],
		['title not a string', { ...validCreate(), data: { title: 5 } }, TITLE],
		[
			'an unknown story (before the sender)',
			{ ...validCreate(), storyId: '65d0000000000000000000ee', senderEmail: 'x' },
			'Story 65d0000000000000000000ee not found.',
		],
		[
			'no storyId',
			{ senderEmail: 'sam@acme.test', data: { title: 'x' } },
			'Story undefined not found.',
		],
		[
			'a Draft story',
			{ ...validCreate(), storyId: caseStudy.id, senderEmail: 'x' },
			`Story status is not Live, click Share to set it to Live, https://editor.storydoc.com/pages/editor/${caseStudy.id}`,
		],
		[
			'an Archived story',
			{ ...validCreate(), storyId: pricing2023.id },
			`Story status is not Live, click Share to set it to Live, https://editor.storydoc.com/pages/editor/${pricing2023.id}`,
		],
		[
			'an unknown sender',
			validCreate({ senderEmail: 'nobody@acme.test' }),
			'senderEmail nobody@acme.test not found in this organization',
		],
		[
			'a sender who left',
			validCreate({ senderEmail: SEED.formerUserEmail }),
			`senderEmail ${SEED.formerUserEmail} not found in this organization`,
		],
		[
			'daysToExpire 0',
			validCreate({ daysToExpire: 0 }),
			'daysToExpire must be an integer of at least 1',
		],
		[
			'daysToExpire 1.5',
			validCreate({ daysToExpire: 1.5 }),
			'daysToExpire must be an integer of at least 1',
		],
		[
			'daysToExpire "3"',
			validCreate({ daysToExpire: '3' }),
			'daysToExpire must be an integer of at least 1',
		],
		[
			'daysToExpire null',
			validCreate({ daysToExpire: null }),
			'daysToExpire must be an integer of at least 1',
		],
	])('%s: 400 and nothing created', async (_label, body, error) => {
		const before = api.sandbox.state.versions.length;
		const response = await create(body);
		expect([response.status, response.body]).toEqual([400, { error }]);
		expect(api.sandbox.state.versions).toHaveLength(before);
	});

	test('the editor address in the not-Live error ends in the story id', async () => {
		const { body } = await create({ ...validCreate(), storyId: caseStudy.id });
		expect(new URL(body.error.split(', ').pop()).pathname.split('/').pop()).toBe(caseStudy.id);
	});

	test('plan-gated variables: 403 after the sender check, before daysToExpire', async () => {
		const onPremium = (extra?: VersionBody) => validCreate({ storyId: premium.id, ...extra });
		expect((await create(onPremium({ senderEmail: 'x@y.test' }), 'starter')).status).toBe(400);
		const response = await create(onPremium({ daysToExpire: 0 }), 'starter');
		expect(response.status).toBe(403);
		expect(response.body).toMatchObject({ code: 'VARIABLES_PLAN_REQUIRED', requiredPlan: 'team' });
		expect(response.body.variables).toHaveLength(2);
		const pro = await create(onPremium(), 'pro');
		expect(pro.body.variables).toEqual([{ name: 'booking_calendar', requiredPlan: 'team' }]);
		expect((await create(onPremium())).status).toBe(200);
	});

	test.each([
		[
			'invalid JSON',
			{ rawBody: '{"storyId": ', headers: { 'content-type': 'application/json' } },
			'Invalid JSON in request body',
		],
		[
			'no Content-Type',
			{ rawBody: JSON.stringify(validCreate()), headers: { 'content-type': '' } },
			'Content-Type must be application/json',
		],
		[
			'text/plain',
			{ rawBody: JSON.stringify(validCreate()), headers: { 'content-type': 'text/plain' } },
			'Content-Type must be application/json',
		],
		['a JSON array', { body: [validCreate()] }, TITLE],
	])('%s: 400', async (_label, request, error) => {
		const response = await api.call('/v2/versions', { method: 'POST', ...request });
		expect([response.status, response.body]).toEqual([400, { error }]);
	});

	test('application/json with a charset is accepted', async () => {
		const response = await api.call('/v2/versions', {
			rawBody: JSON.stringify(validCreate()),
			headers: { 'content-type': 'application/json; charset=utf-8' },
		});
		expect(response.status).toBe(200);
	});
});

describe('POST /v2/versions/{versionId}', () => {
	test("merges data at the top level, keeps the link, bumps updatedAt, answers the 4 addresses (no versionId, as in Storydoc's reference)", async () => {
		const before = (await read(V.live.id)).body;
		clock = START + DAY_MS;
		const response = await update(V.live.id, {
			senderEmail: 'jo@acme.test',
			data: {
				title: 'Proposal for Globex (v2)',
				company: 'Globex Corp',
				products: [{ name: 'Only', price: 1 }],
			},
		});
		expect(response.status).toBe(200);
		expect(Object.keys(response.body)).toEqual(
			RESULT_FIELDS.filter((field) => field !== 'versionId'),
		);
		expect(response.body).toMatchObject({ url: before.url, editorUrl: before.editorUrl });
		const after = (await read(V.live.id)).body;
		expect(after.title).toBe('Proposal for Globex (v2)');
		expect(after.updatedAt).toBe(new Date(START + DAY_MS).toISOString());
		expect(after.data).toEqual({
			...before.data,
			title: 'Proposal for Globex (v2)',
			company: 'Globex Corp',
			products: [{ name: 'Only', price: 1 }],
		});
		expect(after.sender).toEqual(before.sender);
		expect(after.createdAt).toBe(before.createdAt);
	});

	test('a manually edited version needs force=true; forcing clears the mark', async () => {
		const body = { senderEmail: 'sam@acme.test', data: { title: 'Initech, again' } };
		const edited = 'The version has been edited. Use force=true to override the changes.';
		expect((await update(V.edited.id, body)).body).toEqual({ error: edited });
		expect((await update(V.edited.id, { ...body, force: 'true' })).body).toEqual({ error: edited });
		expect((await update(V.edited.id, { ...body, force: false })).status).toBe(400);
		expect(stored(V.edited.id).data.title).toBe('Proposal for Initech');
		expect((await update(V.edited.id, { ...body, force: true })).status).toBe(200);
		expect(stored(V.edited.id).manuallyEdited).toBe(false);
		expect((await update(V.edited.id, body)).status).toBe(200);
	});

	test.each([
		['an unknown id', '65e0000000000000000000ee'],
		['a malformed id', 'not-an-id'],
		["the story's primary version", V.primary.id],
		['a version in a folder the key creator cannot open', V.hidden.id],
		['a version of an Archived story', V.archived.id],
		['a version of a Draft story', V.draftStory.id],
	])('%s: 404 Version not found', async (_label, id) => {
		const response = await update(id, { senderEmail: 'sam@acme.test', data: { title: 'x' } });
		expect([response.status, response.body]).toEqual([404, { error: 'Version not found' }]);
	});

	test.each([
		[
			'title missing (before the sender)',
			{ senderEmail: 'x', data: {} },
			'Missing data.title in request body.',
		],
		[
			'sender unknown (before the edit check)',
			{ senderEmail: 'x@y.test', data: { title: 't' } },
			'senderEmail x@y.test not found in this organization',
		],
	])('%s: 400', async (_label, body, error) => {
		const response = await update(V.edited.id, body);
		expect([response.status, response.body]).toEqual([400, { error }]);
	});

	test('404 comes before body checks; invalid JSON before 404', async () => {
		expect((await update('65e0000000000000000000ee', { data: {} })).status).toBe(404);
		const raw = await api.call('/v2/versions/65e0000000000000000000ee', {
			rawBody: '{',
			headers: { 'content-type': 'application/json' },
		});
		expect([raw.status, raw.body]).toEqual([400, { error: 'Invalid JSON in request body' }]);
	});

	test('plan-gated variables: 403 for starter and pro, 200 for team', async () => {
		const body = { senderEmail: 'jo@acme.test', data: { title: 'Demo for Tyrell' } };
		const starter = await update(V.premium.id, body, 'starter');
		expect(starter.status).toBe(403);
		expect(starter.body).toMatchObject({ code: 'VARIABLES_PLAN_REQUIRED', requiredPlan: 'team' });
		expect((await update(V.premium.id, body, 'pro')).body.variables).toEqual([
			{ name: 'booking_calendar', requiredPlan: 'team' },
		]);
		expect((await update(V.premium.id, body)).status).toBe(200);
	});
});

test("with specOnly (the spec document's reading) the update answer carries versionId too", async () => {
	const response = await specOnly.call(`/v2/versions/${V.live.id}`, {
		body: { senderEmail: 'sam@acme.test', data: { title: 'x' } },
	});
	expect(Object.keys(response.body)).toEqual(RESULT_FIELDS);
	expect(response.body.versionId).toBe(V.live.id);
});

describe('GET /v2/versions/{versionId}', () => {
	test('every field of the Version table, in order; include is ignored', async () => {
		const response = await read(`${V.live.id}?include=optionalContent`);
		expect(response.status).toBe(200);
		expect(Object.keys(response.body)).toEqual(VERSION_FIELDS);
		expect(response.body).toMatchObject({
			id: V.live.id,
			title: 'Proposal for Globex',
			status: 'Live',
			storyId: proposal.id,
			storyTitle: 'Sales proposal',
			folder: {
				id: SEED.folders.sales.id,
				name: 'Sales',
				path: ['Sales'],
				sharedWithEveryone: true,
				members: [],
			},
			sender: { name: 'Sam Rivera', email: 'sam@acme.test' },
			editorUrl: `https://app.storydoc.com/pages/editor/${proposal.id}/${V.live.id}`,
			versionUrl: `https://app.storydoc.com/pages/editor/${proposal.id}/versions/${V.live.id}`,
			isPublic: true,
			expireAt: null,
			hasAcceptButton: true,
			acceptedAt: null,
			source: 'API',
			data: V.live.data,
		});
		for (const field of ['createdAt', 'updatedAt'])
			expect(response.body[field]).toMatch(ISO_DATE_TIME);
	});

	test.each([
		['expiring', 'Live', { isPublic: false }],
		['expired', 'Expired', { isPublic: false }],
		['accepted', 'Accepted', { hasAcceptButton: true }],
		['draft', 'Draft', { url: null, shortUrl: null }],
		['edited', 'Live', {}],
	])('%s version: status %s', async (key, status, extra) => {
		const { body } = await read(V[key].id);
		expect(body).toMatchObject({ status, ...extra });
		if (status === 'Accepted') expect(body.acceptedAt).toMatch(ISO_DATE_TIME);
		if (status === 'Expired') expect(Date.parse(body.expireAt)).toBeLessThan(START);
	});

	test('the link password is stored but never returned', async () => {
		expect(stored(V.expiring.id).data.password).toBe('green-2030');
		const { body, text } = await read(V.expiring.id);
		expect(body.data).not.toHaveProperty('password');
		expect(text).not.toContain('green-2030');
	});

	test('a story at the root: folder null; a private folder lists its members with names', async () => {
		expect((await read(V.intro.id)).body.folder).toBeNull();
		expect((await read(V.premium.id)).body.folder).toEqual({
			id: SEED.folders.enterprise.id,
			name: 'Enterprise',
			path: ['Sales', 'Enterprise'],
			sharedWithEveryone: false,
			members: [
				{ name: 'Jo Chen', email: 'jo@acme.test', role: 'Owner' },
				{ name: 'Sam Rivera', email: 'sam@acme.test', role: 'Editor' },
			],
		});
	});

	test.each([
		['unknown', '65e0000000000000000000ee'],
		['malformed', 'abc'],
		["the story's primary version", V.primary.id],
		['in the Board folder (its parent lists the key creator; Board does not)', V.hidden.id],
		['of an Archived story', V.archived.id],
		['of a Draft story', V.draftStory.id],
	])('%s: 404 Version not found', async (_label, id) => {
		const response = await read(id);
		expect([response.status, response.body]).toEqual([404, { error: 'Version not found' }]);
	});

	test('a key made by an org admin opens every folder', async () => {
		const { status, body } = await read(V.hidden.id, 'admin');
		expect(status).toBe(200);
		expect(body.folder).toMatchObject({
			path: ['Sales', 'Enterprise', 'Board'],
			members: [{ name: 'Jo Chen', email: 'jo@acme.test', role: 'Owner' }],
		});
	});

	test('plan-gated variables apply to reading a version too', async () => {
		expect((await read(V.premium.id, 'starter')).status).toBe(403);
		expect((await read(V.premium.id)).status).toBe(200);
	});
});
