'use strict';
/**
 * examples/recipes/pipedrive-first-view.json active in `n8n start` (as if for an hour): the first view
 * of a proposal a Pipedrive deal carries adds one activity on that deal for its owner; a proposal no
 * deal carries lands in its branch; the deal search meets a 429 and is asked again; a later view of
 * the same proposal adds nothing.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { useRecipes, view } = require('../crm/useRecipes');
const { waitFor } = require('../harness/waiting');

const RECIPE = 'pipedrive-first-view';
const scenario = useRecipes();
scenario.pollTimesAsFiled();
const { app } = scenario;

/** A new version of the proposal story (nobody has read it), made through the API. */
const newVersion = (title) =>
	scenario.newVersion({ title, first_name: 'Nia', email: 'nia@umbrella.example' });

/** The activity the first view must add (the opened version's names, place and device from the event). */
const activityFor = (first, dueDate) => ({
	subject: `Proposal opened: ${first.versionTitle}`,
	done: '0',
	type: 'task',
	deal_id: 701,
	user_id: 12,
	due_date: dueDate,
	note: `${first.prospectName || first.prospectEmail || 'Someone'} opened "${first.versionTitle}" at ${first.timestamp}${first.locationCity ? ` from ${first.locationCity}` : ''}${first.deviceTypeName ? ` (${first.deviceTypeName})` : ''}.`,
});

test('a first view of a proposal a deal carries: one activity on that deal for its owner; another proposal in its branch', async () => {
	const { crm } = scenario;
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
	await scenario.activateAsIfAnHourAgo(RECIPE);
	const running = await app.start();
	try {
		await waitFor(
			async () => (await crm.pipedrive.state()).activities.length >= 1,
			'the activity',
			240_000,
		);
		const seen = await scenario.storedOutputs(running, RECIPE, 'Activity on the deal');
		const first = seen['When a proposal is first opened']
			.map((item) => item.json)
			.find((event) => event.versionId === onDeal);
		ensure(first, 'the first view of the proposal on the deal');
		const { activities } = await crm.pipedrive.state();
		// Today where n8n runs (its time zone): within a day of today in UTC.
		const due = Date.parse(activities[0]?.due_date);
		ensure(
			Math.abs(due - Date.parse(new Date().toISOString().slice(0, 10))) <= 86_400_000,
			`due today: ${activities[0]?.due_date}`,
		);
		expectEqual(
			activities.map(({ id, add_time, ...activity }) => activity),
			[activityFor(first, activities[0].due_date)],
			'one activity, on the deal carrying the proposal, for its owner',
		);
		expectEqual(
			(seen['No deal carries this proposal'] ?? []).map((item) => item.json.versionId),
			[noDeal],
			'the proposal no deal carries, in its branch',
		);
		const faults = (await crm.pipedrive.log()).filter((entry) => entry.fault);
		expectEqual(
			faults.map((entry) => `${entry.fault} ${entry.method}`),
			['429 GET'],
			'the fault met (and the search asked again)',
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
		scenario.report('First view → activity on the Pipedrive deal (n8n start, polling)', [
			`activity on deal 701: ${activities[0].subject}. ${activities[0].note}`,
			'the search met a 429 and was asked again; a later view added nothing',
		]);
	} finally {
		await running.stop();
	}
});

scenario.noTokenLeaked();
