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
const { OWNER_ID, PROPOSAL_STAGE } = require('../crm/seed');
const { ownerSession } = require('../harness/ownerSession');
const { waitFor } = require('../harness/waiting');
const { executionOutputs } = require('../triggers/executions');
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

/**
 * A trigger recipe active in `n8n start`, as if it had been active for an hour: n8n's saved state of
 * its trigger (the workflow's static data) starts an hour ago, so visits that ended 30 minutes ago,
 * added now, are read by its first poll. Only that state is set; the workflow is the file's.
 */
async function activateAsIfAnHourAgo(recipe) {
	const { workflow } = recipes.get(recipe);
	const trigger = workflow.nodes.find((node) => node.type.endsWith('.storydocTrigger'));
	const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
	await app.cli.importAndActivate([
		{
			...workflow,
			staticData: { [`node:${trigger.name}`]: { cursor: { timestamp: hourAgo, seen: [] } } },
		},
	]);
}

const minutesAgo = (minutes) => new Date(Date.now() - minutes * 60_000).toISOString();
const view = (versionId, visitorId, sessionId, slide, minutes) => ({
	versionId,
	visitorId,
	sessionId,
	eventCategory: 'view',
	eventName: `view_slide_${slide}`,
	timestamp: minutesAgo(minutes),
});

/** The sandbox's versions that name a prospect, two with different prospects. */
async function twoProspects() {
	const versions = (await app.client.state('versions')).filter(
		(version) => typeof version.data?.email === 'string',
	);
	const first = versions[0];
	return [first, versions.find((version) => version.data.email !== first.data.email)];
}

/** Until the workflow's stored runs show `node`'s output; the runs' outputs by node. */
let owner;
async function storedOutputs(running, recipe, node) {
	// The owner is set up once per user folder; later starts of n8n have new ports.
	if (owner) owner.rebase(running.url);
	else owner = await ownerSession(running.url);
	const workflowId = recipes.get(recipe).workflow.id;
	const stored = await waitFor(async () => {
		const executions = await executionOutputs(owner, app.n8n, workflowId);
		return executions.outputs[node] && executions;
	}, `a stored run of ${recipe} through ${node}`);
	return stored.outputs;
}

describe('examples/recipes/hubspot-visit-note-task-slack.json', () => {
	const CLICK = 'CTA click: Book a meeting';

	/** Two versions with prospects: the first's a HubSpot contact with a deal on it, the second's nobody in HubSpot. */
	async function prospects() {
		const versions = (await app.client.state('versions')).filter(
			(version) => typeof version.data?.email === 'string',
		);
		const [known, unknown] = [
			versions[0],
			versions.find((version) => version.data.email !== versions[0].data.email),
		];
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
			id: '18060000',
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

	test('each visit of a contact: a note on contact and deal; past the thresholds a task and one Slack message; others in their branches', async () => {
		const { known, unknown, contactId } = await prospects();
		// Three visits of the known prospect's version: a click (a task), five minutes (a task), 30 s (a note only).
		const visits = {
			clicked: [
				view(known.id, 'vis_rec_a', 'a1', 1, 45),
				{ ...view(known.id, 'vis_rec_a', 'a1', 1, 44), eventCategory: 'click', eventName: CLICK },
				view(known.id, 'vis_rec_a', 'a1', 4, 42),
			],
			long: [view(known.id, 'vis_rec_b', 'b1', 1, 45), view(known.id, 'vis_rec_b', 'b1', 2, 40)],
			short: [
				view(known.id, 'vis_rec_c', 'c1', 1, 41),
				{ ...view(known.id, 'vis_rec_c', 'c1', 2, 40.5) },
			],
			stranger: [view(unknown.id, 'vis_rec_d', 'd1', 1, 43)],
		};
		app.sandbox.addEvents(Object.values(visits).flat());
		// Slack refuses the first message (429): that visit must land in the failure branch, the other be posted.
		await crm.slack.failNext(429, 'POST', '^/api/chat\\.postMessage$');
		await activateAsIfAnHourAgo('hubspot-visit-note-task-slack');
		const running = await app.start();
		try {
			await waitFor(
				async () =>
					(await crm.hubspot.state()).notes.length >= 3 && (await crm.slack.log()).length >= 2,
				'the notes and the Slack messages',
				240_000,
			);
			const seen = await storedOutputs(
				running,
				'hubspot-visit-note-task-slack',
				'Tell the owner in Slack',
			);

			const { notes, tasks } = await crm.hubspot.state();
			const sessions = seen['When a reader finishes'].map((item) => item.json);
			const noteOf = (events, session) => {
				const seconds = Math.floor(
					(Date.parse(events.at(-1).timestamp) - Date.parse(events[0].timestamp)) / 1000,
				);
				const deepest = Math.max(
					...events
						.filter((event) => event.eventCategory === 'view')
						.map((event) => Number(event.eventName.split('_').pop())),
				);
				const clicks = events
					.filter((event) => event.eventCategory === 'click')
					.map((event) => event.eventName);
				return `${session.prospectName || 'Known Reader'} read "${session.versionTitle}" for ${Math.floor(seconds / 60)} min ${seconds % 60} s, up to slide ${deepest}${clicks.length ? `, and clicked ${clicks.join(', ')}` : ''}.`;
			};
			const expected = ['clicked', 'long', 'short'].map((name) => {
				const session = sessions.find(
					(candidate) => candidate.sessionId === visits[name][0].sessionId,
				);
				ensure(session, `the trigger emitted the ${name} visit`);
				return noteOf(visits[name], session);
			});
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
						['18060000', 214],
					],
					'each note on the contact and the deal',
				);
			expectEqual(
				tasks.map((task) => task.metadata.body).sort(),
				[expected[0], expected[1]].sort(),
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
					{
						owner: Number(OWNER_ID),
						contacts: [contactId],
						deals: ['18060000'],
						status: 'NOT_STARTED',
					},
					'each task: the deal owner, the contact and the deal',
				);
			const { messages } = await crm.slack.state();
			expectEqual(messages.length, 1, 'Slack messages posted (the first was refused with 429)');
			ensure(
				expected.slice(0, 2).some((text) => messages[0].text.includes(text)) &&
					messages[0].channel === 'deal-alerts',
				`the message names the visit: ${messages[0].text}`,
			);
			const failed = seen['Not written (see the error; run these again)'] ?? [];
			expectEqual(
				failed.length,
				1,
				'the visit whose Slack message was refused, in the failure branch',
			);
			expectEqual(
				(seen['Readers not in HubSpot'] ?? []).map((item) => item.json.sessionId),
				['d1'],
				'the reader not in HubSpot, in its branch',
			);

			// The next poll: nothing written again.
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
		} finally {
			await running.stop();
		}
	});
});

