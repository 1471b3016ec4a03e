'use strict';
/**
 * examples/recipes/hubspot-visit-note-task-slack.json active in `n8n start` (as if for an hour, so that
 * visits that ended 30 minutes ago are read by its first poll): each visit of a HubSpot contact gets a
 * note on the contact and the deal carrying the version; visits past the thresholds a task for the
 * owner and a Slack message (Slack refuses the first with 429: that visit lands in "Not written"); a
 * reader not in HubSpot lands in its branch; the next poll writes nothing again.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { OWNER_ID } = require('../crm/seed');
const { prospectVersions, useRecipes, view } = require('../crm/useRecipes');
const { waitFor } = require('../harness/waiting');

const RECIPE = 'hubspot-visit-note-task-slack';
const CLICK = 'CTA click: Book a meeting';
const DEAL_ID = '18060000';
const scenario = useRecipes();
const { app } = scenario;

/** Two prospects: the first a HubSpot contact with a deal on their version, the second nobody in HubSpot. */
async function prospects() {
	const { crm } = scenario;
	const versions = await prospectVersions(app.client);
	const known = versions[0];
	const unknown = versions.find((version) => version.data.email !== known.data.email);
	const seeded = (await crm.hubspot.state()).contacts.find(
		(contact) => contact.properties.email === known.data.email,
	);
	const contactId = seeded?.id ?? '393999';
	if (!seeded)
		await crm.hubspot.add('contacts', {
			id: contactId,
			properties: {
				email: known.data.email,
				firstname: 'Known',
				lastname: 'Reader',
				hubspot_owner_id: OWNER_ID,
			},
		});
	await crm.hubspot.add('deals', {
		id: DEAL_ID,
		properties: {
			dealname: 'Proposal read',
			dealstage: 'contractsent',
			hubspot_owner_id: OWNER_ID,
			storydoc_version_id: known.id,
		},
		contactIds: [contactId],
	});
	return { known, unknown, contactId };
}

/** The known prospect's three visits (a click, five minutes, 30 s) and a stranger's. */
const visitsOf = ({ known, unknown }) => ({
	clicked: [
		view(known.id, 'vis_rec_a', 'a1', 1, 45),
		{ ...view(known.id, 'vis_rec_a', 'a1', 1, 44), eventCategory: 'click', eventName: CLICK },
		view(known.id, 'vis_rec_a', 'a1', 4, 42),
	],
	long: [view(known.id, 'vis_rec_b', 'b1', 1, 45), view(known.id, 'vis_rec_b', 'b1', 2, 40)],
	short: [view(known.id, 'vis_rec_c', 'c1', 1, 41), view(known.id, 'vis_rec_c', 'c1', 2, 40.5)],
	stranger: [view(unknown.id, 'vis_rec_d', 'd1', 1, 43)],
});

/** The note a visit must get, counted from its events (the prospect and title from the session item). */
function noteOf(events, session) {
	const seconds = Math.floor(
		(Date.parse(events.at(-1).timestamp) - Date.parse(events[0].timestamp)) / 1000,
	);
	const slides = events
		.filter((event) => event.eventCategory === 'view')
		.map((event) => Number(event.eventName.split('_').pop()));
	const clicks = events
		.filter((event) => event.eventCategory === 'click')
		.map((event) => event.eventName);
	return `${session.prospectName || 'Known Reader'} read "${session.versionTitle}" for ${Math.floor(seconds / 60)} min ${seconds % 60} s, up to slide ${Math.max(...slides)}${clicks.length ? `, and clicked ${clicks.join(', ')}` : ''}.`;
}

/** The notes and tasks HubSpot holds, against the visits: `expected` is the notes of clicked, long, short. */
function expectNotesAndTasks({ notes, tasks }, expected, contactId) {
	expectEqual(
		notes.map((note) => note.properties.hs_note_body).sort(),
		[...expected].sort(),
		'the notes (one per visit of the contact)',
	);
	for (const note of notes)
		expectEqual(
			note.associations.map((association) => [
				association.to.id,
				association.types[0].associationTypeId,
			]),
			[
				[contactId, 202],
				[DEAL_ID, 214],
			],
			'each note on the contact and the deal',
		);
	expectEqual(
		tasks.map((task) => task.metadata.body).sort(),
		expected.slice(0, 2).sort(),
		'a task for each visit past the thresholds',
	);
	for (const task of tasks)
		expectEqual(
			{
				owner: task.engagement.ownerId,
				contacts: task.associations.contactIds,
				deals: task.associations.dealIds,
				status: task.metadata.status,
			},
			{ owner: Number(OWNER_ID), contacts: [contactId], deals: [DEAL_ID], status: 'NOT_STARTED' },
			'each task: the deal owner, the contact and the deal',
		);
}

test('each visit of a contact: a note on contact and deal; past the thresholds a task and one Slack message; others in their branches', async () => {
	const { crm } = scenario;
	const people = await prospects();
	const visits = visitsOf(people);
	app.sandbox.addEvents(Object.values(visits).flat());
	await crm.slack.failNext(429, 'POST', '^/api/chat\\.postMessage$');
	await scenario.activateAsIfAnHourAgo(RECIPE);
	const running = await app.start();
	try {
		await waitFor(
			async () =>
				(await crm.hubspot.state()).notes.length >= 3 && (await crm.slack.log()).length >= 2,
			'the notes and the Slack messages',
			240_000,
		);
		const seen = await scenario.storedOutputs(running, RECIPE, 'Tell the owner in Slack');
		const sessions = seen['When a reader finishes'].map((item) => item.json);
		const expected = ['clicked', 'long', 'short'].map((name) => {
			const session = sessions.find(
				(candidate) => candidate.sessionId === visits[name][0].sessionId,
			);
			ensure(session, `the trigger emitted the ${name} visit`);
			return noteOf(visits[name], session);
		});
		const hubspot = await crm.hubspot.state();
		expectNotesAndTasks(hubspot, expected, people.contactId);
		const { messages } = await crm.slack.state();
		expectEqual(messages.length, 1, 'Slack messages posted (the first was refused with 429)');
		ensure(
			expected.slice(0, 2).some((text) => messages[0].text.includes(text)) &&
				messages[0].channel === 'deal-alerts',
			`the message names the visit: ${messages[0].text}`,
		);
		expectEqual(
			(seen['Not written (see the error; run these again)'] ?? []).length,
			1,
			'the visit whose Slack message was refused, in the failure branch',
		);
		expectEqual(
			(seen['Readers not in HubSpot'] ?? []).map((item) => item.json.sessionId),
			['d1'],
			'the reader not in HubSpot, in its branch',
		);

		const polls = () =>
			app.sandbox.log.filter((entry) => entry.path === '/v2/analytics/events').length;
		const before = polls();
		await waitFor(() => polls() > before, 'the next poll');
		const after = await crm.hubspot.state();
		expectEqual(
			[after.notes.length, after.tasks.length, (await crm.slack.state()).messages.length],
			[3, 2, 1],
			'notes, tasks and messages after the next poll',
		);
		scenario.report('A visit → HubSpot note and task → Slack (n8n start, polling)', [
			...hubspot.notes.map((note) => `note: ${note.properties.hs_note_body}`),
			`${hubspot.tasks.length} tasks for the owner; Slack #${messages[0].channel}: ${messages[0].text}`,
			'Slack refused one message (429): that visit is in "Not written"; the stranger in "Readers not in HubSpot"',
		]);
	} finally {
		await running.stop();
	}
});

scenario.noTokenLeaked();
