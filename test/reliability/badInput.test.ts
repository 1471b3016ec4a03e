/**
 * The bad-input matrix across the operations: each invalid value (from an expression, as workflow
 * data brings it; literals the editor can check are stopped by n8n before the run) is a
 * NodeOperationError naming the item and the field, raised before any request: the sandbox hears
 * nothing. With Continue On Fail it is an error item paired to its input item, still with no request.
 * Create and Update's own data fields (title, sender, variables, rows, JSON fields, products) have
 * their table in test/nodes/Storydoc/actions/version/badInput.test.ts; the trigger's filters in test/nodes/StorydocTrigger/.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Json } from '../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../harness/n8n';
import { useSandbox } from '../harness/sandbox';
import { SEED, locator, createParameters, updateParameters } from '../harness/versionFixtures';

const api = useSandbox();
const LIVE = SEED.versions.live.id;
const analytics = (overrides: INodeParameters): INodeParameters => ({
	resource: 'analytics',
	operation: 'getEvents',
	dateFrom: '2026-01-01T00:00:00Z',
	dateTo: '2026-02-01T00:00:00Z',
	...overrides,
});

/** [operation, case, parameters, field named, what it says] */
type BadInputCase = [
	operation: string,
	name: string,
	parameters: INodeParameters,
	field: string,
	problem: string,
];
const CASES: BadInputCase[] = [
	[
		'Version › Get',
		'empty ID',
		{ resource: 'version', operation: 'get', versionId: locator('={{ "" }}') },
		'Version',
		'is empty or not a valid ID',
	],
	[
		'Version › Get',
		'ID with a slash',
		{ resource: 'version', operation: 'get', versionId: locator('={{ "65e0/01" }}') },
		'Version',
		'is empty or not a valid ID',
	],
	[
		'Version › Get',
		'URL without an ID',
		{
			resource: 'version',
			operation: 'get',
			versionId: locator('={{ "https://app.storydoc.com" }}', 'url'),
		},
		'Version',
		'is not a version address with an ID',
	],
	[
		'Version › Update',
		'URL that is no URL',
		updateParameters(LIVE, { title: 'x', versionId: locator('={{ "versions/66a0" }}', 'url') }),
		'Version',
		'is not a version address with an ID',
	],
	[
		'Story › Get',
		'ID with a space',
		{ resource: 'story', operation: 'get', storyId: locator('={{ "65d0 01" }}') },
		'Story',
		'is empty or not a valid ID',
	],
	[
		'Story › Get',
		'URL without an ID',
		{ resource: 'story', operation: 'get', storyId: locator('={{ "ftp://x" }}', 'url') },
		'Story',
		'is not a story address with an ID',
	],
	[
		'Story › Get Many',
		'Limit 0',
		{ resource: 'story', operation: 'getAll', limit: '={{ 0 }}' },
		'Limit',
		'must be a whole number of at least 1',
	],
	[
		'Story › Get Many',
		'fractional Limit',
		{ resource: 'story', operation: 'getAll', limit: '={{ 2.5 }}' },
		'Limit',
		'must be a whole number of at least 1',
	],
	[
		'Analytics › Get Events',
		'empty From',
		analytics({ dateFrom: '={{ "" }}' }),
		'From',
		'is required',
	],
	[
		'Analytics › Get Events',
		'unreadable To',
		analytics({ dateTo: '={{ "end of March" }}' }),
		'To',
		'is not a valid date',
	],
	[
		'Analytics › Get Events',
		'From after To',
		analytics({ dateFrom: '2026-03-01T00:00:00Z' }),
		'From',
		'is after "To"',
	],
	[
		'Analytics › Get Events',
		'User Email no address',
		analytics({ filters: { userEmail: '={{ "sam(at)acme" }}' } }),
		'User Email',
		'is not a valid email address',
	],
	[
		'Analytics › Get Events',
		'Story filter ID with a space',
		analytics({ filters: { storyId: locator('={{ "a b" }}') } }),
		'Story',
		'is empty or not a valid ID',
	],
	[
		'Analytics › Get Events',
		'Version filter URL without an ID',
		analytics({ filters: { versionId: locator('={{ "nope" }}', 'url') } }),
		'Version',
		'is not a version address with an ID',
	],
	[
		'Analytics › Get Events',
		'Limit text',
		analytics({ limit: '={{ "all" }}' }),
		'Limit',
		'must be a whole number of at least 1',
	],
	[
		'Analytics › Get Events',
		'Parallel Page Requests 0',
		analytics({ options: { concurrency: '={{ 0 }}' } }),
		'Parallel Page Requests',
		'must be a whole number from 1 to 10',
	],
	[
		'Account › Get',
		'Timeout 0',
		{ resource: 'account', operation: 'get', requestOptions: { timeout: '={{ 0 }}' } },
		'Timeout (Seconds)',
		'must be a number greater than 0',
	],
	[
		'Story › Get Many',
		'Timeout text',
		{ resource: 'story', operation: 'getAll', requestOptions: { timeout: '={{ "long" }}' } },
		'Timeout (Seconds)',
		'must be a number greater than 0',
	],
	// Values an expression can give that the editor's checks never see.
	[
		'Version › Get',
		'ID that climbs out of the path',
		{ resource: 'version', operation: 'get', versionId: locator('={{ "../account" }}') },
		'Version',
		'is empty or not a valid ID',
	],
	[
		'Version › Get',
		'ID with a query',
		{ resource: 'version', operation: 'get', versionId: locator('={{ "65e0?include=all" }}') },
		'Version',
		'is empty or not a valid ID',
	],
	[
		'Version › Update',
		'Force "yes"',
		updateParameters(LIVE, { title: 'x', force: '={{ "yes" }}' }),
		'Force',
		'must be true or false',
	],
	[
		'Version › Update',
		'Gate Form Enabled "no"',
		updateParameters(LIVE, {
			title: 'x',
			additionalFields: { gateForm: { settings: { enabled: '={{ "no" }}' } } },
		}),
		'Gate Form › Enabled',
		'must be true or false',
	],
	[
		'Version › Create',
		'Password an object',
		createParameters({ additionalFields: { password: '={{ { pin: 1 } }}' } }),
		'Password',
		'must be text',
	],
	[
		'Version › Create',
		'Days to Expire past exact integers',
		createParameters({ additionalFields: { daysToExpire: '={{ 1e20 }}' } }),
		'Days to Expire',
		'must be a whole number of at least 1',
	],
	[
		'Version › Create',
		'Sender Email a number',
		createParameters({ senderEmail: '={{ 42 }}' }),
		'Sender Email',
		'is not a valid email address',
	],
	[
		'Story › Get Many',
		'Return All "maybe"',
		{ resource: 'story', operation: 'getAll', returnAll: '={{ "maybe" }}' },
		'Return All',
		'must be true or false',
	],
	[
		'Story › Get Many',
		'Limit infinite',
		{ resource: 'story', operation: 'getAll', limit: '={{ 1e400 }}' },
		'Limit',
		'must be a whole number of at least 1',
	],
	[
		'Analytics › Get Events',
		'Output unknown',
		analytics({ output: '={{ "table" }}' }),
		'Output',
		'must be "events" (Raw Events) or "readingSessions" (Summary per Reading Session) or "versionSummary" (Summary per Version) or "itemVersions" (Summary for Each Item\'s Version) or "storySummary" (Summary per Story)',
	],
	[
		'Analytics › Get Events',
		'Return All "maybe"',
		analytics({ returnAll: '={{ "maybe" }}' }),
		'Return All',
		'must be true or false',
	],
	[
		'Analytics › Get Events',
		'Limit negative',
		analytics({ limit: '={{ -1 }}' }),
		'Limit',
		'must be a whole number of at least 1',
	],
	[
		'Analytics › Get Events',
		'Parallel Page Requests 11',
		analytics({ options: { concurrency: '={{ 11 }}' } }),
		'Parallel Page Requests',
		'must be a whole number from 1 to 10',
	],
	[
		'Analytics › Get Events',
		'From an object',
		analytics({ dateFrom: '={{ {} }}' }),
		'From',
		'is not a valid date',
	],
	['Analytics › Get Events', 'empty To', analytics({ dateTo: '={{ null }}' }), 'To', 'is required'],
	[
		'Analytics › Get Events',
		'User Email a number',
		analytics({ filters: { userEmail: '={{ 42 }}' } }),
		'User Email',
		'is not a valid email address',
	],
	[
		'Account › Get',
		'Timeout negative',
		{ resource: 'account', operation: 'get', requestOptions: { timeout: '={{ -5 }}' } },
		'Timeout (Seconds)',
		'must be a number greater than 0',
	],
	[
		'Account › Get',
		'Timeout past an hour',
		{ resource: 'account', operation: 'get', requestOptions: { timeout: '={{ 1e12 }}' } },
		'Timeout (Seconds)',
		'must be at most 3600',
	],
	[
		'Version › Create',
		'Timeout past an hour',
		createParameters({ requestOptions: { timeout: 86400 } }),
		'Timeout (Seconds)',
		'must be at most 3600',
	],
];