describe('examples/recipes/salesforce-visit-task.json', () => {
	test("each visit: one completed Task on the Contact (else the Lead) with the visit's figures and link; a stranger in its branch", async () => {
		const [contactVersion, leadVersion] = await twoProspects();
		const versions = await app.client.state('versions');
		const third = versions.find(
			(version) =>
				typeof version.data?.email === 'string' &&
				![contactVersion.data.email, leadVersion.data.email].includes(version.data.email),
		);
		await crm.salesforce.add('contacts', {
			Id: '003000000000001AAA',
			FirstName: 'Con',
			LastName: 'Tact',
			Email: contactVersion.data.email,
			OwnerId: '005000000000001AAA',
		});
		await crm.salesforce.add('leads', {
			Id: '00Q000000000001AAA',
			FirstName: 'Le',
			LastName: 'Ad',
			Email: leadVersion.data.email,
			Company: 'Lead Co',
			OwnerId: '005000000000001AAA',
		});
		const visits = {
			contact: [
				view(contactVersion.id, 'vis_sf_a', 'sfa', 1, 50),
				{
					...view(contactVersion.id, 'vis_sf_a', 'sfa', 2, 48),
					eventCategory: 'click',
					eventName: 'CTA click: Book a meeting',
				},
				view(contactVersion.id, 'vis_sf_a', 'sfa', 3, 47),
			],
			lead: [
				view(leadVersion.id, 'vis_sf_b', 'sfb', 1, 45),
				view(leadVersion.id, 'vis_sf_b', 'sfb', 5, 44),
			],
			stranger: third ? [view(third.id, 'vis_sf_c', 'sfc', 1, 46)] : [],
		};
		ensure(third, 'a third prospect in the sandbox');
		app.sandbox.addEvents(Object.values(visits).flat());
		// The first Contact query fails (500): Retry On Fail asks again.
		await crm.salesforce.failNext(500, 'GET', '/query$');
		await activateAsIfAnHourAgo('salesforce-visit-task');
		const running = await app.start();
		try {
			await waitFor(
				async () => (await crm.salesforce.state()).tasks.length >= 2,
				'the Tasks',
				240_000,
			);
			const seen = await storedOutputs(running, 'salesforce-visit-task', 'Task for the visit');
			const links = new Map(
				seen['The proposal read'].map((item) => [item.json.versionId, item.json.url]),
			);
			const sessions = seen['When a reader finishes'].map((item) => item.json);
			const { tasks } = await crm.salesforce.state();
			const expected = [
				['contact', '003000000000001AAA', 'CTA click: Book a meeting', 3, 180],
				['lead', '00Q000000000001AAA', null, 5, 60],
			].map(([name, whoId, click, slide, seconds]) => {
				const session = sessions.find(
					(candidate) => candidate.sessionId === visits[name][0].sessionId,
				);
				ensure(session, `the trigger emitted the ${name}'s visit`);
				ensure(links.get(session.versionId), `the link of ${session.versionId}`);
				return {
					WhoId: whoId,
					Status: 'Completed',
					Subject: `Storydoc: read ${session.versionTitle}`,
					Priority: 'Normal',
					ActivityDate: session.lastEventAt.slice(0, 10),
					Description: `${session.prospectName || session.prospectEmail} read "${session.versionTitle}" for ${Math.floor(seconds / 60)} min ${seconds % 60} s, up to slide ${slide}${click ? `, and clicked ${click}` : ''}. Views: ${session.views}, clicks: ${session.clicks}, from ${session.startedAt} to ${session.lastEventAt}. Proposal: ${links.get(session.versionId)}`,
				};
			});
			expectEqual(
				tasks.map(({ Id, ...task }) => task).sort((a, b) => a.WhoId.localeCompare(b.WhoId)),
				expected.sort((a, b) => a.WhoId.localeCompare(b.WhoId)),
				'one Task per visit, on the Contact, else the Lead',
			);
			expectEqual(
				(seen['Readers not in Salesforce'] ?? []).map((item) => item.json.sessionId),
				['sfc'],
				'the reader in neither, in its branch',
			);
			const queries = (await crm.salesforce.log()).filter((entry) => entry.method === 'GET');
			ensure(
				queries.some((entry) => entry.fault === 500),
				'the 500 was met',
			);
		} finally {
			await running.stop();
		}
	});
});

