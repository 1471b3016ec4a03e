'use strict';
/**
 * examples/recipes/salesforce-visit-task.json active in `n8n start` (as if for an hour): one completed
 * Task per visit on the Contact with the prospect's email, else the Lead, with the visit's figures and
 * the proposal's link; a reader who typed their email in capitals is matched all the same; a reader in
 * neither, and an anonymous one (no email: never queried, though records without an email exist), land
 * in their branch; the first query meets a 500 and is asked again; a Task Salesforce refuses lands in
 * "Not written" with everything needed to log it again.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { prospectVersions, useRecipes, view } = require('../crm/useRecipes');
const { waitFor } = require('../harness/waiting');

const RECIPE = 'salesforce-visit-task';
const CLICK = 'CTA click: Book a meeting';
const CONTACT_ID = '003000000000001AAA';
const LEAD_ID = '00Q000000000001AAA';
const CASED_LEAD_ID = '00Q000000000002AAA';
const NOT_WRITTEN = 'Not written (see the error; run these again)';
const scenario = useRecipes();
scenario.pollTimesAsFiled();
const { app } = scenario;

/** Three prospects: a Salesforce Contact, a Lead, and someone in neither; the visits of each. */
async function prospectsAndVisits() {
	const [contact, lead, stranger] = (await prospectVersions(app.client)).filter(
		(version, index, all) =>
			all.findIndex((other) => other.data.email === version.data.email) === index,
	);
	ensure(stranger, 'three prospects in the sandbox');
	const owner = '005000000000001AAA';
	await scenario.crm.salesforce.add('contacts', {
		Id: CONTACT_ID,
		FirstName: 'Con',
		LastName: 'Tact',
		Email: contact.data.email,
		OwnerId: owner,
	});
	await scenario.crm.salesforce.add('leads', {
		Id: LEAD_ID,
		FirstName: 'Le',
		LastName: 'Ad',
		Email: lead.data.email,
		Company: 'Lead Co',
		OwnerId: owner,
	});
	// Records without an email, which a query `Email = null` would find, and a reader's email in capitals.
	await scenario.crm.salesforce.add('contacts', { Id: '003000000000009AAA', LastName: 'Nomail' });
	await scenario.crm.salesforce.add('leads', { Id: '00Q000000000009AAA', LastName: 'Nomail' });
	const cased = await scenario.newVersion({
		title: 'Proposal for Tyrell',
		first_name: 'Maria',
		email: 'Maria.Lopez@Tyrell.test ',
	});
	await scenario.crm.salesforce.add('leads', {
		Id: CASED_LEAD_ID,
		LastName: 'Lopez',
		Email: 'maria.lopez@tyrell.test',
		OwnerId: owner,
	});
	const anonymous = await scenario.newVersion({
		title: 'Proposal for a walk-in',
		first_name: 'Ann',
	});
	return {
		cased: [view(cased, 'vis_sf_d', 'sfd', 1, 49), view(cased, 'vis_sf_d', 'sfd', 2, 48)],
		anonymous: [
			view(anonymous, 'vis_sf_e', 'sfe', 1, 46),
			view(anonymous, 'vis_sf_e', 'sfe', 2, 45),
		],
		contact: [
			view(contact.id, 'vis_sf_a', 'sfa', 1, 50),
			{ ...view(contact.id, 'vis_sf_a', 'sfa', 2, 48), eventCategory: 'click', eventName: CLICK },
			view(contact.id, 'vis_sf_a', 'sfa', 3, 47),
		],
		lead: [view(lead.id, 'vis_sf_b', 'sfb', 1, 45), view(lead.id, 'vis_sf_b', 'sfb', 5, 44)],
		stranger: [view(stranger.id, 'vis_sf_c', 'sfc', 1, 46)],
	};
}

/** The Task each visit must get, from its figures counted here and the session item's names and link. */
function expectedTasks(visits, sessions, links) {
	return [
		['contact', CONTACT_ID, CLICK, 3, 180],
		['lead', LEAD_ID, null, 5, 60],
		['cased', CASED_LEAD_ID, null, 2, 60],
	].map(([name, whoId, click, slide, seconds]) => {
		const session = sessions.find((candidate) => candidate.sessionId === visits[name][0].sessionId);
		ensure(session, `the trigger emitted the ${name}'s visit`);
		const link = links.get(session.versionId);
		ensure(link, `the link of ${session.versionId}`);
		return {
			sessionId: session.sessionId,
			WhoId: whoId,
			Status: 'Completed',
			Subject: `Storydoc: read ${session.versionTitle}`,
			Priority: 'Normal',
			ActivityDate: session.lastEventAt.slice(0, 10),
			Description: `${session.prospectName || session.prospectEmail} read "${session.versionTitle}" for ${Math.floor(seconds / 60)} min ${seconds % 60} s, up to slide ${slide}${click ? `, and clicked ${click}` : ''}. Views: ${session.views}, clicks: ${session.clicks}, from ${session.startedAt} to ${session.lastEventAt}. Proposal: ${link}`,
		};
	});
}

