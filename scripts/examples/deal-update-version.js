'use strict';
/** examples/deal-update-version.json: how to run it, what a correct run looks like and what the demo prints. */
const { assignmentsOf, requestLines } = require('./reading');
const { DEAL_VERSION_ID, SENDER_EMAIL, fillAssignment, fillSender } = require('./sandboxValues');
const { table } = require('./table');

module.exports = {
	title: "a deal's contact changes → Update Version by ID: new values merged, same link",
	startNode: 'When clicking ‘Execute workflow’',
	sandboxValues: [
		fillAssignment('Deal changed (sample CRM update)', 'storydoc_version_id', DEAL_VERSION_ID),
		fillSender('Update the deal’s version'),
	],
	async before({ sandbox }) {
		const versions = await sandbox.state('versions');
		return { version: versions.find((candidate) => candidate.id === DEAL_VERSION_ID) };
	},
	async check({ outputs, sandbox, workflow, before, expectEqual }) {
		const change = assignmentsOf(workflow, 'Deal changed (sample CRM update)');
		const versionPath = `/v2/versions/${change.storydoc_version_id}`;
		const requests = await sandbox.requests();
		// Title is left empty in the node: it keeps the version's title, read with one GET first.
		expectEqual(
			requestLines(requests),
			[`GET ${versionPath} → 200`, `POST ${versionPath} → 200`],
			'the requests the sandbox received',
		);
		const changes = {
			first_name: change.contact_first_name,
			last_name: change.contact_last_name,
			email: change.contact_email,
		};
		expectEqual(
			requests[1].body,
			{ senderEmail: SENDER_EMAIL, data: { ...changes, title: before.version.data.title } },
			'the body of the update request',
		);
		const after = (await sandbox.state('versions')).find(
			(candidate) => candidate.id === change.storydoc_version_id,
		);
		expectEqual(
			after.data,
			{ ...before.version.data, ...changes },
			"the version's data after the update (changed values merged, the rest kept)",
		);

		const [updated] = (outputs['Update the deal’s version'] ?? []).map((item) => item.json);
		const { url } = await sandbox.api(versionPath);
		expectEqual(
			{ versionId: updated?.versionId, url: updated?.url },
			{ versionId: change.storydoc_version_id, url },
			'the version and link returned',
		);
		expectEqual(
			(outputs['Confirm on CRM deal'] ?? []).map((item) => item.json),
			[
				{
					deal_id: change.deal_id,
					storydoc_version_id: change.storydoc_version_id,
					storydoc_url: url,
					storydoc_synced_contact: change.contact_email,
				},
			],
			'the confirmation written to the CRM deal',
		);
	},
	report({ outputs, before, workflow }) {
		const change = assignmentsOf(workflow, 'Deal changed (sample CRM update)');
		const [row] = (outputs['Confirm on CRM deal'] ?? []).map((item) => item.json);
		const old = before.version.data;
		return [
			`Deal ${row.deal_id} changed contact; its version ${row.storydoc_version_id} ("${old.title}") was updated in place:`,
			'',
			...table(
				['Variable', 'Before', 'After'],
				[
					['first_name', old.first_name, change.contact_first_name],
					['last_name', old.last_name, change.contact_last_name],
					['email', old.email, change.contact_email],
				],
			),
			'',
			`Same link as before: ${row.storydoc_url}`,
		];
	},
};
