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

import type { AddressForm, LocatorField } from '../../../harness/addressForms';
import {
	ADDRESS_FORMS,
	expectedReading,
	isPublicLink,
	useAddressForms,
} from '../../../harness/addressForms';
import { workflowIssuesRefusal } from '../../../harness/engineLine';
import type { Json } from '../../../harness/n8n';
import { runPoll, runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { SENDER, locator, requestLines } from '../../../harness/versionFixtures';

const api = useSandbox({ rateLimit: { max: 100000 } });
const addressOf = useAddressForms(api);
const DAY_MS = 24 * 60 * 60 * 1000;

type Mode = 'list' | 'id' | 'url';

beforeEach(() => api.sandbox.reset());

const analyticsQueries = (): Json[] =>
	api.sandbox.log
		.filter((entry: Json) => entry.path === '/v2/analytics/events')
		.map((entry: Json) => entry.query);

interface Target {
	name: string;
	field: LocatorField;
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

/** The filters Get Events and the trigger share (descriptions/analyticsFilters.ts). */
const FILTERS: Array<{ field: LocatorField; parameter: string; modes: Mode[] }> = [
	{ field: 'Story', parameter: 'storyId', modes: ['list', 'id', 'url'] },
	{ field: 'Version', parameter: 'versionId', modes: ['id', 'url'] },
];

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
	...FILTERS.flatMap(({ field, parameter, modes }): Target[] => [
		{
			name: `Get Events › Filters › ${field}`,
			field,
			modes,
			checkedByN8n: false,
			prefix: 'Item 0: ',
			run: (value) =>
				action({
					resource: 'analytics',
					operation: 'getEvents',
					...period(),
					filters: { [parameter]: value },
				}),
			sent: (id) => {
				expect(analyticsQueries().length).toBeGreaterThan(0);
				expect(analyticsQueries().every((query) => query[parameter] === id)).toBe(true);
			},
		},
		{
			name: `Storydoc Trigger › Filters › ${field}`,
			field,
			modes,
			checkedByN8n: false,
			prefix: '',
			run: (value) => triggerPoll({ [parameter]: value }),
			sent: (id) =>
				expect(analyticsQueries()).toEqual([expect.objectContaining({ [parameter]: id })]),
		},
	]),
];

const CASES = TARGETS.flatMap((target) =>
	target.modes.flatMap((mode) => ADDRESS_FORMS.map((form) => [target.name, mode, form] as const)),
);
const targetNamed = (name: string) => TARGETS.find((target) => target.name === name) as Target;

/** The node's verdict on what reached it: a request with the ID, or its message and no request. */
function expectRead(target: Target, form: AddressForm, value: string, error: Json) {
	const result = expectedReading(form, target.field);
	if (result.id) {
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
			const { problem } = expectedReading(form, target.field);
			await expect(target.run(locator(value, mode))).rejects.toThrow(
				workflowIssuesRefusal(`"${target.field}" ${problem}`),
			);
			expect(api.sandbox.log).toEqual([]);
			return;
		}
		expectRead(target, form, value, await target.run(locator(value, mode)));
	});
});
