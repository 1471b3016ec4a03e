'use strict';
/** A credential with a token the API refuses: the run fails with the API's own message, and the token is printed nowhere. */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { loadExamples } = require('../../scripts/examples');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { BAD_TOKEN_WORKFLOW_ID, withBadToken } = require('../harness/workflows');

const app = useApp();

beforeAll(async () => {
	await app.importCredentials(['badToken']);
	await app.cli.importWorkflows([withBadToken(loadExamples().get('account-check').workflow)]);
});

test('a bad token fails with the API\'s message "Access denied" and the token appears nowhere', async () => {
	await app.client.reset();
	const run = await app.cli.execute(BAD_TOKEN_WORKFLOW_ID);
	ensure(run.code !== 0, 'n8n execute succeeded with a bad token');
	expectEqual(run.errorMessage, 'Access denied', 'the error message of the failed run');
	const requests = await app.client.requests();
	expectEqual(
		requests.map((r) => `${r.method} ${r.path} → ${r.status}`),
		['GET /v2/account → 403'],
		'the requests the sandbox received',
	);
	ensure(
		!run.stdout.includes(app.badToken) && !run.stderr.includes(app.badToken),
		"the bad token appears in n8n execute's output",
	);
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
