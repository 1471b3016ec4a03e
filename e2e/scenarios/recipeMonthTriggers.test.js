'use strict';
/**
 * A month in an afternoon, the trigger recipes: the HubSpot visit, Salesforce Task and Pipedrive first
 * view recipes active side by side in one `n8n start` (as if for an hour), readers coming in three
 * waves a poll apart (contacts, leads, a reader who typed their email in capitals, an anonymous one,
 * first views of proposals on deals and not), Slack, Salesforce and Pipedrive each refusing one write,
 * then two more polls. Every write each service holds is counted against the visits: each expected
 * write exactly once, every refused one in its recipe's "Not written" with what it needs to be sent
 * again, and Storydoc's requests as the notes say.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { OWNER_ID } = require('../crm/seed');
const { prospectVersions, useRecipes, view } = require('../crm/useRecipes');
const { waitFor } = require('../harness/waiting');

const RECIPES = ['hubspot-visit-note-task-slack', 'salesforce-visit-task', 'pipedrive-first-view'];
const NOT_WRITTEN = 'Not written (see the error; run these again)';
const CLICK = 'CTA click: Book a meeting';
const PIPEDRIVE_FIELD = '7b3f0c0de1a2b3c4d5e6f708192a3b4c5d6e7f80';
const scenario = useRecipes();
scenario.pollTimesAsFiled();
const { app } = scenario;

/** The people and proposals of the month, in each service as a sales team would have them. */
async function month() {
	const { crm } = scenario;
	const [hubspotReader, contactReader, leadReader] = (await prospectVersions(app.client)).filter(
		(version, index, all) =>
			all.findIndex((other) => other.data.email === version.data.email) === index,
	);
	await crm.hubspot.add('contacts', {
		id: '393990',
		properties: {
			email: hubspotReader.data.email,
			firstname: 'Hub',
			lastname: 'Reader',
			hubspot_owner_id: OWNER_ID,
		},
	});
	await crm.hubspot.add('deals', {
		id: '18090000',
		properties: {
			dealname: 'Month deal',
			dealstage: 'contractsent',
			hubspot_owner_id: OWNER_ID,
			storydoc_version_id: hubspotReader.id,
		},
		contactIds: ['393990'],
	});
	const cased = await scenario.newVersion({
		title: 'Proposal for Cyberdyne',
		email: 'Tomas.Berg@Cyberdyne.test',
	});
	await crm.hubspot.add('contacts', {
		id: '393991',
		properties: { email: 'tomas.berg@cyberdyne.test', firstname: 'Tomas', lastname: 'Berg' },
	});
	const anonymous = await scenario.newVersion({ title: 'Proposal for a walk-in' });
	await crm.salesforce.add('contacts', { Id: '003000000000021AAA', LastName: 'Nomail' });
	await crm.salesforce.add('contacts', {
		Id: '003000000000022AAA',
		LastName: 'Contact',
		Email: contactReader.data.email,
	});
	await crm.salesforce.add('leads', {
		Id: '00Q000000000023AAA',
		LastName: 'Lead',
		Email: leadReader.data.email,
	});
	const onDeal = await scenario.newVersion({
		title: 'Proposal for Umbrella',
		email: 'nia@umbrella.example',
	});
	const refusedDeal = await scenario.newVersion({
		title: 'Proposal for Soylent',
		email: 'sol@soylent.example',
	});
	for (const [id, versionId] of [
		[801, onDeal],
		[802, refusedDeal],
	])
		await crm.pipedrive.add('deals', {
			id,
			title: `Deal ${id}`,
			value: 1000,
			owner_id: 12,
			custom_fields: { [PIPEDRIVE_FIELD]: versionId },
		});
	return {
		hubspotReader: hubspotReader.id,
		contactReader: contactReader.id,
		leadReader: leadReader.id,
		cased,
		anonymous,
		onDeal,
		refusedDeal,
	};
}

/** Three waves of readers, each newer than the last; every visit ended (no event for 30 minutes). */
const wavesOf = (v) => [
	[
		view(v.hubspotReader, 'vis_m_a', 'm1', 1, 58),
		view(v.hubspotReader, 'vis_m_a', 'm1', 2, 57.5),
		view(v.contactReader, 'vis_m_b', 'm2', 1, 57),
		view(v.contactReader, 'vis_m_b', 'm2', 3, 56),
		view(v.anonymous, 'vis_m_c', 'm3', 1, 55),
		view(v.onDeal, 'vis_m_d', 'm8', 1, 54),
	],
	[
		view(v.hubspotReader, 'vis_m_a', 'm4', 1, 49),
		{ ...view(v.hubspotReader, 'vis_m_a', 'm4', 1, 48), eventCategory: 'click', eventName: CLICK },
		view(v.hubspotReader, 'vis_m_a', 'm4', 4, 46),
		view(v.leadReader, 'vis_m_e', 'm5', 1, 47),
		view(v.leadReader, 'vis_m_e', 'm5', 2, 46.5),
		view(v.refusedDeal, 'vis_m_f', 'm9', 1, 45),
		view(v.onDeal, 'vis_m_g', 'm10', 1, 44),
	],
	[
		view(v.cased, 'vis_m_h', 'm6', 1, 41),
		view(v.cased, 'vis_m_h', 'm6', 2, 40.5),
		view(v.contactReader, 'vis_m_b', 'm7', 1, 39),
		view(v.contactReader, 'vis_m_b', 'm7', 2, 38),
		view(v.refusedDeal, 'vis_m_i', 'm11', 2, 37),
	],
];

