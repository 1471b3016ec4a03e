'use strict';
/**
 * The workflows bench:analytics runs in the real app, each from a Manual Trigger. n8n (execution
 * order v1) runs a node's branches one after another, the top one first, so one `n8n execute` gives
 * Get Events in a fresh n8n process, then again in the same process once warm, then Summary per
 * Version, then Summary per Reading Session, then Summary per Story, then Summary per Story of the period's
 * second half compared with its first (the same events), then Summary for Each Item's Version of the deals'
 * versions (Set and Split Out making one item per deal, as a CRM's deals come in).
 */
const { BEARER_CREDENTIAL, manualWorkflow: workflow, storydocNode } = require('../lib/workflows');

const NODES = {
	cold: 'Get Events',
	warm: 'Get Events (warm)',
	summary: 'Summary per Version',
	sessions: 'Summary per Reading Session',
	stories: 'Summary per Story',
	storiesCompared: 'Summary per Story, compared',
	deals: 'Deals',
	oneItemPerDeal: 'One Item per Deal',
	perDeal: 'Engagement per Deal',
	httpRequest: 'HTTP Request',
	splitOut: 'Split Out',
};

const link = (node) => ({ node, type: 'main', index: 0 });

/** A deal per version ID, as a CRM's deals with their Storydoc version: Set (raw JSON), Split Out. */
function dealNodes(versionIds) {
	const deals = versionIds.map((versionId, index) => ({
		dealId: `deal-${index + 1}`,
		storydoc_version_id: versionId,
	}));
	return [
		{
			id: 'deals',
			name: NODES.deals,
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [300, 800],
			parameters: { mode: 'raw', jsonOutput: JSON.stringify({ deals }), options: {} },
		},
		{
			id: 'one-item-per-deal',
			name: NODES.oneItemPerDeal,
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [500, 800],
			parameters: { fieldToSplitOut: 'deals', include: 'noOtherFields', options: {} },
		},
	];
}

/**
 * Get Events over the period with Return All, cold then warm, then its two summaries, then the
 * deals' versions each summed up (`dealVersionIds`).
 */
function getEventsWorkflow({ dateFrom, dateTo, concurrency, dealVersionIds }) {
	const getEvents = (name, y, { options, ...outputParameters }, x = 300) => ({
		...storydocNode({
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom,
			dateTo,
			...outputParameters,
			options: { ...(concurrency ? { concurrency } : {}), ...options },
		}),
		id: `node-${y}`,
		name,
		position: [x, y],
	});
	return workflow(
		'benchAnalyticsGetEvents',
		[
			getEvents(NODES.cold, 0, { returnAll: true }),
			getEvents(NODES.warm, 200, { returnAll: true }),
			getEvents(NODES.summary, 400, { output: 'versionSummary' }),
			getEvents(NODES.sessions, 600, { output: 'readingSessions' }),
			getEvents(NODES.stories, 700, { output: 'storySummary' }),
			// The second half compared with the first: the same events as (y), from one read.
			getEvents(NODES.storiesCompared, 750, {
				output: 'storySummary',
				dateFrom: new Date(
					Math.floor((Date.parse(dateFrom) + Date.parse(dateTo) + 1) / 2),
				).toISOString(),
				options: { compareWith: 'periodBefore' },
			}),
			...dealNodes(dealVersionIds),
			getEvents(
				NODES.perDeal,
				800,
				{
					output: 'itemVersions',
					itemVersion: { __rl: true, mode: 'id', value: '={{ $json.storydoc_version_id }}' },
				},
				700,
			),
		],
		{
			Manual: {
				main: [
					[
						link(NODES.cold),
						link(NODES.warm),
						link(NODES.summary),
						link(NODES.sessions),
						link(NODES.stories),
						link(NODES.storiesCompared),
						link(NODES.deals),
					],
				],
			},
			[NODES.deals]: { main: [[link(NODES.oneItemPerDeal)]] },
			[NODES.oneItemPerDeal]: { main: [[link(NODES.perDeal)]] },
		},
	);
}

/**
 * What users build for this API by hand: HTTP Request 4.2 raising the page number until
 * `pagination.hasMore` is false (one request at a time), then Split Out on `data`.
 */
function httpRequestWorkflow({ url, dateFrom, dateTo }) {
	const httpRequest = {
		id: 'http-request',
		name: NODES.httpRequest,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [300, 0],
		credentials: { httpBearerAuth: BEARER_CREDENTIAL },
		parameters: {
			url: `${url}/v2/analytics/events`,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpBearerAuth',
			sendQuery: true,
			queryParameters: {
				parameters: [
					{ name: 'dateFrom', value: dateFrom },
					{ name: 'dateTo', value: dateTo },
				],
			},
			options: {
				pagination: {
					pagination: {
						paginationMode: 'updateAParameterInEachRequest',
						parameters: {
							parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
						},
						paginationCompleteWhen: 'other',
						completeExpression: '={{ $response.body.pagination.hasMore === false }}',
					},
				},
			},
		},
	};
	const splitOut = {
		id: 'split-out',
		name: NODES.splitOut,
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		position: [500, 0],
		parameters: { fieldToSplitOut: 'data', include: 'noOtherFields', options: {} },
	};
	return workflow('benchAnalyticsHttpRequest', [httpRequest, splitOut], {
		Manual: { main: [[link(NODES.httpRequest)]] },
		[NODES.httpRequest]: { main: [[link(NODES.splitOut)]] },
	});
}

module.exports = { NODES, getEventsWorkflow, httpRequestWorkflow };
