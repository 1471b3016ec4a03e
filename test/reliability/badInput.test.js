'use strict';
/**
 * The bad-input matrix across the operations: each invalid value (from an expression, as workflow
 * data brings it; literals the editor can check are stopped by n8n before the run) is a
 * NodeOperationError naming the item and the field, raised before any request: the sandbox hears
 * nothing. With Continue On Fail it is an error item paired to its input item, still with no request.
 * Create and Update's own data fields (title, sender, variables, rows, JSON fields, products) have
 * their table in test/version/badInput.test.js; the trigger's filters in test/trigger/.
 */
const { runWorkflow, storydocWorkflow } = require('../harness/n8n');
const { useSandbox } = require('../harness/sandbox');
const { SEED, locator, updateParameters } = require('../version/fixtures');

const api = useSandbox();
const LIVE = SEED.versions.live.id;
const analytics = (overrides) => ({
	resource: 'analytics',
	operation: 'getEvents',
	dateFrom: '2026-01-01T00:00:00Z',
	dateTo: '2026-02-01T00:00:00Z',
	...overrides,
});

/** [operation, case, parameters, field named, what it says] */
const CASES = [
	['Version › Get', 'empty ID', { resource: 'version', operation: 'get', versionId: locator('={{ "" }}') }, 'Version', 'is empty or not a valid ID'],
	['Version › Get', 'ID with a slash', { resource: 'version', operation: 'get', versionId: locator('={{ "65e0/01" }}') }, 'Version', 'is empty or not a valid ID'],
	['Version › Get', 'URL without an ID', { resource: 'version', operation: 'get', versionId: locator('={{ "https://app.storydoc.com" }}', 'url') }, 'Version', 'is not a Storydoc address ending in an ID'],
	['Version › Update', 'URL that is no URL', updateParameters(LIVE, { title: 'x', versionId: locator('={{ "versions/66a0" }}', 'url') }), 'Version', 'is not a Storydoc address ending in an ID'],
	['Story › Get', 'ID with a space', { resource: 'story', operation: 'get', storyId: locator('={{ "65d0 01" }}') }, 'Story', 'is empty or not a valid ID'],
	['Story › Get', 'URL without an ID', { resource: 'story', operation: 'get', storyId: locator('={{ "ftp://x" }}', 'url') }, 'Story', 'is not a Storydoc address ending in an ID'],
	['Story › Get Many', 'Limit 0', { resource: 'story', operation: 'getAll', limit: '={{ 0 }}' }, 'Limit', 'must be a whole number of at least 1'],
	['Story › Get Many', 'fractional Limit', { resource: 'story', operation: 'getAll', limit: '={{ 2.5 }}' }, 'Limit', 'must be a whole number of at least 1'],
	['Analytics › Get Events', 'empty From', analytics({ dateFrom: '={{ "" }}' }), 'From', 'is required'],
	['Analytics › Get Events', 'unreadable To', analytics({ dateTo: '={{ "end of March" }}' }), 'To', 'is not a valid date'],
	['Analytics › Get Events', 'From after To', analytics({ dateFrom: '2026-03-01T00:00:00Z' }), 'From', 'is after "To"'],
	['Analytics › Get Events', 'User Email no address', analytics({ filters: { userEmail: '={{ "sam(at)acme" }}' } }), 'User Email', 'is not a valid email address'],
	['Analytics › Get Events', 'Story filter ID with a space', analytics({ filters: { storyId: locator('={{ "a b" }}') } }), 'Story', 'is empty or not a valid ID'],
	['Analytics › Get Events', 'Version filter URL without an ID', analytics({ filters: { versionId: locator('={{ "nope" }}', 'url') } }), 'Version', 'is not a Storydoc address ending in an ID'],
	['Analytics › Get Events', 'Limit text', analytics({ limit: '={{ "all" }}' }), 'Limit', 'must be a whole number of at least 1'],
	['Analytics › Get Events', 'Parallel Page Requests 0', analytics({ options: { concurrency: '={{ 0 }}' } }), 'Parallel Page Requests', 'must be a whole number from 1 to 10'],
	['Account › Get', 'Timeout 0', { resource: 'account', operation: 'get', requestOptions: { timeout: '={{ 0 }}' } }, 'Timeout (Seconds)', 'must be a number greater than 0'],
	['Story › Get Many', 'Timeout text', { resource: 'story', operation: 'getAll', requestOptions: { timeout: '={{ "long" }}' } }, 'Timeout (Seconds)', 'must be a number greater than 0'],
];

beforeEach(() => api.sandbox.clearLog());

describe.each(CASES)('%s: %s', (_operation, _case, parameters, field, problem) => {
	// "From" is after "To" names both fields in one message.
	const message = field === 'From' && problem.startsWith('is after') ? `Item 0: "From" ${problem}` : `Item 0: "${field}" ${problem}`;

	test('a NodeOperationError naming item and field; nothing sent', async () => {
		const { error, outputs } = await runWorkflow(storydocWorkflow(parameters), { credentials: api.credentials() });
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
		expect(outputs.Storydoc).toEqual([{ json: expect.objectContaining({ error: message }), pairedItem: { item: 0 } }]);
		expect(api.sandbox.log).toEqual([]);
	});
});