/** Until each service holds `counts` of writes (and refusals), a poll at most apart. */
async function untilWritten(counts, what) {
	const { crm } = scenario;
	await waitFor(
		async () => {
			const [hubspot, salesforce, pipedrive, slack] = await Promise.all(
				['hubspot', 'salesforce', 'pipedrive', 'slack'].map((service) => crm[service].log()),
			);
			const posts = (log, pattern) =>
				log.filter((entry) => entry.method === 'POST' && pattern.test(entry.path)).length;
			return (
				posts(hubspot, /\/notes$/) >= counts.notes &&
				posts(salesforce, /\/sobjects\/task$/i) >= counts.tasks &&
				posts(pipedrive, /\/activities$/) >= counts.activities &&
				posts(slack, /chat\.postMessage$/) >= counts.slack
			);
		},
		what,
		240_000,
	);
}

/** What each service holds: each expected write once; every look-up by an email. */
async function expectWrites() {
	const { crm } = scenario;
	const hubspot = await crm.hubspot.state();
	expectEqual(
		hubspot.notes.map((note) => note.associations.map((association) => association.to.id)).sort(),
		[['393990', '18090000'], ['393990', '18090000'], ['393991']].sort(),
		'HubSpot notes: each visit of a contact once (the reader in capitals on their contact)',
	);
	expectEqual(
		hubspot.tasks.map((task) => task.associations.dealIds),
		[['18090000']],
		'HubSpot tasks: the visit past the thresholds once',
	);
	expectEqual((await crm.slack.state()).messages, [], 'Slack messages (the one refused)');
	expectEqual(
		(await crm.salesforce.state()).tasks.map((task) => task.WhoId),
		['003000000000022AAA', '003000000000022AAA'],
		"Salesforce Tasks: the contact's two visits once each (the lead's refused)",
	);
	expectEqual(
		(await crm.pipedrive.state()).activities.map((activity) => activity.deal_id),
		[801],
		'Pipedrive activities: the first view of the proposal on deal 801 once (802 refused)',
	);
	const searched = (await crm.hubspot.log())
		.filter((entry) => entry.path === '/crm/v3/objects/contacts/search')
		.map((entry) => entry.body.filterGroups[0].filters[0].value);
	const queried = (await crm.salesforce.log())
		.filter((entry) => entry.path.endsWith('/query'))
		.map((entry) => /Email = '([^']+)'/.exec(entry.query.q)?.[1]);
	ensure(
		[...searched, ...queried].every((email) => typeof email === 'string' && email.includes('@')),
		`CRM look-ups by an email only: ${[...searched, ...queried]}`,
	);
	return hubspot;
}

/**
 * Each service's calls against its note's costs per visit or first view. Every trigger recipe sees
 * every visit: 11 sessions, 10 with an email (the anonymous one never looked up), 3 of a HubSpot
 * contact; 4 first views of new proposals (the others were read before), 2 of them on a deal.
 */
async function expectCalls() {
	const { crm } = scenario;
	const calls = (log, method, pattern) =>
		log.filter((entry) => entry.method === method && pattern.test(entry.path)).length;
	const [hubspot, salesforce, pipedrive] = await Promise.all(
		['hubspot', 'salesforce', 'pipedrive'].map((service) => crm[service].log()),
	);
	expectEqual(
		{
			hubspot: [
				calls(hubspot, 'POST', /contacts\/search$/),
				calls(hubspot, 'POST', /deals\/search$/),
				calls(hubspot, 'POST', /\/notes$/),
				calls(hubspot, 'POST', /engagements$/),
			],
			salesforce: [calls(salesforce, 'GET', /\/query$/), calls(salesforce, 'POST', /task$/i)],
			pipedrive: [
				calls(pipedrive, 'GET', /deals\/search$/),
				calls(pipedrive, 'POST', /activities$/),
			],
		},
		{ hubspot: [10, 3, 3, 1], salesforce: [20, 3], pipedrive: [4, 2] },
		'each service’s calls: per visit with an email, per visit of a record, per first view',
	);
}

