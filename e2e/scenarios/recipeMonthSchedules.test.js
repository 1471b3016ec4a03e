'use strict';
/**
 * A month in an afternoon, the schedule recipes: each run with `n8n execute` (its Run now) as its
 * schedule would run it, HubSpot changing between runs as a sales team changes it, and time moved on
 * between runs by moving every record's last change back (the stand-in's `age`). Every HubSpot call
 * and Storydoc request of each run is counted against what the recipe's note promises, and what each
 * deal holds against what its contact, company and owner say: each version made once, updated only
 * when something it is made from changed.
 */
const { versionLinks } = require('../../sandbox/links');
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { OWNER_ID, PROPOSAL_STAGE, addDealsInStage } = require('../crm/seed');
const { useRecipes } = require('../crm/useRecipes');

const DEAL_RECIPE = 'hubspot-deal-proposal';
const SYNC_RECIPE = 'hubspot-engagement-sync';
/** The deal recipe's schedule, and how far back its search looks (a minute of overlap). */
const EVERY_MINUTES = 15;
const scenario = useRecipes();
const { app } = scenario;

/** What a version of a deal must be made from: the deal's contact, company, owner and amount. */
function madeFrom(deal, { contacts, companies, owners }) {
	const contact = contacts.find((candidate) => candidate.id === deal.contactIds[0]);
	const company = companies.find((candidate) => candidate.id === deal.companyIds[0]);
	if (!contact || !company) return undefined;
	const owner = owners.find((candidate) => candidate.id === deal.properties.hubspot_owner_id);
	return {
		title: `Proposal for ${company.properties.name}`,
		first_name: contact.properties.firstname ?? '',
		last_name: contact.properties.lastname ?? '',
		email: contact.properties.email ?? '',
		company: company.properties.name,
		deal_value: Number(deal.properties.amount ?? 0),
		position: contact.properties.jobtitle ?? '',
		sender: owner.email,
	};
}

const ofVersion = (version) => ({
	...Object.fromEntries(
		['title', 'first_name', 'last_name', 'email', 'company', 'deal_value', 'position'].map(
			(key) => [key, version.data[key]],
		),
	),
	sender: version.senderEmail,
});

/**
 * What a run must do, from HubSpot's and Storydoc's state before it and the time its search names:
 * the deals it finds (in the stage, changed since then or still without a version), and of those the
 * ones it creates a version for, updates the version of, finds up to date, or sends to the no-contact
 * branch.
 */
function expectedRun(hubspot, versions, since) {
	const found = hubspot.deals.filter(
		(deal) =>
			deal.properties.dealstage === PROPOSAL_STAGE &&
			(Number(deal.properties.hs_lastmodifieddate) >= since ||
				!deal.properties.storydoc_version_id),
	);
	const plan = {
		found: found.map((deal) => deal.id),
		create: [],
		update: [],
		upToDate: [],
		noContact: [],
	};
	for (const deal of found) {
		const wanted = madeFrom(deal, hubspot);
		const version = versions.find(
			(candidate) => candidate.id === deal.properties.storydoc_version_id,
		);
		if (!wanted) plan.noContact.push(deal.id);
		else if (!version) plan.create.push(deal.id);
		else if (JSON.stringify(ofVersion(version)) !== JSON.stringify(wanted))
			plan.update.push(deal.id);
		else plan.upToDate.push(deal.id);
	}
	return plan;
}

/** The calls a run made, by kind: HubSpot's from its log, Storydoc's from the sandbox's. */
function callsOf(hubspotLog, storydocLog) {
	const count = (test) => hubspotLog.filter(test).length;
	return {
		searches: count((entry) => entry.path === '/crm/v3/objects/deals/search'),
		dealReads: count((entry) => entry.method === 'GET' && entry.path.startsWith('/deals/v1/deal/')),
		contactReads: count((entry) => entry.path.startsWith('/contacts/v1/contact/')),
		companyReads: count((entry) => entry.path.startsWith('/companies/v2/companies/')),
		ownerReads: count((entry) => entry.path.startsWith('/crm/v3/owners/')),
		dealWrites: count((entry) => entry.method === 'PUT'),
		storydocCreates: storydocLog.filter(
			(entry) => entry.method === 'POST' && entry.path === '/v2/versions',
		).length,
		storydocUpdates: storydocLog.filter(
			(entry) => entry.method === 'POST' && entry.path !== '/v2/versions',
		).length,
		storydocOther: storydocLog.filter((entry) => entry.method !== 'POST').length,
	};
}

