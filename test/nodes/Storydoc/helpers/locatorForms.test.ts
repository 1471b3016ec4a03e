/**
 * Every address form in every mode of every ID field, through n8n's engine against the sandbox: a bare
 * ID, a version's editorUrl and versionUrl (as the API answered them), a story's editor address, a
 * public link and a short link (the API's url and shortUrl). Each is given by an expression (n8n
 * does not check those: the node reads them) and typed (a fixed value, which n8n checks against the
 * mode's `validation` before the run when the field is a top-level parameter, not inside a
 * collection such as Filters). The node reads each to its ID, or refuses it before any request
 * with a message naming the item and the field. The tool path ($fromAI) is in locatorTools.test.ts.
 */
import type { INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import { storyEditorUrl } from '../../../../sandbox/links';
import { workflowIssuesRefusal } from '../../../harness/engineLine';
import type { Json } from '../../../harness/n8n';
import { runPoll, runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { SEED, SENDER, locator, requestLines } from '../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
const VERSION = SEED.versions.live.id;
const STORY = SEED.stories.proposal.id;
const DAY_MS = 24 * 60 * 60 * 1000;

type Field = 'Story' | 'Version';
type Mode = 'list' | 'id' | 'url';
const FORMS = [
	'bare ID',
	'editorUrl',
	'versionUrl',
	"story's editor address",
	'public link (url)',
	'short link (shortUrl)',
] as const;
type Form = (typeof FORMS)[number];

/** The live version's own addresses, as the API hands them out. */
let links: { url: string; shortUrl: string; editorUrl: string; versionUrl: string };
beforeAll(async () => {
	links = (await api.directGet(`/v2/versions/${VERSION}`)).body;
	expect(links.editorUrl).toContain(`/${STORY}/${VERSION}`);
});
beforeEach(() => api.sandbox.reset());

function addressOf(form: Form, field: Field): string {
	switch (form) {
		case 'bare ID':
			return field === 'Story' ? STORY : VERSION;
		case 'editorUrl':
			return links.editorUrl;
		case 'versionUrl':
			return links.versionUrl;
		case "story's editor address":
			return storyEditorUrl(STORY);
		case 'public link (url)':
			return links.url;
		case 'short link (shortUrl)':
			return links.shortUrl;
	}
}

const isPublicLink = (form: Form) => form.startsWith('public') || form.startsWith('short');

/** What the node makes of a form: the ID it names, or the problem it reports. */
function expected(form: Form, field: Field): { id: string } | { problem: string } {
	const thing = field.toLowerCase();
	if (isPublicLink(form)) return { problem: `is a public link, which carries no ${thing} ID` };
	// A story's editor address names no version (today's rule, docs/development.md › Design notes).
	if (field === 'Version' && form === "story's editor address")
		return { problem: 'is not a version address with an ID' };
	return { id: field === 'Story' ? STORY : VERSION };
}

const analyticsQueries = (): Json[] =>
	api.sandbox.log
		.filter((entry: Json) => entry.path === '/v2/analytics/events')
		.map((entry: Json) => entry.query);

interface Target {
	name: string;
	field: Field;
	modes: Mode[];
	/** A top-level parameter, which n8n checks against the mode's validation when typed. */
	checkedByN8n: boolean;
	/** Runs it with this value; resolves to the error the user sees, if any. */
	run(value: INodeParameterResourceLocator): Promise<Json>;
	/** The request the sandbox received for this ID. */
	sent(id: string): void;
	/** "Item 0: " for an action's item; a trigger's parameters belong to no item. */
	prefix: string;
}

async function action(parameters: INodeParameters): Promise<Json> {
	const { error } = await runWorkflow(storydocWorkflow(parameters), {
		credentials: api.credentials(),
	});
	return error;
}

async function triggerPoll(filters: INodeParameters): Promise<Json> {
	// The activation poll: one probe request with the filters, no events needed.
	return await runPoll(
		{
			name: 'When a prospect engages',
			type: 'n8n-nodes-storydoc.storydocTrigger',
			parameters: { filters },
			credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
		},
		{ credentials: api.credentials(), staticData: {} },
	).then(
		() => undefined,
		(error: unknown) => error,
	);
}

const period = () => ({
	dateFrom: new Date(Date.now() - 30 * DAY_MS).toISOString(),
	dateTo: new Date().toISOString(),
});

const TARGETS: Target[] = [
	{
		name: 'Version › Get',
		field: 'Version',
		modes: ['id', 'url'],
		checkedByN8n: true,
		prefix: 'Item 0: ',
		run: (versionId) => action({ resource: 'version', operation: 'get', versionId }),
		sent: (id) => expect(requestLines(api.sandbox)).toEqual([`GET /v2/versions/${id}`]),
	},
	{
		name: 'Version › Update',
		field: 'Version',
		modes: ['id', 'url'],
		checkedByN8n: true,
		prefix: 'Item 0: ',
		run: (versionId) =>
			action({
				resource: 'version',
				operation: 'update',
				versionId,
				senderEmail: SENDER,
				title: 'Renewal for Globex',
			}),
		sent: (id) => expect(requestLines(api.sandbox)).toEqual([`POST /v2/versions/${id}`]),
	},
	{
		name: 'Version › Create',
		field: 'Story',
		modes: ['list', 'id', 'url'],
		checkedByN8n: true,
		prefix: 'Item 0: ',
		run: (storyId) =>
			action({
				resource: 'version',
				operation: 'create',
				storyId,
				senderEmail: SENDER,
				title: 'Proposal for Globex',
			}),
		sent: (id) => {
			expect(requestLines(api.sandbox)).toEqual(['POST /v2/versions']);
			expect((api.sandbox.log[0] as Json).body.storyId).toBe(id);
		},
	},
	{
		name: 'Story › Get',
		field: 'Story',
		modes: ['list', 'id', 'url'],
		checkedByN8n: true,
		prefix: 'Item 0: ',
		run: (storyId) => action({ resource: 'story', operation: 'get', storyId }),
		sent: (id) => expect(requestLines(api.sandbox)).toEqual([`GET /v2/stories/${id}`]),
	},
	{
		name: 'Get Events › Filters › Story',
		field: 'Story',
		modes: ['list', 'id', 'url'],
		checkedByN8n: false,
		prefix: 'Item 0: ',
		run: (storyId) =>
			action({ resource: 'analytics', operation: 'getEvents', ...period(), filters: { storyId } }),
		sent: (id) => {
			expect(analyticsQueries().length).toBeGreaterThan(0);
			expect(analyticsQueries().every((query) => query.storyId === id)).toBe(true);
		},
	},
	{
		name: 'Get Events › Filters › Version',
		field: 'Version',
		modes: ['id', 'url'],
		checkedByN8n: false,
		prefix: 'Item 0: ',
		run: (versionId) =>
			action({
				resource: 'analytics',
				operation: 'getEvents',
				...period(),
				filters: { versionId },
			}),
		sent: (id) => {
			expect(analyticsQueries().length).toBeGreaterThan(0);
			expect(analyticsQueries().every((query) => query.versionId === id)).toBe(true);
		},
	},
	{
		name: 'Storydoc Trigger › Filters › Story',
		field: 'Story',
		modes: ['list', 'id', 'url'],
		checkedByN8n: false,
		prefix: '',
		run: (storyId) => triggerPoll({ storyId }),
		sent: (id) => expect(analyticsQueries()).toEqual([expect.objectContaining({ storyId: id })]),
	},
	{
		name: 'Storydoc Trigger › Filters › Version',
		field: 'Version',
		modes: ['id', 'url'],
		checkedByN8n: false,
		prefix: '',
		run: (versionId) => triggerPoll({ versionId }),
		sent: (id) => expect(analyticsQueries()).toEqual([expect.objectContaining({ versionId: id })]),
	},
];

const CASES = TARGETS.flatMap((target) =>
	target.modes.flatMap((mode) => FORMS.map((form) => [target.name, mode, form] as const)),
);
const targetNamed = (name: string) => TARGETS.find((target) => target.name === name) as Target;

/** The node's verdict on what reached it: a request with the ID, or its message and no request. */
function expectRead(target: Target, form: Form, value: string, error: Json) {
	const result = expected(form, target.field);
	if ('id' in result) {
		expect(error).toBeUndefined();
		target.sent(result.id);
		return;
	}
	expect(error.message).toBe(`${target.prefix}"${target.field}" ${result.problem}`);
	expect(error.description).toContain(`Value given: ${JSON.stringify(value)}`);
	expect(api.sandbox.log).toEqual([]);
}

describe.each(CASES)('%s, %s mode: the %s', (name, mode, form) => {
	const target = targetNamed(name);

	test('from an expression: read to its ID, or refused before any request', async () => {
		const value = addressOf(form, target.field);
		const error = await target.run(locator(`={{ ${JSON.stringify(value)} }}`, mode));
		expectRead(target, form, value, error);
	});

	test('typed: the same, except that n8n itself stops a public link in a field it checks', async () => {
		const value = addressOf(form, target.field);
		if (target.checkedByN8n && mode !== 'list' && isPublicLink(form)) {
			// The mode's validation message (2.x lists it; 1.x refuses the workflow without details).
			const { problem } = expected(form, target.field) as { problem: string };
			await expect(target.run(locator(value, mode))).rejects.toThrow(
				workflowIssuesRefusal(`"${target.field}" ${problem}`),
			);
			expect(api.sandbox.log).toEqual([]);
			return;
		}
		expectRead(target, form, value, await target.run(locator(value, mode)));
	});
});
