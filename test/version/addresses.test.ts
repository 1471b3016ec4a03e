/**
 * Pasted Storydoc addresses in the "By URL" modes, through n8n's engine against the sandbox: which
 * forms name which ID (the explicit query parameter first, then the segment after `editor` or
 * `versions`, then the last path segment), and which are refused before any request, naming the
 * item and the field.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWorkflow, storydocWorkflow } from '../harness/n8n';
import { useSandbox } from '../harness/sandbox';
import { SEED, locator, requestLines } from './fixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
const VERSION = SEED.versions.live.id;
const STORY = SEED.stories.proposal.id;
const APP = 'https://app.storydoc.com';

beforeEach(() => api.sandbox.reset());

/** Node parameters, with the address the input item carries (not a node parameter). */
type AddressedParameters = INodeParameters & { address?: string };

const run = (parameters: AddressedParameters, items: IDataObject[] = [{ address: parameters.address }]) => {
	// The parameters without the address.
	const rest: INodeParameters = { ...parameters };
	delete rest.address;
	return runWorkflow(storydocWorkflow(rest, { items }), { credentials: api.credentials() });
};
const versionGet = (address: string) => run({ resource: 'version', operation: 'get', versionId: locator('={{ $json.address }}', 'url'), address });
const storyGet = (address: string) => run({ resource: 'story', operation: 'get', storyId: locator('={{ $json.address }}', 'url'), address });

describe('Version › By URL', () => {
	test.each([
		['the versionUrl', `${APP}/versions/${VERSION}`],
		['the versionUrl with a trailing slash, a query and a fragment', `${APP}/versions/${VERSION}/?tab=analytics#top`],
		['the editorUrl …/editor/<story>/versions/<version>', `${APP}/editor/${STORY}/versions/${VERSION}`],
		['an editor address with ?versionId=', `${APP}/editor/${STORY}?versionId=${VERSION}`],
		['the editor address of Storydoc\'s pages with ?versionId= among other parameters', `${APP}/pages/editor/${STORY}?mode=edit&versionId=${VERSION}`],
		['the public link …/v/<version>', `https://view.storydoc.com/v/${VERSION}`],
	])('%s names the version', async (_label, address) => {
		const { outputs, error } = await versionGet(address);
		expect(error).toBeUndefined();
		expect(requestLines(api.sandbox)).toEqual([`GET /v2/versions/${VERSION}`]);
		expect(outputs.Storydoc[0].json.id).toBe(VERSION);
	});

	test.each([
		['an address with the ID cut off', `${APP}/editor/`],
		['a versions address with the ID cut off', `${APP}/versions/`],
		["a story's editor address (no version in it)", `${APP}/pages/editor/${STORY}`],
		['an empty ?versionId=', `${APP}/editor/${STORY}?versionId=`],
		['a host only', APP],
		['not an http(s) address', `ftp://app.storydoc.com/versions/${VERSION}`],
	])('%s is refused before any request', async (_label, address) => {
		const { error } = await versionGet(address);
		expect(error.message).toBe('Item 0: "Version" is not a version address with an ID');
		expect(error.description).toBe(
			`Accepted: …/versions/<version ID>, or an address with ?versionId=<version ID>. Value given: ${JSON.stringify(address)}`,
		);
		expect(error.context.itemIndex).toBe(0);
		expect(api.sandbox.log).toEqual([]);
	});
});

describe('Story › By URL', () => {
	test.each([
		["Storydoc's editor address …/pages/editor/<story>", `${APP}/pages/editor/${STORY}`],
		['…/editor/<story>/', `${APP}/editor/${STORY}/`],
		["a version's editorUrl (the story it was made from)", `${APP}/editor/${STORY}/versions/${VERSION}`],
		['any address with ?storyId=', `${APP}/analytics?storyId=${STORY}`],
		['the preview link …/preview/<story>', `https://view.storydoc.com/preview/${STORY}`],
	])('%s names the story', async (_label, address) => {
		const { outputs, error } = await storyGet(address);
		expect(error).toBeUndefined();
		expect(requestLines(api.sandbox)).toEqual([`GET /v2/stories/${STORY}`]);
		expect(outputs.Storydoc[0].json.id).toBe(STORY);
	});

	test.each([
		['the editor address with the ID cut off', `${APP}/editor/`],
		["Storydoc's pages editor address with the ID cut off", `${APP}/pages/editor`],
		['an empty ?storyId=', `${APP}/analytics?storyId=`],
	])('%s is refused before any request', async (_label, address) => {
		const { error } = await storyGet(address);
		expect(error.message).toBe('Item 0: "Story" is not a story address with an ID');
		expect(error.description).toBe(
			`Accepted: …/editor/<story ID>, or an address with ?storyId=<story ID>. Value given: ${JSON.stringify(address)}`,
		);
		expect(api.sandbox.log).toEqual([]);
	});
});

test('a batch: the item with an unusable address fails before any request, naming its item', async () => {
	const items = [{ address: `${APP}/versions/${VERSION}` }, { address: `${APP}/versions/` }];
	const { error } = await run({ resource: 'version', operation: 'get', versionId: locator('={{ $json.address }}', 'url') }, items);
	expect(error.message).toBe('Item 1: "Version" is not a version address with an ID');
	expect(requestLines(api.sandbox)).toEqual([`GET /v2/versions/${VERSION}`]);
});
