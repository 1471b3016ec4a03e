'use strict';
/** examples/crm-create-version.json: how to run it, what a correct run looks like and what the demo prints. */
const { assignmentsOf, requestLines } = require('./reading');
const { PROPOSAL_STORY_ID, SENDER_EMAIL, fillSender, fillStory } = require('./sandboxValues');
const { table } = require('./table');

module.exports = {
	title: 'two CRM deals → Create Version of a story each → the links written back',
	startNode: 'When clicking ‘Execute workflow’',
	sandboxValues: [
		fillStory('Create personalized version'),
		fillSender('Create personalized version'),
	],
	async check({ outputs, sandbox, workflow, expectEqual }) {
		const deals = JSON.parse(assignmentsOf(workflow, 'CRM deals (sample records)').deals);
		const requests = await sandbox.requests();
		expectEqual(
			requestLines(requests),
			deals.map(() => 'POST /v2/versions → 200'),
			'the requests the sandbox received',
		);

		const created = (outputs['Create personalized version'] ?? []).map((item) => item.json);
		expectEqual(
			created.length,
			deals.length,
			'number of items out of "Create personalized version"',
		);
		const versions = await sandbox.state('versions');
		for (const [index, deal] of deals.entries()) {
			const version = versions.find((candidate) => candidate.id === created[index].versionId);
			expectEqual(
				version && {
					storyId: version.storyId,
					senderEmail: version.senderEmail,
					data: version.data,
				},
				{
					storyId: PROPOSAL_STORY_ID,
					senderEmail: SENDER_EMAIL,
					// Map Automatically: the fields of "Your story's variables", named after the story's keys.
					data: {
						title: `Proposal for ${deal.company}`,
						first_name: deal.contact_first_name,
						last_name: deal.contact_last_name,
						company: deal.company,
						email: deal.contact_email,
					},
				},
				`the version the sandbox holds for deal ${deal.deal_id} (versionId ${created[index].versionId})`,
			);
			const { url } = await sandbox.api(`/v2/versions/${created[index].versionId}`);
			expectEqual(
				created[index].url,
				url,
				`the link returned for deal ${deal.deal_id} (compared with GET /v2/versions/{id})`,
			);
		}

		expectEqual(
			(outputs['Write link to CRM deal'] ?? []).map((item) => item.json),
			deals.map((deal, index) => ({
				deal_id: deal.deal_id,
				company: deal.company,
				storydoc_version_id: created[index].versionId,
				storydoc_url: created[index].url,
				storydoc_short_url: created[index].shortUrl,
				storydoc_editor_url: created[index].editorUrl,
			})),
			'the fields written back to the CRM deals',
		);
	},
	report({ outputs }) {
		const rows = (outputs['Write link to CRM deal'] ?? []).map((item) => item.json);
		return [
			`${rows.length} personalized proposals created; each link written back to its deal:`,
			'',
			...table(
				['Deal', 'Company', 'Link', 'Short link'],
				rows.map((row) => [row.deal_id, row.company, row.storydoc_url, row.storydoc_short_url]),
			),
		];
	},
};