/** Each refused write once, in its recipe's Not written, with what it needs to be sent again. */
async function expectNotWritten(running, versions) {
	const notWritten = {};
	for (const recipe of RECIPES) {
		const seen = await scenario.storedOutputs(running, recipe, NOT_WRITTEN);
		notWritten[recipe] = seen[NOT_WRITTEN].map((item) => item.json);
	}
	expectEqual(
		Object.values(notWritten).map((items) =>
			items.map((item) => [item.notWritten, item.versionId, item.sessionId ?? item.visitorId]),
		),
		[
			[['Slack message', versions.hubspotReader, 'm4']],
			[['task', versions.leadReader, 'm5']],
			[['activity', versions.refusedDeal, 'm9']],
		],
		'each refused write once, in its recipe’s Not written',
	);
	const [slack] = notWritten[RECIPES[0]];
	const [task] = notWritten[RECIPES[1]];
	const [activity] = notWritten[RECIPES[2]];
	expectEqual(
		[
			[
				Boolean(slack.error),
				slack.contactId,
				slack.dealId,
				typeof slack.startedAt,
				typeof slack.versionTitle,
			],
			[Boolean(task.error), task.leadId, typeof task.proposalUrl, typeof task.startedAt],
			[
				Boolean(activity.error),
				activity.dealId,
				typeof activity.timestamp,
				typeof activity.versionTitle,
			],
		],
		[
			[true, '393990', '18090000', 'string', 'string'],
			[true, '00Q000000000023AAA', 'string', 'string'],
			[true, 802, 'string', 'string'],
		],
		'each refused item: the error, the CRM record, the proposal and when it was read',
	);
}

/** Storydoc's requests: one Version › Get per Salesforce visit of a record, one request per poll. */
function expectStorydocRequests(versions) {
	const storydoc = app.sandbox.log.filter((entry) => entry.path.startsWith('/v2/'));
	const versionReads = storydoc.filter((entry) => entry.path.startsWith('/v2/versions/'));
	expectEqual(
		versionReads.map((entry) => entry.path.split('/').pop()).sort(),
		[versions.contactReader, versions.contactReader, versions.leadReader].sort(),
		'Version › Get: one per Salesforce visit of a record (the note’s one credit per visit)',
	);
	const pages = storydoc.filter(
		(entry) => entry.path === '/v2/analytics/events' && Number(entry.query.page ?? 1) > 1,
	);
	expectEqual(pages.length, 0, 'second pages (every poll one request: under 1,000 events)');
	return { storydoc, versionReads };
}

test('three recipes left running over many polls: each expected write once, each refused one in Not written with its visit, Storydoc requests as the notes say', async () => {
	const { crm } = scenario;
	const versions = await month();
	const waves = wavesOf(versions);
	app.sandbox.addEvents(waves[0]);
	for (const recipe of RECIPES) await scenario.activateAsIfAnHourAgo(recipe);
	const running = await app.start();
	try {
		await untilWritten({ notes: 1, tasks: 1, activities: 1, slack: 0 }, 'the first wave written');
		await crm.slack.failNext(429, 'POST', '^/api/chat\\.postMessage$');
		await crm.salesforce.failNext(500, 'POST', '/sobjects/task$');
		await crm.pipedrive.failNext(500, 'POST', '^/v1/activities$');
		app.sandbox.addEvents(waves[1]);
		await untilWritten(
			{ notes: 2, tasks: 2, activities: 2, slack: 1 },
			'the second wave written or refused',
		);
		app.sandbox.addEvents(waves[2]);
		await untilWritten({ notes: 3, tasks: 3, activities: 2, slack: 1 }, 'the third wave written');
		const analytics = () =>
			app.sandbox.log.filter((entry) => entry.path === '/v2/analytics/events').length;
		const before = analytics();
		await waitFor(() => analytics() >= before + 6, 'two more polls of the three triggers', 240_000);

		const hubspot = await expectWrites();
		await expectCalls();
		await expectNotWritten(running, versions);
		const { storydoc, versionReads } = expectStorydocRequests(versions);
		scenario.report('A month in an afternoon: three trigger recipes side by side (n8n start)', [
			`HubSpot: ${hubspot.notes.length} notes, ${hubspot.tasks.length} task; Slack refused its message`,
			'Salesforce: 2 Tasks, the lead’s refused; Pipedrive: 1 activity, deal 802’s refused',
			`each refused write in its recipe's Not written with its visit; Storydoc: ${storydoc.length} requests (${versionReads.length} Version › Get)`,
		]);
	} finally {
		await running.stop();
	}
});

scenario.noTokenLeaked();
