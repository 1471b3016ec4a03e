'use strict';
/** examples/account-check.json: how to run it, what a correct run looks like and what the demo prints. */
const { first, requestLines } = require('./reading');

module.exports = {
	title: 'Account › Get returns { orgId, title }',
	startNode: 'When clicking ‘Execute workflow’',
	async check({ outputs, sandbox, expectEqual }) {
		const account = outputs['Get Storydoc account'];
		expectEqual(account?.length, 1, 'number of items out of "Get Storydoc account"');
		const expected = await sandbox.state('account');
		expectEqual(
			first(account),
			{ orgId: expected.orgId, title: expected.title },
			'the account item',
		);
		const requests = await sandbox.requests();
		expectEqual(
			requestLines(requests),
			['GET /v2/account → 200'],
			'the requests the sandbox received',
		);
	},
	report({ outputs }) {
		const account = first(outputs['Get Storydoc account']);
		return [`Connected to the organization "${account.title}" (${account.orgId}).`];
	},
};
