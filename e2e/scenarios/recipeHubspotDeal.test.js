'use strict';
/**
 * examples/recipes/hubspot-deal-proposal.json in the real app (`n8n execute`, as its Run now button):
 * each HubSpot deal in the proposal stage gets one version made from its contact, company and owner,
 * its ID and link written on the deal; a re-run finds them up to date and sends nothing; a deal
 * without a contact goes to its branch; HubSpot's 500 and 429 are tried again, and a deal update that
 * fails on every try stops the run as the recipe's note says; a run killed mid-batch, as a lost worker
 * ends one, leaves only its batch in flight unlinked, and the next run finds the rest.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { PROPOSAL_STORY_ID, SENDER_EMAIL } = require('../../scripts/examples/sandboxValues');
const { PROPOSAL_STAGE, addDealsInStage } = require('../crm/seed');
const { useRecipes } = require('../crm/useRecipes');
const { waitFor } = require('../harness/waiting');

const RECIPE = 'hubspot-deal-proposal';
const scenario = useRecipes();
const { app } = scenario;

const dealsInStage = async () =>
	(await scenario.crm.hubspot.state()).deals.filter(
		(deal) => deal.properties.dealstage === PROPOSAL_STAGE,
	);
const versionRequests = async () =>
	(await app.client.requests()).filter((entry) => entry.path.startsWith('/v2/versions'));
const creates = async () =>
	(await versionRequests()).filter(
		(entry) => entry.method === 'POST' && entry.path === '/v2/versions',
	);

/** The name of a deal's company, as the version's title and `company` take it. */
async function companyOf(deal) {
	const { companies } = await scenario.crm.hubspot.state();
	return companies.find((company) => company.id === deal.companyIds[0]).properties.name;
}

/** Each deal with a contact: its version made from contact, company and owner, its link on the deal. */
async function expectEachDealsVersion(run, deals) {
	const versions = await app.client.state('versions');
	const { contacts, companies } = await scenario.crm.hubspot.state();
	for (const deal of deals) {
		const contact = contacts.find((candidate) => candidate.id === deal.contactIds[0]);
		const company = companies.find((candidate) => candidate.id === deal.companyIds[0]);
		const version = versions.find(
			(candidate) => candidate.id === deal.properties.storydoc_version_id,
		);
		ensure(version, `deal ${deal.id}: no version under ${deal.properties.storydoc_version_id}`);
		const { title, first_name, email, position, deal_value } = version.data;
		expectEqual(
			{
				storyId: version.storyId,
				sender: version.senderEmail,
				title,
				first_name,
				email,
				position,
				deal_value,
				company: version.data.company,
			},
			{
				storyId: PROPOSAL_STORY_ID,
				sender: SENDER_EMAIL,
				title: `Proposal for ${company.properties.name}`,
				first_name: contact.properties.firstname,
				email: contact.properties.email,
				position: contact.properties.jobtitle,
				deal_value: Number(deal.properties.amount),
				company: company.properties.name,
			},
			`deal ${deal.id}: the version made from its contact, company and owner (the sender)`,
		);
		const answer = run.branches["Create the deal's proposal"][0].find(
			(item) => item.json.versionId === version.id,
		);
		expectEqual(
			deal.properties.storydoc_url,
			answer?.json.url,
			`deal ${deal.id}: the link on the deal`,
		);
	}
}