/** The note's costs for a run that finds these deals: per 100 found, per deal found, per version made. */
const documentedCosts = (plan) => {
	const read = plan.create.length + plan.update.length + plan.upToDate.length;
	const written = plan.create.length + plan.update.length;
	return {
		searches: Math.max(1, Math.ceil(plan.found.length / 100)),
		dealReads: plan.found.length,
		contactReads: read,
		companyReads: read,
		ownerReads: read,
		dealWrites: written,
		storydocCreates: plan.create.length,
		storydocUpdates: plan.update.length,
		storydocOther: 0,
	};
};

/** One run of the deal recipe, checked against the plan; its plan and calls for the report. */
async function dealRun(label) {
	const { crm } = scenario;
	const hubspotBefore = (await crm.hubspot.log()).length;
	const storydocBefore = (await app.client.requests()).length;
	const state = await crm.hubspot.state();
	const versions = await app.client.state('versions');
	const run = await scenario.execute(DEAL_RECIPE);
	ensure(run.code === 0, `${label}: n8n execute exited ${run.code}: ${run.errorMessage}`);
	const hubspotLog = (await crm.hubspot.log()).slice(hubspotBefore);
	const since = Number(
		hubspotLog.find((entry) => entry.path === '/crm/v3/objects/deals/search').body.filterGroups[0]
			.filters[1].value,
	);
	const plan = expectedRun(state, versions, since);
	const calls = callsOf(hubspotLog, (await app.client.requests()).slice(storydocBefore));
	expectEqual(
		calls,
		documentedCosts(plan),
		`${label}: the calls of the run (${JSON.stringify(plan)})`,
	);
	const upToDate = (run.branches['Up to date: nothing sent']?.[0] ?? []).length;
	expectEqual(upToDate, plan.upToDate.length, `${label}: the deals found up to date`);
	await expectVersionsAsTheCrmSays(plan.found);
	return { label, plan, calls };
}

/** Each deal found: its version made from what HubSpot says now, its ID and link on the deal. */
async function expectVersionsAsTheCrmSays(found) {
	const hubspot = await scenario.crm.hubspot.state();
	const versions = await app.client.state('versions');
	for (const id of found) {
		const deal = hubspot.deals.find((candidate) => candidate.id === id);
		const wanted = madeFrom(deal, hubspot);
		if (!wanted) continue;
		const version = versions.find(
			(candidate) => candidate.id === deal.properties.storydoc_version_id,
		);
		ensure(version, `deal ${id}: no version under ${deal.properties.storydoc_version_id}`);
		expectEqual(ofVersion(version), wanted, `deal ${id}: its version, as HubSpot says now`);
		expectEqual(deal.properties.storydoc_url, versionLinks(version).url, `deal ${id}: the link`);
	}
}

/** 99 more deals in the stage, so that a run finds more than 100 (HubSpot's search pages by 100). */
const manyDeals = () =>
	addDealsInStage(scenario.crm.hubspot, {
		count: 99,
		firstId: 18100000,
		name: 'Pipeline deal',
		amount: (index) => 1000 + index * 10,
	});

test('the deal recipe over four runs with HubSpot changing between them: each version made once, updated only when what it is made from changed, costs as its note says', async () => {
	const { crm } = scenario;
	await manyDeals();
	const runs = [await dealRun('first run')];

	// Fifteen minutes later (the first run's writes are still within the search's look-back): a new
	// deal, a seller's edit of a deal's amount, and a deal leaving the stage.
	await crm.hubspot.age(EVERY_MINUTES);
	await crm.hubspot.add('deals', {
		id: '18199999',
		properties: {
			dealname: 'New deal',
			dealstage: PROPOSAL_STAGE,
			amount: '777',
			hubspot_owner_id: OWNER_ID,
		},
		contactIds: ['393874'],
		companyIds: ['237893'],
	});
	await crm.hubspot.update('deals', '18100000', { amount: '5555' });
	await crm.hubspot.update('deals', '18100002', { dealstage: 'closedlost' });
	runs.push(await dealRun('second run'));

	// Twenty minutes later: the deal back in the stage (nothing else changed: no credit); a contact's
	// job title changed (the contact alone: HubSpot changes none of its deals), and one of that
	// contact's deals renamed: that deal's version takes the new title, the contact's others wait for
	// their deal's next change.
	await crm.hubspot.age(20);
	await crm.hubspot.update('deals', '18100002', { dealstage: PROPOSAL_STAGE });
	await crm.hubspot.update('contacts', '393874', { jobtitle: 'CTO' });
	await crm.hubspot.update('deals', '18100003', { dealname: 'Pipeline deal 3 (renamed)' });
	runs.push(await dealRun('third run'));

	// Twenty minutes with no change: the run finds only the deals still without a version.
	await crm.hubspot.age(20);
	runs.push(await dealRun('fourth run'));

	const [first, second, third, fourth] = runs.map((run) => run.plan);
	expectEqual(
		[
			first.create.length,
			first.found.length,
			second.create,
			second.update,
			third.update,
			fourth.found.length - fourth.noContact.length,
		],
		[101, 102, ['18199999'], ['18100000'], ['18100003'], 0],
		'the runs did what the changes call for',
	);
	expectEqual(
		[second.found.includes('18100002'), third.upToDate, fourth.noContact.length > 0],
		[false, ['18100002'], true],
		'the deal out of the stage not read; back in it, up to date: nothing sent; with no change, the deals without a contact found (every run until they have one)',
	);
	const versions = await app.client.state('versions');
	const made = (await app.client.requests()).filter(
		(entry) => entry.method === 'POST' && entry.path === '/v2/versions',
	);
	const linked = (await crm.hubspot.state()).deals.filter(
		(deal) => deal.properties.storydoc_version_id,
	);
	expectEqual(made.length, linked.length, 'one version made per deal, over all the runs');
	ensure(
		linked.every((deal) =>
			versions.some((version) => version.id === deal.properties.storydoc_version_id),
		),
		'each deal’s version exists',
	);
	scenario.report(
		'A month in an afternoon: the HubSpot deal recipe, four runs (n8n execute)',
		runs.map(
			({ label, plan, calls }) =>
				`${label}: ${plan.found.length} deals found (${plan.create.length} new, ${plan.update.length} changed, ${plan.upToDate.length} up to date, ${plan.noContact.length} without a contact): HubSpot ${calls.searches} searches, ${calls.dealReads + calls.contactReads + calls.companyReads + calls.ownerReads} reads, ${calls.dealWrites} writes; Storydoc ${calls.storydocCreates} creates, ${calls.storydocUpdates} updates`,
		),
	);
});

