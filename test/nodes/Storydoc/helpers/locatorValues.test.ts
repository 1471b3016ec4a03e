/**
 * Pasted Storydoc addresses, through n8n's engine against the sandbox, in the ID mode as in the
 * "By URL" mode: which forms name which ID (the explicit query parameter first, then the segment
 * after `editor` or `versions`, then the last path segment), and which are refused before any
 * request, naming the item and the field. Every form in every mode of every field:
 * locatorForms.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { SEED, locator, requestLines } from '../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
const VERSION = SEED.versions.live.id;
const STORY = SEED.stories.proposal.id;
const APP = 'https://app.storydoc.com';

beforeEach(() => api.sandbox.reset());

/** Node parameters, with the address the input item carries (not a node parameter). */
type AddressedParameters = INodeParameters & { address?: string };

const run = (
	parameters: AddressedParameters,
	items: IDataObject[] = [{ address: parameters.address }],
) => {
	// The parameters without the address.
	const rest: INodeParameters = { ...parameters };
	delete rest.address;
	return runWorkflow(storydocWorkflow(rest, { items }), { credentials: api.credentials() });
};
const versionGet = (address: string, mode = 'url') =>
	run({
		resource: 'version',
		operation: 'get',
		versionId: locator('={{ $json.address }}', mode),
		address,
	});
const storyGet = (address: string, mode = 'url') =>
	run({
		resource: 'story',
		operation: 'get',
		storyId: locator('={{ $json.address }}', mode),
		address,
	});
/** Each case in both modes that take an address as typed. */
const inBothModes = <Address>(cases: Array<[string, Address]>): Array<[string, Address, string]> =>
	cases.flatMap(([label, address]) =>
		['url', 'id'].map((mode): [string, Address, string] => [label, address, mode]),
	);

/** The addresses of the seeded version, in the shapes of Storydoc's published reference (from the sandbox). */
let links: { url: string; shortUrl: string; editorUrl: string; versionUrl: string };
beforeAll(async () => {
	const response = await fetch(`${api.url}/v2/versions/${VERSION}`, {
		headers: { Authorization: `Bearer ${api.sandbox.tokens.team}` },
	});
	links = (await response.json()) as typeof links;
});

describe('Version › By URL and ID', () => {
	test.each(
		inBothModes([
			[
				"the editorUrl of Storydoc's reference …/pages/editor/<story>/<version>",
				() => `${APP}/pages/editor/${STORY}/${VERSION}`,
			],
			[
				"the versionUrl of Storydoc's reference …/pages/editor/<story>/versions/<version>",
				() => `${APP}/pages/editor/${STORY}/versions/${VERSION}`,
			],
			['the editorUrl the API answered', () => links.editorUrl],
			['the versionUrl the API answered', () => links.versionUrl],
			[
				'…/versions/<version> with a trailing slash, a query and a fragment',
				() => `${APP}/versions/${VERSION}/?tab=analytics#top`,
			],
			[
				'an editor address with ?versionId=',
				() => `${APP}/pages/editor/${STORY}?versionId=${VERSION}`,
			],
			[
				'?versionId= among other parameters',
				() => `${APP}/pages/editor/${STORY}?mode=edit&versionId=${VERSION}`,
			],
			['an address ending in a 24-hex ID', () => `https://example.test/anything/${VERSION}`],
		]),
	)('%s names the version (%s mode)', async (_label, address, mode) => {
		const { outputs, error } = await versionGet(address(), mode);
		expect(error).toBeUndefined();
		expect(requestLines(api.sandbox)).toEqual([`GET /v2/versions/${VERSION}`]);
		expect(outputs.Storydoc[0].json.id).toBe(VERSION);
	});

	const ACCEPTED =
		'Accepted: its ID (24 hexadecimal characters), its editorUrl …/pages/editor/<story ID>/<version ID>, its versionUrl …/pages/editor/<story ID>/versions/<version ID>, or an address with ?versionId=<version ID>.';

	test.each(
		inBothModes([
			[
				"the public link of Storydoc's reference www.storydoc.com/<16 hex>/<UUID>",
				() => 'https://www.storydoc.com/3f9a1c2b4d5e6f70/0b7e8c1a-2d3f-4a5b-9c6d-7e8f9a0b1c2d',
			],
			[
				"the short link of Storydoc's reference view.storydoc.com/<code>",
				() => 'https://view.storydoc.com/a1B2c3',
			],
			['the url the API answered', () => links.url],
			['the shortUrl the API answered', () => links.shortUrl],
		]),
	)(
		'%s is refused before any request (%s mode): a public link carries no ID',
		async (_label, address, mode) => {
			const { error } = await versionGet(address(), mode);
			expect(error.message).toBe('Item 0: "Version" is a public link, which carries no version ID');
			expect(error.description).toBe(
				`Storydoc's public links (url, shortUrl) name no story or version. ${ACCEPTED} Value given: ${JSON.stringify(address())}`,
			);
			expect(error.context.itemIndex).toBe(0);
			expect(api.sandbox.log).toEqual([]);
		},
	);

	test.each(
		inBothModes([
			['an address with the ID cut off', `${APP}/pages/editor/`],
			['a versions address with the ID cut off', `${APP}/pages/editor/${STORY}/versions/`],
			[
				"a story's editor address (no version in it)",
				`https://editor.storydoc.com/pages/editor/${STORY}`,
			],
			["a story's preview address", `https://view.storydoc.com/preview/${STORY}`],
			['an empty ?versionId=', `${APP}/pages/editor/${STORY}?versionId=`],
			[
				'an address ending in something that is not a Storydoc ID',
				`https://example.test/v/${VERSION.slice(0, 12)}`,
			],
			['a host only', APP],
		]),
	)('%s is refused before any request (%s mode)', async (_label, address, mode) => {
		const { error } = await versionGet(address, mode);
		expect(error.message).toBe('Item 0: "Version" is not a version address with an ID');
		expect(error.description).toBe(`${ACCEPTED} Value given: ${JSON.stringify(address)}`);
		expect(error.context.itemIndex).toBe(0);
		expect(api.sandbox.log).toEqual([]);
	});

	test.each([
		['url', 'is not a version address with an ID'],
		['id', 'is empty or not a valid ID'],
	])(
		'an address that is not http(s) is refused before any request (%s mode)',
		async (mode, problem) => {
			const address = `ftp://app.storydoc.com/versions/${VERSION}`;
			const { error } = await versionGet(address, mode);
			expect(error.message).toBe(`Item 0: "Version" ${problem}`);
			expect(error.description).toBe(`${ACCEPTED} Value given: ${JSON.stringify(address)}`);
			expect(api.sandbox.log).toEqual([]);
		},
	);

	test.each([
		['url', 'a bare Storydoc ID', () => VERSION],
		['id', 'a bare ID', () => VERSION],
	])('%s mode takes %s as it is', async (mode, _label, id) => {
		const { error } = await versionGet(id(), mode);
		expect(error).toBeUndefined();
		expect(requestLines(api.sandbox)).toEqual([`GET /v2/versions/${VERSION}`]);
	});

	test('the URL mode refuses a bare value not shaped like a Storydoc ID; the ID mode sends it as it is', async () => {
		const { error } = await versionGet('v-42', 'url');
		expect(error.message).toBe('Item 0: "Version" is not a version address with an ID');
		expect(api.sandbox.log).toEqual([]);
		await versionGet('v-42', 'id');
		expect(requestLines(api.sandbox)).toEqual(['GET /v2/versions/v-42']);
	});
});