test('each deal in the stage gets one personalized version, its link written on the deal; a re-run finds each up to date and sends nothing', async () => {
	const run = await scenario.execute(RECIPE);
	ensure(
		run.code === 0,
		`n8n execute exited ${run.code}: ${run.errorMessage}\n${run.stderr.slice(-2000)}`,
	);
	const withContact = (await dealsInStage()).filter((deal) => deal.contactIds.length);
	await expectEachDealsVersion(run, withContact);
	const without = (await dealsInStage()).filter((deal) => !deal.contactIds.length);
	expectEqual(
		run.branches['Has a contact and a company?'][1].map((item) => String(item.json.dealId)),
		without.map((deal) => deal.id),
		'the deals without a contact, in their branch',
	);
	expectEqual(
		without.map((deal) => deal.properties.storydoc_version_id),
		without.map(() => undefined),
		'no version for them',
	);
	expectEqual((await creates()).length, withContact.length, 'one Create per deal');
	ensure(
		withContact.every((deal) => /^[0-9a-f]{64}$/.test(deal.properties.storydoc_made_from)),
		'each deal carries what its version was made from (storydoc_made_from)',
	);

	// The run's own writes changed the deals, so the next run reads them again: each is up to date.
	const versions = await app.client.state('versions');
	const before = await versionRequests();
	const writes = async () =>
		(await scenario.crm.hubspot.log()).filter((entry) => entry.method === 'PUT').length;
	const writesBefore = await writes();
	const again = await scenario.execute(RECIPE);
	ensure(again.code === 0, `the re-run exited ${again.code}: ${again.errorMessage}`);
	expectEqual(
		(again.branches['Version up to date?']?.[0] ?? []).map((item) => item.json.company).sort(),
		(await Promise.all(withContact.map(companyOf))).sort(),
		'the re-run finds each deal’s version up to date',
	);
	expectEqual(
		(await versionRequests()).slice(before.length),
		[],
		'Storydoc requests of the re-run',
	);
	expectEqual((await writes()) - writesBefore, 0, 'HubSpot writes of the re-run');
	expectEqual((await app.client.state('versions')).length, versions.length, 'no new version');
	scenario.report(
		'HubSpot deal → personalized proposal → link on the deal (n8n execute, then again)',
		[
			...(await dealsInStage())
				.filter((deal) => deal.properties.storydoc_url)
				.map(
					(deal) =>
						`deal ${deal.id} "${deal.properties.dealname}": storydoc_url ${deal.properties.storydoc_url}`,
				),
			...without.map(
				(deal) => `deal ${deal.id} "${deal.properties.dealname}": no contact, in its branch`,
			),
			'the second run: every version up to date, nothing sent to Storydoc, nothing written',
		],
	);
});

test('a 500 on a read and a 429 on the deal update are tried again: each deal still gets one version and its link', async () => {
	const { crm } = scenario;
	await crm.hubspot.failNext(500, 'GET', '^/contacts/v1/contact/');
	await crm.hubspot.failNext(429, 'PUT', '^/deals/v1/deal/');
	const run = await scenario.execute(RECIPE);
	ensure(run.code === 0, `n8n execute exited ${run.code}: ${run.errorMessage}`);
	expectEqual(
		(await crm.hubspot.log())
			.filter((entry) => entry.fault)
			.map((entry) => `${entry.fault} ${entry.method}`)
			.sort(),
		['429 PUT', '500 GET'],
		'the faults met',
	);
	const linked = (await crm.hubspot.state()).deals.filter(
		(deal) => deal.properties.storydoc_version_id,
	);
	expectEqual(
		linked.map((deal) => deal.id).sort(),
		['18039629', '18039630'],
		'the deals with their link',
	);
	expectEqual(
		(await creates()).length,
		2,
		'versions created (one per deal, none again for the retries)',
	);
});

test('a deal update that fails on every try stops the run with HubSpot’s error; the versions it made are in the run', async () => {
	await scenario.crm.hubspot.failNext(500, 'PUT', '^/deals/v1/deal/', 3);
	const run = await scenario.execute(RECIPE);
	expectEqual(
		run.errorMessage,
		'The service was not able to process your request',
		"the run's error",
	);
	const made = run.branches["Create the deal's proposal"][0].map((item) => item.json.versionId);
	expectEqual(made.length, 2, 'the versions made, in the run for the user to write on the deals');
	const versions = (await app.client.state('versions')).map((version) => version.id);
	ensure(
		made.every((id) => versions.includes(id)),
		'they exist in Storydoc',
	);
	const linked = (await scenario.crm.hubspot.state()).deals.filter(
		(deal) => deal.properties.storydoc_version_id,
	);
	expectEqual(linked.length, 0, 'deals with a link');
});