test('the nightly sync over three nights with readers and deals coming between them: only changed deals written, Storydoc read once per version per night', async () => {
	const { crm } = scenario;
	const events = await app.client.state('events');
	const read = [...new Set(events.map((event) => event.versionId))];
	const versions = await app.client.state('versions');
	const unread = versions.filter((version) => !read.includes(version.id));
	ensure(read.length >= 2 && unread.length >= 2, 'the sandbox has versions read and versions not');
	const deal = (index, versionId) => ({
		id: String(18070000 + index),
		properties: {
			dealname: `Synced deal ${index}`,
			dealstage: PROPOSAL_STAGE,
			storydoc_version_id: versionId,
		},
	});
	for (const [index, versionId] of [read[0], read[1], unread[0].id].entries())
		await crm.hubspot.add('deals', deal(index, versionId));

	const night = async (label) => {
		const hubspotBefore = (await crm.hubspot.log()).length;
		const storydocBefore = (await app.client.requests()).length;
		const run = await scenario.execute(SYNC_RECIPE);
		ensure(run.code === 0, `${label}: n8n execute exited ${run.code}: ${run.errorMessage}`);
		const hubspotLog = (await crm.hubspot.log()).slice(hubspotBefore);
		const reads = (await app.client.requests()).slice(storydocBefore);
		const dealsWithVersion = (await crm.hubspot.state()).deals.filter(
			(candidate) => candidate.properties.storydoc_version_id,
		);
		expectEqual(
			[reads.every((entry) => entry.path === '/v2/analytics/events'), reads.length],
			[
				true,
				new Set(dealsWithVersion.map((candidate) => candidate.properties.storydoc_version_id)).size,
			],
			`${label}: Storydoc requests (five deals or fewer: one read per version, each under 1,000 events)`,
		);
		expectEqual(
			hubspotLog.filter((entry) => entry.method === 'POST').length,
			Math.max(1, Math.ceil(dealsWithVersion.length / 100)),
			`${label}: HubSpot searches`,
		);
		return hubspotLog
			.filter((entry) => entry.method === 'PUT')
			.map((entry) => entry.path.split('/').pop());
	};

	expectEqual(
		(await night('first night')).sort(),
		['18070000', '18070001', '18070002'],
		'first night: every deal written',
	);
	// By the next night: the unread version is read, and a new deal carries another unread one.
	app.sandbox.addEvents([
		{
			versionId: unread[0].id,
			visitorId: 'vis_month_a',
			sessionId: 'month_a',
			eventCategory: 'view',
			eventName: 'view_slide_1',
			timestamp: new Date(Date.now() - 3_600_000).toISOString(),
		},
	]);
	await crm.hubspot.add('deals', deal(3, unread[1].id));
	expectEqual(
		(await night('second night')).sort(),
		['18070002', '18070003'],
		'second night: only the deal whose version was read and the new deal',
	);
	expectEqual(await night('third night'), [], 'third night: nothing changed, nothing written');
	scenario.report('A month in an afternoon: the nightly sync, three nights (n8n execute)', [
		'first night: 3 deals written; second: the deal whose version was read and the new deal; third: none',
	]);
});

scenario.noTokenLeaked();