beforeEach(() => api.sandbox.clearLog());

describe.each(CASES)('%s: %s', (_operation, _case, parameters, field, problem) => {
	// "From" is after "To" names both fields in one message.
	const message =
		field === 'From' && problem.startsWith('is after')
			? `Item 0: "From" ${problem}`
			: `Item 0: "${field}" ${problem}`;

	test('a NodeOperationError naming item and field; nothing sent', async () => {
		const { error, outputs } = await runWorkflow(storydocWorkflow(parameters), {
			credentials: api.credentials(),
		});
		expect(error.name).toBe('NodeOperationError');
		expect(error.message).toBe(message);
		expect(error.context.itemIndex).toBe(0);
		expect(outputs.Storydoc).toEqual([]);
		expect(api.sandbox.log).toEqual([]);
	});

	test('Continue On Fail: an error item paired to the item; nothing sent', async () => {
		const { error, outputs } = await runWorkflow(
			storydocWorkflow(parameters, { nodeSettings: { onError: 'continueRegularOutput' } }),
			{ credentials: api.credentials() },
		);
		expect(error).toBeUndefined();
		expect(outputs.Storydoc).toEqual([
			{ json: expect.objectContaining({ error: message }), pairedItem: { item: 0 } },
		]);
		expect(api.sandbox.log).toEqual([]);
	});
});