/** The refused Task's item: what failed, Salesforce's error, and the visit with its record and link. */
function expectRefusedTask(items, sessions, links) {
	expectEqual(items?.length, 1, 'the visit whose Task was refused, in "Not written"');
	const item = items[0].json;
	const session = sessions.find((candidate) => candidate.sessionId === item.sessionId);
	ensure(session, `the refused visit: ${JSON.stringify(item)}`);
	expectEqual(
		{
			notWritten: item.notWritten,
			error: item.error,
			reader: [item.prospectEmail, item.visitorId],
			proposal: [item.versionId, item.versionTitle, item.proposalUrl],
			record: Boolean(item.contactId || item.leadId),
			startedAt: item.startedAt,
		},
		{
			notWritten: 'task',
			error: 'The service was not able to process your request',
			reader: [session.prospectEmail, session.visitorId],
			proposal: [session.versionId, session.versionTitle, links.get(session.versionId)],
			record: true,
			startedAt: session.startedAt,
		},
		'the refused Task: what failed, the error, the reader, the proposal, the record, the start',
	);
	return item.sessionId;
}

test("each visit: one completed Task on the Contact (else the Lead) with the visit's figures and link; a stranger in its branch", async () => {
	const { crm } = scenario;
	const visits = await prospectsAndVisits();
	app.sandbox.addEvents(Object.values(visits).flat());
	await crm.salesforce.failNext(500, 'GET', '/query$');
	await crm.salesforce.failNext(500, 'POST', '/sobjects/task$');
	await scenario.activateAsIfAnHourAgo(RECIPE);
	const running = await app.start();
	try {
		await waitFor(
			async () =>
				(await crm.salesforce.log()).filter((entry) => entry.method === 'POST').length >= 3,
			'the Tasks',
			240_000,
		);
		const seen = await scenario.storedOutputs(running, RECIPE, NOT_WRITTEN);
		const links = new Map(
			seen['The proposal read'].map((item) => [item.json.versionId, item.json.url]),
		);
		const sessions = seen['When a reader finishes'].map((item) => item.json);
		const expected = expectedTasks(visits, sessions, links);

		const refused = expectRefusedTask(seen[NOT_WRITTEN], sessions, links);
		const { tasks } = await crm.salesforce.state();
		const byWho = (a, b) => a.WhoId.localeCompare(b.WhoId);
		expectEqual(
			tasks.map(({ Id, ...task }) => task).sort(byWho),
			expected
				.filter((task) => task.sessionId !== refused)
				.map(({ sessionId, ...task }) => task)
				.sort(byWho),
			'one Task per visit, on the Contact, else the Lead (whatever the case of the email), but the refused one',
		);
		expectEqual(
			(seen['Readers not in Salesforce, or without an email'] ?? [])
				.map((item) => item.json.sessionId)
				.sort(),
			['sfc', 'sfe'],
			'the reader in neither and the anonymous one, in their branch',
		);
		const queries = (await crm.salesforce.log())
			.filter((entry) => entry.path.endsWith('/query'))
			.map((entry) => /Email = '([^']+)'/.exec(entry.query.q)?.[1] ?? entry.query.q);
		ensure(
			queries.length === 9 && queries.every((email) => email.includes('@')),
			`queries by an email only, two per visit with one (one asked again): ${queries}`,
		);
		const faults = (await crm.salesforce.log()).filter((entry) => entry.fault);
		expectEqual(
			faults.map((entry) => `${entry.fault} ${entry.method}`),
			['500 GET', '500 POST'],
			'the faults met (the query asked again; the Task not: it could be logged twice)',
		);
		scenario.report('One Salesforce Task per visit (n8n start, polling)', [
			...tasks.map((task) => `Task on ${task.WhoId}: ${task.Subject}. ${task.Description}`),
			'the first query met a 500 and was asked again; the stranger is in "Readers not in Salesforce"',
		]);
	} finally {
		await running.stop();
	}
});

scenario.noTokenLeaked();
