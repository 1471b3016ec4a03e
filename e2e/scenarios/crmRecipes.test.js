'use strict';
/**
 * The recipes of examples/recipes/ in the real app: n8n's own HubSpot, Slack, Salesforce and
 * Pipedrive nodes reach local stand-ins through an intercepting proxy (e2e/crm/), the Storydoc nodes
 * the sandbox. Each recipe is imported as filed (the story filled in, as its note asks) and run with
 * `n8n execute`, as its Execute Workflow button does; what each service received is checked field by
 * field, then a re-run (nothing twice), a record missing from the CRM, and the CRM answering 429/500.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { PROPOSAL_STORY_ID, SENDER_EMAIL } = require('../../scripts/examples/sandboxValues');
const { startCrm } = require('../crm/client');
const { crmCredentials, loadRecipes, outputsByBranch } = require('../crm/recipes');
const { PROPOSAL_STAGE } = require('../crm/seed');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');

const extraEnv = {};
let crm;
beforeAll(async () => {
	crm = await startCrm();
	Object.assign(extraEnv, crm.env);
});
afterAll(() => crm?.stop());

const app = useApp({ extraEnv });
const recipes = loadRecipes();

beforeAll(async () => {
	await app.importCredentials(['account'], crmCredentials());
	await app.cli.importWorkflows([...recipes.values()].map((recipe) => recipe.workflow));
});

beforeEach(async () => {
	await crm.reset();
	await app.client.reset();
});

afterEach(async () =>
	expectEqual(await crm.astray(), [], 'requests for hosts no stand-in answers'),
);

async function execute(recipe) {
	const run = await app.cli.execute(recipes.get(recipe).workflow.id);
	return { ...run, branches: outputsByBranch(run.run) };
}

const versionRequests = async () =>
	(await app.client.requests()).filter((entry) => entry.path.startsWith('/v2/versions'));

describe('examples/recipes/hubspot-deal-proposal.json', () => {
	const dealsInStage = async () =>
		(await crm.hubspot.state()).deals.filter(
			(deal) => deal.properties.dealstage === PROPOSAL_STAGE,
		);

	test('each deal in the stage gets one personalized version, its link written on the deal; a re-run updates it', async () => {
		const run = await execute('hubspot-deal-proposal');
		ensure(
			run.code === 0,
			`n8n execute exited ${run.code}: ${run.errorMessage}\n${run.stderr.slice(-2000)}`,
		);
		const versions = await app.client.state('versions');
		const hubspot = await crm.hubspot.state();
		const withContact = (await dealsInStage()).filter((deal) => deal.contactIds.length);
		for (const deal of withContact) {
			const contact = hubspot.contacts.find((candidate) => candidate.id === deal.contactIds[0]);
			const company = hubspot.companies.find((candidate) => candidate.id === deal.companyIds[0]);
			const version = versions.find(
				(candidate) => candidate.id === deal.properties.storydoc_version_id,
			);
			ensure(
				version,
				`deal ${deal.id}: no version under storydoc_version_id ${deal.properties.storydoc_version_id}`,
			);
			expectEqual(
				{
					storyId: version.storyId,
					title: version.data.title,
					first_name: version.data.first_name,
					email: version.data.email,
					company: version.data.company,
					deal_value: version.data.deal_value,
					position: version.data.position,
				},
				{
					storyId: PROPOSAL_STORY_ID,
					title: `Proposal for ${company.properties.name}`,
					first_name: contact.properties.firstname,
					email: contact.properties.email,
					company: company.properties.name,
					deal_value: Number(deal.properties.amount),
					position: contact.properties.jobtitle,
				},
				`deal ${deal.id}: the version made from its contact, company and owner`,
			);
			expectEqual(version.senderEmail, SENDER_EMAIL, `deal ${deal.id}: sent by its owner`);
			const answer = run.branches["Create the deal's proposal"][0].find(
				(item) => item.json.versionId === version.id,
			);
			expectEqual(
				deal.properties.storydoc_url,
				answer?.json.url,
				`deal ${deal.id}: the link on the deal`,
			);
		}
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

		const created = (await versionRequests()).filter(
			(entry) => entry.method === 'POST' && entry.path === '/v2/versions',
		);
		expectEqual(created.length, withContact.length, 'one Create per deal');

		const before = await versionRequests();
		const again = await execute('hubspot-deal-proposal');
		ensure(again.code === 0, `the re-run exited ${again.code}: ${again.errorMessage}`);
		const rerun = (await versionRequests()).slice(before.length);
		expectEqual(
			rerun.map((entry) => `${entry.method} ${entry.path}`).sort(),
			withContact.map((deal) => `POST /v2/versions/${deal.properties.storydoc_version_id}`).sort(),
			'the re-run updates each deal’s version, creates none',
		);
		expectEqual((await app.client.state('versions')).length, versions.length, 'no new version');
	});
});

describe('examples/recipes/hubspot-engagement-sync.json', () => {
	const DAY_MS = 86_400_000;
	const FIGURES = {
		storydoc_reading_seconds: 'totalReadingSeconds',
		storydoc_readers: 'uniqueVisitors',
		storydoc_returning_readers: 'returningReaders',
		storydoc_views: 'views',
	};

	/** Three deals on versions read in the last 90 days, one on a version nobody opened then. */
	async function dealsOnVersions() {
		const since = Date.now() - 89 * DAY_MS;
		const events = await app.client.state('events');
		const read = [
			...new Set(
				events
					.filter((event) => Date.parse(event.timestamp) >= since)
					.map((event) => event.versionId),
			),
		];
		const versions = await app.client.state('versions');
		const unread = versions.find((version) => !read.includes(version.id));
		ensure(
			read.length >= 3 && unread,
			'the sandbox has versions read in the last 90 days and one not',
		);
		const deals = [...read.slice(0, 3), unread.id].map((versionId, index) => ({
			id: String(18050000 + index),
			properties: {
				dealname: `Synced deal ${index}`,
				dealstage: 'contractsent',
				storydoc_version_id: versionId,
			},
		}));
		for (const deal of deals) await crm.hubspot.add('deals', deal);
		return deals;
	}

	test("each deal gets its version's figures of the last 90 days (zeros when unread); a second run writes nothing", async () => {
		const deals = await dealsOnVersions();
		const run = await execute('hubspot-engagement-sync');
		ensure(
			run.code === 0,
			`n8n execute exited ${run.code}: ${run.errorMessage}\n${run.stderr.slice(-2000)}`,
		);
		const summaries = run.branches['Engagement of the last 90 days'][0].map((item) => item.json);
		const { deals: after } = await crm.hubspot.state();
		const matched = deals.filter((deal) =>
			summaries.some((summary) => summary.versionId === deal.properties.storydoc_version_id),
		);
		expectEqual(matched.length, 3, 'deals whose version has a summary in the run');
		for (const deal of deals) {
			const summary = summaries.find(
				(candidate) => candidate.versionId === deal.properties.storydoc_version_id,
			);
			const written = after.find((candidate) => candidate.id === deal.id).properties;
			expectEqual(
				Object.fromEntries(
					['storydoc_last_read', ...Object.keys(FIGURES)].map((name) => [name, written[name]]),
				),
				{
					storydoc_last_read: summary?.lastEventAt ?? '',
					...Object.fromEntries(
						Object.entries(FIGURES).map(([name, field]) => [name, String(summary?.[field] ?? 0)]),
					),
				},
				`deal ${deal.id} (${summary ? 'read' : 'not read'} in the period): its engagement properties`,
			);
		}
		const updates = (await crm.hubspot.log()).filter((entry) => entry.method === 'PUT');
		ensure(
			updates.length >= deals.length,
			`one update per deal on a version, got ${updates.length}`,
		);

		const before = (await crm.hubspot.log()).length;
		const again = await execute('hubspot-engagement-sync');
		ensure(again.code === 0, `the second run exited ${again.code}: ${again.errorMessage}`);
		const second = (await crm.hubspot.log()).slice(before);
		expectEqual(
			second.filter((entry) => entry.method === 'PUT').length,
			0,
			'deal updates in the second run',
		);
		expectEqual((await crm.hubspot.state()).deals, after, 'the deals after the second run');
	});
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
