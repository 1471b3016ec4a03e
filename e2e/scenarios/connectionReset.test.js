'use strict';
/** A read whose connection the network resets is tried again in the real app, and gives the clean run's output. */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { loadExamples } = require('../../scripts/examples');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');

const app = useApp();
const example = loadExamples().get('account-check');

beforeAll(async () => {
	await app.importCredentials(['account']);
	await app.cli.importWorkflows([example.workflow]);
});

test("a read reset by the network is tried again: Account › Get through one connection reset gives the clean run's output", async () => {
	await app.client.reset();
	app.sandbox.setFault({ route: 'GET /v2/account', type: 'resetBefore', times: 1 });
	const run = await app.cli.execute(example.workflow.id);
	ensure(
		run.code === 0,
		`n8n execute exited ${run.code}: ${run.errorMessage ?? 'no error message'}`,
	);
	const expected = await app.client.state('account');
	expectEqual(
		run.outputs['Get Storydoc account']?.map((item) => item.json),
		[{ orgId: expected.orgId, title: expected.title }],
		'the output',
	);
	expectEqual(
		app.sandbox.log
			.filter((entry) => entry.path === '/v2/account')
			.map((entry) => entry.fault ?? entry.status),
		['resetBefore', 200],
		'the requests the sandbox received (the reset one, then the retry)',
	);
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
