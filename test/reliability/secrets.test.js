'use strict';
/**
 * No secret leaks: the access token and a version's password run through success, API errors,
 * faults, bad input, Continue On Fail, the credential test and the trigger; every output item, error
 * (message, description, stack, context and whatever else the error object carries, except the node
 * definition the user wrote) and every log line captured from n8n's logger is scanned for both.
 */
const { capturedLogs, credentialsFor, runPoll, runWorkflow, storydocWorkflow, testCredential } = require('../harness/n8n');
const { useSandbox } = require('../harness/sandbox');
const { SEED, locator, createParameters, updateParameters } = require('../version/fixtures');

const api = useSandbox({ rateLimit: { max: 100000 } });
const PASSWORD = 'Pw-Secret-4242-never-shown';
const WRONG_TOKEN = 'sd_live_wrong_0f1e2d3c4b5a69788796a5b4';
const LIVE = SEED.versions.live.id;
const EDITED = SEED.versions.edited.id;
const withPassword = { additionalFields: { password: PASSWORD } };

/**
 * Everything a user or an operator can see of a run: the node's output items, its error and n8n's log
 * lines. Left out is the node definition that n8n attaches to errors (its parameters are what the user
 * wrote in the workflow, a typed password included; n8n stores them with the workflow anyway).
 */
const withoutNodeDefinition = (key, value) => (key === 'node' && value && typeof value === 'object' ? undefined : value);
function visible({ outputs = {}, error } = {}) {
	const errorParts = error
		? JSON.stringify({ ...error, message: error.message, description: error.description, stack: error.stack }, withoutNodeDefinition)
		: '';
	return `${JSON.stringify(outputs.Storydoc ?? outputs)}\n${errorParts}\n${JSON.stringify(capturedLogs, withoutNodeDefinition)}`;
}

function expectNoSecrets(text, token = api.sandbox.tokens.team) {
	expect(text).not.toContain(token);
	expect(text).not.toContain(PASSWORD);
	// A token or password split across words would also be a leak: look for a recognizable piece.
	expect(text).not.toContain(token.slice(-12));
	expect(text).not.toContain(PASSWORD.slice(-12));
}

const cof = { nodeSettings: { onError: 'continueRegularOutput' } };
const run = (parameters, { token, ...options } = {}) =>
	runWorkflow(storydocWorkflow(parameters, options), {
		credentials: token ? credentialsFor({ baseUrl: api.url, token }) : api.credentials(),
	});

/** [scenario, how to set up the sandbox, node parameters, workflow options] */
const SCENARIOS = [
	['create with a password', null, createParameters(withPassword), {}],
	['get of that version (the API never returns the password)', null, { resource: 'version', operation: 'get', versionId: locator(LIVE) }, {}],
	['update with a password', null, updateParameters(LIVE, { title: 'Renewal', ...withPassword }), {}],
	['update of an edited version (API 400)', null, updateParameters(EDITED, { title: 'Renewal', ...withPassword }), {}],
	['create after a 500 once processed (unknown outcome)', { route: 'POST /v2/versions', type: 'status500', processed: true }, createParameters(withPassword), {}],
	['create after a reset (unknown outcome)', { route: 'POST /v2/versions', type: 'resetAfter' }, createParameters(withPassword), cof],
	['create with a hang past the timeout', { route: 'POST /v2/versions', type: 'hang' }, createParameters({ ...withPassword, requestOptions: { timeout: 1 } }), {}],
	['create answered with invalid JSON', { route: 'POST /v2/versions', type: 'invalidJson' }, createParameters(withPassword), cof],
	['create with a 429 burst', { route: 'POST /v2/versions', type: 'status429', times: 2 }, createParameters(withPassword), {}],
	['bad input: Extra Data JSON holding the password', null, createParameters({ additionalFields: { password: PASSWORD, extraData: `{"pin": "${PASSWORD}", oops}` } }), {}],
	['bad input with Continue On Fail', null, createParameters({ ...withPassword, senderEmail: '={{ "sam at acme" }}' }), cof],
	['unknown sender (API 400)', null, createParameters({ ...withPassword, senderEmail: 'nobody@acme.test' }), cof],
	['a wrong token', null, { resource: 'account', operation: 'get' }, { token: WRONG_TOKEN }],
	['a wrong token, Continue On Fail', null, createParameters(withPassword), { token: WRONG_TOKEN, ...cof }],
	['analytics without the Team plan', null, { resource: 'analytics', operation: 'getEvents', dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-02T00:00:00Z' }, { token: 'pro' }],
	['a story read that keeps failing', { route: 'GET /v2/stories/:id', type: 'status503', html: true, times: Infinity }, { resource: 'story', operation: 'get', storyId: locator(SEED.stories.intro.id) }, {}],
];

beforeEach(() => {
	api.sandbox.reset();
	capturedLogs.length = 0;
});

test.each(SCENARIOS)('%s: neither the token nor the password shows', async (_label, fault, parameters, options) => {
	if (fault) api.sandbox.setFault({ times: 1, ...fault });
	const token = options.token === 'pro' ? api.sandbox.tokens.pro : options.token;
	const result = await run(parameters, { ...options, token });
	expectNoSecrets(visible(result), token ?? api.sandbox.tokens.team);
	// The password did reach the API where the user set it (so the scan above is meaningful).
	const sentWithPassword = api.sandbox.log.some((entry) => JSON.stringify(entry.body ?? '').includes(PASSWORD));
	if (parameters.resource === 'version' && parameters.operation !== 'get' && !options.token && !/bad input/.test(_label)) {
		expect(sentWithPassword).toBe(true);
	}
}, 20000);

test('the credential test with a wrong token: neither the token nor the response carries it', async () => {
	const result = await testCredential({ accessToken: WRONG_TOKEN, baseUrl: api.url });
	expect(result.status).toBe('Error');
	expectNoSecrets(JSON.stringify(result) + JSON.stringify(capturedLogs), WRONG_TOKEN);
});

test('the trigger: a refused poll and a manual run show no token', async () => {
	const node = {
		name: 'Storydoc Trigger',
		type: 'n8n-nodes-storydoc.storydocTrigger',
		parameters: {},
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	};
	const manual = await runPoll(node, { credentials: api.credentials(), mode: 'manual' });
	const refused = await runPoll(node, { credentials: credentialsFor({ baseUrl: api.url, token: WRONG_TOKEN }) }).catch((error) => error);
	expect(refused.message).toBe('Access denied');
	expectNoSecrets(visible({ outputs: manual.items }));
	expectNoSecrets(visible({ error: refused }), WRONG_TOKEN);
});
