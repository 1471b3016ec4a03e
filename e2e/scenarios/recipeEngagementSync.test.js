'use strict';
/**
 * examples/recipes/hubspot-engagement-sync.json in the real app (`n8n execute`, as its Run now
 * button): each HubSpot deal carrying a version gets that version's figures of the last 90 days from
 * Get Events › Summary for Each Item's Version (zeros for a version nobody opened), counted here by
 * hand from the sandbox's events; a second run sends no update and changes nothing.
 */
const { versionLevelByHand } = require('../../scripts/examples/levels');
const { expectedSessions, sessionsByHand } = require('../../scripts/examples/sessions');
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { useRecipes } = require('../crm/useRecipes');

const RECIPE = 'hubspot-engagement-sync';
const ENGAGEMENT = "Each deal's engagement, last 90 days";
const DAY_MS = 86_400_000;
/** Each deal property and the field of Get Events' per-deal item it holds. */
const FIGURES = {
	storydoc_reading_seconds: 'totalReadingSeconds',
	storydoc_readers: 'uniqueVisitors',
	storydoc_returning_readers: 'returningReaders',
	storydoc_views: 'views',
	storydoc_engagement_level: 'engagementLevel',
};
const scenario = useRecipes();
const { app } = scenario;

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
	const unread = (await app.client.state('versions')).find((version) => !read.includes(version.id));
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
	for (const deal of deals) await scenario.crm.hubspot.add('deals', deal);
	return deals;
}

/**
 * A version's figures over the recipe's period (90 days back from the start of today, UTC), counted
 * by hand from the sandbox's events (scripts/examples/sessions.js); undefined when none is in it.
 */
function byHand(allEvents, versionId) {
	const start = new Date();
	start.setUTCHours(0, 0, 0, 0);
	const from = start.getTime() - 90 * DAY_MS;
	const events = allEvents.filter(
		(event) => event.versionId === versionId && Date.parse(event.timestamp) >= from,
	);
	if (!events.length) return undefined;
	const sessions = expectedSessions(sessionsByHand(events, 30 * 60_000));
	const readers = new Set(events.map((event) => event.visitorId).filter(Boolean));
	const returning = new Set(sessions.filter((s) => s.returningReader).map((s) => s.visitorId));
	return {
		lastEventAt: events.reduce((a, b) =>
			Date.parse(b.timestamp) > Date.parse(a.timestamp) ? b : a,
		).timestamp,
		totalReadingSeconds: sessions.reduce((sum, session) => sum + session.readingSeconds, 0),
		uniqueVisitors: readers.size,
		returningReaders: returning.size,
		views: events.filter((event) => event.eventCategory === 'view').length,
		// The rule of docs/analytics.md by hand, with its default thresholds (the recipe sets none).
		engagementLevel: versionLevelByHand(sessions).engagementLevel,
	};
}

/** What each deal must hold after the run: its version's figures counted by hand, or zeros. */
async function expectFigures(deals, run, after) {
	const events = await app.client.state('events');
	const searched = run.branches['Deals with a proposal'][0];
	expectEqual(
		run.branches[ENGAGEMENT][0].map((item) => [item.json.versionId, item.json.opened]),
		searched.map(({ json }) => [
			json.properties.storydoc_version_id,
			byHand(events, json.properties.storydoc_version_id) !== undefined,
		]),
		"Get Events' items: one per deal found, in its order, opened when its version was read",
	);
	for (const deal of deals) {
		const summary = byHand(events, deal.properties.storydoc_version_id);
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
				// A version nobody opened in the period is cold.
				storydoc_engagement_level: summary?.engagementLevel ?? 'cold',
			},
			`deal ${deal.id} (${summary ? 'read' : 'not read'} in the period): its engagement properties`,
		);
	}
}

test("each deal gets its version's figures of the last 90 days (zeros when unread); a second run writes nothing", async () => {
	const { crm } = scenario;
	const deals = await dealsOnVersions();
	const run = await scenario.execute(RECIPE);
	ensure(
		run.code === 0,
		`n8n execute exited ${run.code}: ${run.errorMessage}\n${run.stderr.slice(-2000)}`,
	);
	const { deals: after } = await crm.hubspot.state();
	await expectFigures(deals, run, after);
	const updates = (await crm.hubspot.log()).filter((entry) => entry.method === 'PUT');
	expectEqual(updates.length, deals.length, 'one update per deal on a version');

	const before = (await crm.hubspot.log()).length;
	const again = await scenario.execute(RECIPE);
	ensure(again.code === 0, `the second run exited ${again.code}: ${again.errorMessage}`);
	const second = (await crm.hubspot.log()).slice(before);
	expectEqual(
		second.filter((entry) => entry.method === 'PUT').length,
		0,
		'deal updates in the second run',
	);
	expectEqual((await crm.hubspot.state()).deals, after, 'the deals after the second run');
	scenario.report('Nightly engagement sync to HubSpot (n8n execute, twice)', [
		...deals.map((deal) => {
			const written = after.find((candidate) => candidate.id === deal.id).properties;
			return `deal ${deal.id}: last read ${written.storydoc_last_read || '—'}, ${written.storydoc_reading_seconds} s, ${written.storydoc_readers} readers, ${written.storydoc_returning_readers} returning, ${written.storydoc_views} views, ${written.storydoc_engagement_level}`;
		}),
		'the second run: no deal update',
	]);
});

test('HubSpot answering the deal search 429 and a deal update 500 once: both tried again, every deal written once', async () => {
	const { crm } = scenario;
	const deals = await dealsOnVersions();
	await crm.hubspot.failNext(429, 'POST', '^/crm/v3/objects/deals/search$');
	await crm.hubspot.failNext(500, 'PUT', '^/deals/v1/deal/');
	const run = await scenario.execute(RECIPE);
	ensure(run.code === 0, `n8n execute exited ${run.code}: ${run.errorMessage}`);
	const log = await crm.hubspot.log();
	expectEqual(
		log
			.filter((entry) => entry.fault)
			.map((entry) => `${entry.fault} ${entry.method}`)
			.sort(),
		['429 POST', '500 PUT'],
		'the faults met',
	);
	await expectFigures(deals, run, (await crm.hubspot.state()).deals);
});

scenario.noTokenLeaked();
