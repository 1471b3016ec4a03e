'use strict';
/**
 * examples/recipes/hubspot-visit-note-task-slack.json active in `n8n start` (as if for an hour, so that
 * visits that ended 30 minutes ago are read by its first poll): each visit of a HubSpot contact gets a
 * note on the contact and the deal carrying the version; visits past the thresholds a task for the
 * owner and a Slack message (Slack refuses the first with 429: that visit lands in "Not written" with
 * everything needed to send it again); a reader who typed their email in capitals is matched to the
 * contact; a reader not in HubSpot and an anonymous one (no email: never looked up) land in their
 * branch; the next poll writes nothing again.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { OWNER_ID } = require('../crm/seed');
const { prospectVersions, useRecipes, view } = require('../crm/useRecipes');
const { waitFor } = require('../harness/waiting');

const RECIPE = 'hubspot-visit-note-task-slack';
const CLICK = 'CTA click: Book a meeting';
const DEAL_ID = '18060000';
const CASED_CONTACT_ID = '393998';
const NOT_WRITTEN = 'Not written (see the error; run these again)';
const scenario = useRecipes();
scenario.pollTimesAsFiled();
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
	// A reader who typed their email differently from the contact's, and one who gave none.
	const cased = await scenario.newVersion({
		title: 'Proposal for Cyberdyne',
		first_name: 'Tomas',
		email: ' Tomas.Berg@Cyberdyne.test',
	});
	await crm.hubspot.add('contacts', {
		id: CASED_CONTACT_ID,
		properties: { email: 'tomas.berg@cyberdyne.test', firstname: 'Tomas', lastname: 'Berg' },
	});
	const anonymous = await scenario.newVersion({
		title: 'Proposal for a walk-in',
		first_name: 'Ann',
	});
	return { known, unknown, contactId, cased, anonymous };
}

/** The known prospect's three visits (a click, five minutes, 30 s) and a stranger's. */
const visitsOf = ({ known, unknown, cased, anonymous }) => ({
	clicked: [
		view(known.id, 'vis_rec_a', 'a1', 1, 45),
		{ ...view(known.id, 'vis_rec_a', 'a1', 1, 44), eventCategory: 'click', eventName: CLICK },
		view(known.id, 'vis_rec_a', 'a1', 4, 42),
	],
	long: [view(known.id, 'vis_rec_b', 'b1', 1, 45), view(known.id, 'vis_rec_b', 'b1', 2, 40)],
	short: [view(known.id, 'vis_rec_c', 'c1', 1, 41), view(known.id, 'vis_rec_c', 'c1', 2, 40.5)],
	stranger: [view(unknown.id, 'vis_rec_d', 'd1', 1, 43)],
	cased: [view(cased, 'vis_rec_f', 'f1', 1, 44), view(cased, 'vis_rec_f', 'f1', 2, 43.5)],
	anonymous: [view(anonymous, 'vis_rec_e', 'e1', 1, 43), view(anonymous, 'vis_rec_e', 'e1', 3, 40)],
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

/**
 * The notes and tasks HubSpot holds, against the visits: `expected` is the notes of clicked, long,
 * short (the contact with the deal), then the reader matched whatever the case of their email.
 */
function expectNotesAndTasks({ notes, tasks }, expected, contactId) {
	expectEqual(
		notes.map((note) => note.properties.hs_note_body).sort(),
		[...expected].sort(),
		'the notes (one per visit of a contact)',
	);
	const cased = notes.filter((note) => note.properties.hs_note_body === expected[3]);
	expectEqual(
		cased.map((note) => note.associations.map((association) => association.to.id)),
		[[CASED_CONTACT_ID]],
		'the note of the reader whose email differs in case: on their contact (no deal carries it)',
	);
	for (const note of notes.filter((candidate) => !cased.includes(candidate)))
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

/** The refused Slack message's item: what failed, the service's error, and the whole visit to send again. */
function expectNotWritten(items, sessions, { known, contactId }) {
	expectEqual(items.length, 1, 'the visit whose Slack message was refused, in "Not written"');
	const item = items[0].json;
	const session = sessions.find((candidate) => candidate.sessionId === item.sessionId);
	ensure(session && ['a1', 'b1'].includes(item.sessionId), `the refused visit: ${item.sessionId}`);
	expectEqual(
		{
			notWritten: item.notWritten,
			error: item.error,
			reader: [item.prospectEmail, item.visitorId],
			proposal: [item.versionId, item.versionTitle],
			records: [item.contactId, item.dealId, item.ownerId],
			startedAt: item.startedAt,
			noteIdKept: typeof item.noteId,
			text: item.noteText.startsWith(`${session.prospectName || 'Known Reader'} read`),
		},
		{
			notWritten: 'Slack message',
			error: 'The service is receiving too many requests from you',
			reader: [known.data.email, session.visitorId],
			proposal: [known.id, session.versionTitle],
			records: [contactId, DEAL_ID, OWNER_ID],
			startedAt: session.startedAt,
			noteIdKept: 'string',
			text: true,
		},
		'the refused message: what failed, the error, the reader, the proposal, the contact and deal, the start',
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
				(await crm.hubspot.state()).notes.length >= 4 && (await crm.slack.log()).length >= 2,
			'the notes and the Slack messages',
			240_000,
		);
		const seen = await scenario.storedOutputs(running, RECIPE, 'Tell the owner in Slack');
		const sessions = seen['When a reader finishes'].map((item) => item.json);
		const expected = ['clicked', 'long', 'short', 'cased'].map((name) => {
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
		expectNotWritten(seen[NOT_WRITTEN] ?? [], sessions, people);
		expectEqual(
			(seen['Readers not in HubSpot, or without an email'] ?? [])
				.map((item) => item.json.sessionId)
				.sort(),
			['d1', 'e1'],
			'the reader not in HubSpot and the anonymous one, in their branch',
		);
		const searched = (await crm.hubspot.log())
			.filter((entry) => entry.path === '/crm/v3/objects/contacts/search')
			.map((entry) => entry.body.filterGroups[0].filters[0].value)
			.sort();
		expectEqual(
			searched,
			[people.known.data.email, people.known.data.email, people.known.data.email]
				.concat(['tomas.berg@cyberdyne.test', people.unknown.data.email])
				.map((email) => email.toLowerCase())
				.sort(),
			'contact searches: one per visit with an email, none for the anonymous reader',
		);

		const polls = () =>
			app.sandbox.log.filter((entry) => entry.path === '/v2/analytics/events').length;
		const before = polls();
		await waitFor(() => polls() > before, 'the next poll');
		const after = await crm.hubspot.state();
		expectEqual(
			[after.notes.length, after.tasks.length, (await crm.slack.state()).messages.length],
			[4, 2, 1],
			'notes, tasks and messages after the next poll',
		);
		scenario.report('A visit → HubSpot note and task → Slack (n8n start, polling)', [
			...hubspot.notes.map((note) => `note: ${note.properties.hs_note_body}`),
			`${hubspot.tasks.length} tasks for the owner; Slack #${messages[0].channel}: ${messages[0].text}`,
			'Slack refused one message (429): that visit is in "Not written" with what it needs to be sent again; the stranger and the anonymous reader in "Readers not in HubSpot, or without an email"',
		]);
	} finally {
		await running.stop();
	}
});

test('HubSpot refusing a note and a task: each visit in "Not written" once, with what failed, the error and the whole visit', async () => {
	const { crm } = scenario;
	const people = await prospects();
	// Sessions of their own: the executions of the test before are still stored.
	app.sandbox.addEvents([
		view(people.known.id, 'vis_rec_a', 'n1', 1, 45),
		{
			...view(people.known.id, 'vis_rec_a', 'n1', 1, 44),
			eventCategory: 'click',
			eventName: CLICK,
		},
		view(people.cased, 'vis_rec_f', 'n2', 1, 44),
	]);
	await crm.hubspot.failNext(500, 'POST', '^/crm/v3/objects/notes$', 1, CASED_CONTACT_ID);
	await crm.hubspot.failNext(500, 'POST', '^/engagements/v1/engagements$');
	await scenario.activateAsIfAnHourAgo(RECIPE);
	const running = await app.start();
	try {
		const mine = await waitFor(async () => {
			const seen = await scenario.storedOutputs(running, RECIPE, NOT_WRITTEN);
			const items = seen[NOT_WRITTEN].filter(({ json }) => ['n1', 'n2'].includes(json.sessionId));
			return items.length >= 2 && items;
		}, 'the refused note and task');
		const refused = Object.fromEntries(
			mine.map(({ json }) => [
				json.notWritten,
				{
					error: [json.error, json.errorDescription],
					reader: [json.prospectEmail, json.visitorId, json.sessionId],
					proposal: [json.versionId, typeof json.versionTitle],
					records: [json.contactId, json.dealId ?? null],
					startedAt: typeof json.startedAt,
					text: typeof json.noteText,
				},
			]),
		);
		const error = 'The service was not able to process your request';
		expectEqual(
			refused,
			{
				note: {
					error: [error, 'internal error'],
					reader: [' Tomas.Berg@Cyberdyne.test', 'vis_rec_f', 'n2'],
					proposal: [people.cased, 'string'],
					records: [CASED_CONTACT_ID, null],
					startedAt: 'string',
					text: 'string',
				},
				task: {
					error: [error, null],
					reader: [people.known.data.email, 'vis_rec_a', 'n1'],
					proposal: [people.known.id, 'string'],
					records: [people.contactId, DEAL_ID],
					startedAt: 'string',
					text: 'string',
				},
			},
			'the refused note and task, each with its visit',
		);
		const hubspot = await crm.hubspot.state();
		expectEqual(
			[hubspot.notes.length, hubspot.tasks.length, (await crm.slack.log()).length],
			[1, 0, 0],
			'written: the clicked visit’s note; no task, so no Slack message',
		);
	} finally {
		await running.stop();
	}
});

scenario.noTokenLeaked();