/** 28 deals more in the stage: 30 with a contact and a company, three batches of ten. */
const batchDeals = () =>
	addDealsInStage(scenario.crm.hubspot, {
		count: 28,
		firstId: 18200000,
		name: 'Batch deal',
		amount: (index) => 2000 + index,
	});

test('a run cut short (n8n killed in its second batch of ten) leaves at most that batch unlinked; the next run, 25 minutes on, finds those deals by their missing version and makes theirs', async () => {
	await batchDeals();
	const inStage = (await dealsInStage()).filter((deal) => deal.contactIds.length);
	expectEqual(inStage.length, 30, 'deals in the stage with a contact');
	const seeded = (await app.client.state('versions')).map((version) => version.id);
	const made = async () =>
		(await app.client.state('versions')).filter((version) => !seeded.includes(version.id));
	// The first batch's ten and five of the second are answered; the second's other five are held
	// until n8n is killed, then reach Storydoc: the batch in flight is made, and never written.
	app.sandbox.setFault({
		route: 'POST /v2/versions',
		type: 'slow',
		delayMs: 0,
		held: true,
		after: 15,
		times: Infinity,
	});
	await app.cli.executeKilled(
		scenario.recipes.get(RECIPE).workflow.id,
		() => app.sandbox.held === 5,
		'the second batch’s last five creates held',
	);
	app.sandbox.clearFaults();
	app.sandbox.releaseHeld();
	const madeByLost = await waitFor(
		async () => ((await made()).length === 20 ? made() : undefined),
		'the lost run’s 20 versions in Storydoc',
		30_000,
	);
	const linkedByLost = (await dealsInStage()).filter((deal) => deal.properties.storydoc_version_id);
	expectEqual(linkedByLost.length, 10, 'deals the lost run linked: its first batch');

	// The next scheduled run, the deals' last change 25 minutes back: beyond the search's look-back
	// of 16 minutes, so only its "still without a version" group finds the twenty.
	await scenario.crm.hubspot.age(25);
	const beforeRun = (await scenario.crm.hubspot.state()).deals;
	const run = await scenario.execute(RECIPE);
	ensure(run.code === 0, `the next run exited ${run.code}: ${run.errorMessage}`);
	const since = Number(
		(await scenario.crm.hubspot.log()).findLast(
			(entry) => entry.path === '/crm/v3/objects/deals/search',
		).body.filterGroups[0].filters[1].value,
	);
	const unlinked = inStage.filter((deal) => !linkedByLost.some((linked) => linked.id === deal.id));
	ensure(
		unlinked.every(
			(deal) =>
				Number(
					beforeRun.find((candidate) => candidate.id === deal.id).properties.hs_lastmodifieddate,
				) < since,
		),
		'the twenty unlinked deals last changed before the search’s look-back',
	);
	expectEqual((await made()).length - madeByLost.length, 20, 'versions the next run made');
	const nowInStage = (await dealsInStage()).filter((deal) => deal.contactIds.length);
	await expectEachDealsVersion(
		run,
		nowInStage.filter((deal) => unlinked.some((candidate) => candidate.id === deal.id)),
	);
	const onDeals = new Set(nowInStage.map((deal) => deal.properties.storydoc_version_id));
	expectEqual(onDeals.size, 30, 'a version on each deal, none shared');
	const orphans = (await made()).filter((version) => !onDeals.has(version.id));
	expectEqual(
		orphans.map((version) => version.data.title).sort(),
		madeByLost
			.filter((version) => !onDeals.has(version.id))
			.map((version) => version.data.title)
			.sort(),
		'versions on no deal: only the lost run’s',
	);
	expectEqual(orphans.length, 10, 'the lost run’s versions on no deal: its batch in flight');
	ensure(
		orphans.every((version) => version.data.title.startsWith('Proposal for ')),
		'each titled Proposal for its company, as the recipe’s note says to find them',
	);
});

scenario.noTokenLeaked();