describe('Story › By URL and ID', () => {
	test.each(
		inBothModes([
			[
				"the story's editor address of Storydoc's reference",
				() => `https://editor.storydoc.com/pages/editor/${STORY}`,
			],
			['…/editor/<story>/', () => `${APP}/editor/${STORY}/`],
			["a version's editorUrl (the story it was made from)", () => links.editorUrl],
			["a version's versionUrl", () => links.versionUrl],
			['any address with ?storyId=', () => `${APP}/analytics?storyId=${STORY}`],
			['the preview link …/preview/<story>', () => `https://view.storydoc.com/preview/${STORY}`],
		]),
	)('%s names the story (%s mode)', async (_label, address, mode) => {
		const { outputs, error } = await storyGet(address(), mode);
		expect(error).toBeUndefined();
		expect(requestLines(api.sandbox)).toEqual([`GET /v2/stories/${STORY}`]);
		expect(outputs.Storydoc[0].json.id).toBe(STORY);
	});

	const ACCEPTED =
		"Accepted: its ID (24 hexadecimal characters), its editor address …/pages/editor/<story ID>, a version's editorUrl or versionUrl (the story it was made from), or an address with ?storyId=<story ID>.";

	test.each(
		inBothModes([
			['the editor address with the ID cut off', `${APP}/editor/`],
			["Storydoc's pages editor address with the ID cut off", `${APP}/pages/editor`],
			['an empty ?storyId=', `${APP}/analytics?storyId=`],
			["a version's address without its story", `${APP}/versions/${VERSION}`],
		]),
	)('%s is refused before any request (%s mode)', async (_label, address, mode) => {
		const { error } = await storyGet(address, mode);
		expect(error.message).toBe('Item 0: "Story" is not a story address with an ID');
		expect(error.description).toBe(`${ACCEPTED} Value given: ${JSON.stringify(address)}`);
		expect(api.sandbox.log).toEqual([]);
	});

	test.each(['url', 'id', 'list'])(
		'a public link is refused before any request (%s mode): it names no story',
		async (mode) => {
			const { error } = await storyGet(links.url, mode);
			expect(error.message).toBe('Item 0: "Story" is a public link, which carries no story ID');
			expect(api.sandbox.log).toEqual([]);
		},
	);
});

test('a batch: the item with an unusable address fails before any request, naming its item', async () => {
	const items = [
		{ address: `${APP}/pages/editor/${STORY}/${VERSION}` },
		{ address: `${APP}/versions/` },
	];
	const { error } = await run(
		{ resource: 'version', operation: 'get', versionId: locator('={{ $json.address }}', 'url') },
		items,
	);
	expect(error.message).toBe('Item 1: "Version" is not a version address with an ID');
	// At most item 0's request (sent if the router reached it before reading item 1); none for item 1.
	expect([[], [`GET /v2/versions/${VERSION}`]]).toContainEqual(requestLines(api.sandbox));
});
