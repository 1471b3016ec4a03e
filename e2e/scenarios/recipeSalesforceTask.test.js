'use strict';
/**
 * examples/recipes/salesforce-visit-task.json active in `n8n start` (as if for an hour): one completed
 * Task per visit on the Contact with the prospect's email, else the Lead, with the visit's figures and
 * the proposal's link; a reader in neither lands in its branch; the first query meets a 500 and is
 * asked again.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { prospectVersions, useRecipes, view } = require('../crm/useRecipes');
const { waitFor } = require('../harness/waiting');

const RECIPE = 'salesforce-visit-task';
const CLICK = 'CTA click: Book a meeting';
const CONTACT_ID = '003000000000001AAA';
const LEAD_ID = '00Q000000000001AAA';
const scenario = useRecipes();
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
	return {
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
	].map(([name, whoId, click, slide, seconds]) => {
		const session = sessions.find((candidate) => candidate.sessionId === visits[name][0].sessionId);
		ensure(session, `the trigger emitted the ${name}'s visit`);
		const link = links.get(session.versionId);
		ensure(link, `the link of ${session.versionId}`);
		return {
			WhoId: whoId,
			Status: 'Completed',
			Subject: `Storydoc: read ${session.versionTitle}`,
			Priority: 'Normal',
			ActivityDate: session.lastEventAt.slice(0, 10),
			Description: `${session.prospectName || session.prospectEmail} read "${session.versionTitle}" for ${Math.floor(seconds / 60)} min ${seconds % 60} s, up to slide ${slide}${click ? `, and clicked ${click}` : ''}. Views: ${session.views}, clicks: ${session.clicks}, from ${session.startedAt} to ${session.lastEventAt}. Proposal: ${link}`,
		};
	});
}

test("each visit: one completed Task on the Contact (else the Lead) with the visit's figures and link; a stranger in its branch", async () => {
	const { crm } = scenario;
	const visits = await prospectsAndVisits();
	app.sandbox.addEvents(Object.values(visits).flat());
	await crm.salesforce.failNext(500, 'GET', '/query$');
	await scenario.activateAsIfAnHourAgo(RECIPE);
	const running = await app.start();
	try {
		await waitFor(
			async () => (await crm.salesforce.state()).tasks.length >= 2,
			'the Tasks',
			240_000,
		);
		const seen = await scenario.storedOutputs(running, RECIPE, 'Task for the visit');
		const links = new Map(
			seen['The proposal read'].map((item) => [item.json.versionId, item.json.url]),
		);
		const sessions = seen['When a reader finishes'].map((item) => item.json);
		const { tasks } = await crm.salesforce.state();
		const byWho = (a, b) => a.WhoId.localeCompare(b.WhoId);
		expectEqual(
			tasks.map(({ Id, ...task }) => task).sort(byWho),
			expectedTasks(visits, sessions, links).sort(byWho),
			'one Task per visit, on the Contact, else the Lead',
		);
		expectEqual(
			(seen['Readers not in Salesforce'] ?? []).map((item) => item.json.sessionId),
			['sfc'],
			'the reader in neither, in its branch',
		);
		const faults = (await crm.salesforce.log()).filter((entry) => entry.fault);
		expectEqual(
			faults.map((entry) => `${entry.fault} ${entry.method}`),
			['500 GET'],
			'the fault met (and the query asked again)',
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
