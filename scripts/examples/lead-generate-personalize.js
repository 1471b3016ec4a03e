'use strict';
/** examples/lead-generate-personalize.json: how to run it, what a correct run looks like and what the demo prints. */
const { assignmentsOf, first, requestLines } = require('./reading');
const { SENDER_EMAIL, fillSender } = require('./sandboxValues');

module.exports = {
	title:
		'a new lead → Story › Generate a presentation about its company → Version › Create for the lead → the link',
	startNode: 'When clicking ‘Execute workflow’',
	sandboxValues: [
		fillSender('Generate a presentation for the lead'),
		fillSender('Personalize it for the lead'),
	],
	async check({ outputs, sandbox, workflow, expectEqual, expect }) {
		const lead = assignmentsOf(workflow, 'New lead (sample record)');
		const requests = await sandbox.requests();
		expectEqual(
			requestLines(requests),
			['POST /v2/stories/generate → 200', 'POST /v2/versions → 200'],
			'the requests the sandbox received',
		);
		expectEqual(
			{ ...requests[0].body, prompt: typeof requests[0].body.prompt },
			{
				prompt: 'string',
				senderEmail: SENDER_EMAIL,
				company: lead.company,
				website: lead.website,
			},
			'the body of the generation request',
		);
		expect(requests[0].body.prompt.includes(lead.company), "the prompt names the lead's company");

		const generated = first(outputs['Generate a presentation for the lead']);
		const story = (await sandbox.state('stories')).find(
			(candidate) => candidate.id === generated?.pageId,
		);
		expectEqual(story?.status, 'Live', 'the status of the generated story');
		const created = first(outputs['Personalize it for the lead']);
		const version = (await sandbox.state('versions')).find(
			(candidate) => candidate.id === created?.versionId,
		);
		expectEqual(
			version && {
				storyId: version.storyId,
				senderEmail: version.senderEmail,
				data: version.data,
			},
			{
				storyId: generated.pageId,
				senderEmail: SENDER_EMAIL,
				data: {
					title: `For ${lead.first_name} at ${lead.company}`,
					first_name: lead.first_name,
					last_name: lead.last_name,
					company: lead.company,
					email: lead.email,
				},
			},
			'the version made of the generated story',
		);
		expectEqual(
			(outputs['Write link to the lead'] ?? []).map((item) => item.json),
			[
				{
					lead_email: lead.email,
					storydoc_story_id: generated.pageId,
					storydoc_version_id: created.versionId,
					storydoc_url: created.url,
					storydoc_editor_url: created.editorUrl,
				},
			],
			'the fields written back to the lead',
		);
	},
	report({ outputs }) {
		const generated = first(outputs['Generate a presentation for the lead']);
		const row = first(outputs['Write link to the lead']);
		return [
			`A presentation was generated for the lead's company (story ${generated.pageId}) and personalized for ${row.lead_email}:`,
			`  ${row.storydoc_url}`,
		];
	},
};