test('bad input on item 2 of 3 (Continue On Fail off): the error names item 2, and no item was sent, items 0 and 1 included', async () => {
	const items = [{ days: 3 }, { days: 7 }, { days: 0.5 }];
	const parameters = createParameters({
		title: '={{ "Trial " + $json.days }}',
		additionalFields: { daysToExpire: '={{ $json.days }}' },
	});
	const { error, outputs } = await runWorkflow(storydocWorkflow(parameters, { items }), {
		credentials: api.credentials(),
	});
	expect(error.name).toBe('NodeOperationError');
	expect(error.message).toBe('Item 2: "Days to Expire" must be a whole number of at least 1');
	expect(error.context.itemIndex).toBe(2);
	expect(outputs.Storydoc).toEqual([]);
	expect(api.sandbox.log).toEqual([]);
});

test('numbers and true/false texts from workflow data are what they say: a numeric password is sent as text, Force "true" forces', async () => {
	const edited = SEED.versions.edited.id;
	const update = updateParameters(edited, {
		title: 'Renewal',
		force: '={{ "true" }}',
		additionalFields: { password: '={{ 4711 }}' },
	});
	const { error, outputs } = await runWorkflow(storydocWorkflow(update), {
		credentials: api.credentials(),
	});
	expect(error).toBeUndefined();
	expect(outputs.Storydoc[0].json.versionId).toBe(edited);
	expect(api.sandbox.log.map((entry: Json) => entry.body)).toEqual([
		{ senderEmail: expect.any(String), force: true, data: { title: 'Renewal', password: '4711' } },
	]);
});