describe('examples/recipes/pipedrive-first-view.json', () => {
	/** A new version of the proposal story (nobody has read it), made through the API. */
	async function newVersion(title) {
		const response = await fetch(`${app.url}/v2/versions`, {
			method: 'POST',
			headers: {
				authorization: `Bearer ${app.sandbox.tokens.team}`,
				'content-type': 'application/json',
			},
			body: JSON.stringify({
				storyId: PROPOSAL_STORY_ID,
				senderEmail: SENDER_EMAIL,
				data: { title, first_name: 'Nia', email: 'nia@umbrella.example' },
			}),
		});
		const body = await response.json();
		ensure(response.ok, `creating a version: ${JSON.stringify(body)}`);
		return body.versionId;
	}

	test('a first view of a proposal a deal carries: one activity on that deal for its owner; another proposal in its branch', async () => {
		const onDeal = await newVersion('Proposal for Umbrella');
		const noDeal = await newVersion('Proposal for nobody');
		await crm.pipedrive.add('deals', {
			id: 701,
			title: 'Umbrella renewal',
			value: 24000,
			owner_id: 12,
			custom_fields: { '7b3f0c0de1a2b3c4d5e6f708192a3b4c5d6e7f80': onDeal },
		});
		app.sandbox.addEvents([
			view(onDeal, 'vis_pd_a', 'pda', 1, 20),
			view(onDeal, 'vis_pd_a', 'pda', 2, 19),
			view(noDeal, 'vis_pd_b', 'pdb', 1, 18),
		]);
		await crm.pipedrive.failNext(429, 'GET', '^/v1/deals/search$');
		await activateAsIfAnHourAgo('pipedrive-first-view');
		const running = await app.start();
		try {
			await waitFor(
				async () => (await crm.pipedrive.state()).activities.length >= 1,
				'the activity',
				240_000,
			);
			const seen = await storedOutputs(running, 'pipedrive-first-view', 'Activity on the deal');
			const first = seen['When a proposal is first opened']
				.map((item) => item.json)
				.find((event) => event.versionId === onDeal);
			ensure(first, 'the first view of the proposal on the deal');
			const { activities } = await crm.pipedrive.state();
			expectEqual(
				activities.map(({ id, add_time, ...activity }) => activity),
				[
					{
						subject: `Proposal opened: ${first.versionTitle}`,
						done: '0',
						type: 'task',
						deal_id: 701,
						user_id: 12,
						due_date: activities[0].due_date,
						note: `${first.prospectName || first.prospectEmail || 'Someone'} opened "${first.versionTitle}" at ${first.timestamp}${first.locationCity ? ` from ${first.locationCity}` : ''}${first.deviceTypeName ? ` (${first.deviceTypeName})` : ''}.`,
					},
				],
				'one activity, on the deal carrying the proposal, for its owner',
			);
			ensure(
				/^\d{4}-\d{2}-\d{2}$/.test(activities[0].due_date),
				`due today: ${activities[0].due_date}`,
			);
			expectEqual(
				(seen['No deal carries this proposal'] ?? []).map((item) => item.json.versionId),
				[noDeal],
				'the proposal no deal carries, in its branch',
			);
			ensure(
				(await crm.pipedrive.log()).some((entry) => entry.fault === 429),
				'the 429 was met (and the search asked again)',
			);

			const polls = () =>
				app.sandbox.log.filter((entry) => entry.path === '/v2/analytics/events').length;
			const before = polls();
			app.sandbox.addEvents([view(onDeal, 'vis_pd_c', 'pdc', 1, 0)]);
			await waitFor(() => polls() > before + 1, 'two more polls');
			expectEqual(
				(await crm.pipedrive.state()).activities.length,
				1,
				'activities after a later view of the same proposal',
			);
		} finally {
			await running.stop();
		}
	});
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
