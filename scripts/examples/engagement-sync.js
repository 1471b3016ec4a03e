'use strict';
/** examples/engagement-sync.json: how to run it, what a correct run looks like and what the demo prints. */
const { DAY_MS } = require('../../sandbox/dates');
const { requestLines, startOfUtcDay } = require('./reading');
const { comparableSummaries, expectedSummaries } = require('./summaries');
const { table } = require('./table');

module.exports = {
	title: 'Get Events › Summary per Version of the last 30 days → one CRM row per version',
	startNode: 'When clicking ‘Execute workflow’',
	async check({ outputs, sandbox, expectEqual, expect }) {
		const requests = await sandbox.requests();
		expect(requests.length > 0, 'the sandbox received no request');
		expectEqual(
			[...new Set(requestLines(requests))],
			['GET /v2/analytics/events → 200'],
			'the requests the sandbox received (distinct)',
		);
		const requestedAt = Date.parse(requests[0].time);
		const fromMs = startOfUtcDay(requestedAt - 30 * DAY_MS);
		const events = (await sandbox.state('events')).filter((event) => {
			const instant = Date.parse(event.timestamp);
			return instant >= fromMs && instant <= requestedAt;
		});
		expect(
			events.length > 0,
			'the sandbox has no event in the last 30 days: the example shows nothing',
		);

		const summaries = (outputs['Engagement of the last 30 days'] ?? []).map((item) => item.json);
		expectEqual(
			comparableSummaries(summaries),
			expectedSummaries(events),
			'the summary per version (compared with the sandbox events of the last 30 days)',
		);
		const lastActivity = summaries.map((summary) => summary.lastEventAt);
		expectEqual(
			lastActivity,
			[...lastActivity].sort().reverse(),
			'the order of the summaries (most recently active first)',
		);

		expectEqual(
			(outputs['Rows for the CRM'] ?? []).map((item) => item.json),
			summaries.map((summary) => ({
				crm_contact_email: summary.prospectEmail,
				crm_contact_name: summary.prospectName,
				storydoc_version_id: summary.versionId,
				storydoc_story: summary.storyTitle,
				storydoc_views_30d: summary.views,
				storydoc_clicks_30d: summary.clicks,
				storydoc_visitors_30d: summary.uniqueVisitors,
				storydoc_last_activity: summary.lastEventAt,
				storydoc_last_action: summary.lastEventName,
				storydoc_engaged: summary.clicks > 0,
			})),
			'the CRM rows',
		);
	},
	report({ outputs }) {
		const rows = (outputs['Rows for the CRM'] ?? []).map((item) => item.json);
		return [
			`${rows.length} CRM rows, one per version viewed in the last 30 days:`,
			'',
			...table(
				['Contact', 'Story', 'Views', 'Clicks', 'Visitors', 'Last activity (UTC)', 'Last action'],
				rows.map((row) => [
					row.crm_contact_email ?? '(unknown)',
					row.storydoc_story,
					row.storydoc_views_30d,
					row.storydoc_clicks_30d,
					row.storydoc_visitors_30d,
					String(row.storydoc_last_activity).slice(0, 16).replace('T', ' '),
					row.storydoc_last_action,
				]),
			),
		];
	},
};
