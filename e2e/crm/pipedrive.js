'use strict';
/**
 * Pipedrive's API v1 as n8n's Pipedrive node (v1) calls it, from Pipedrive's public reference: the
 * token in the query (`api_token`), deal search (exact match on custom fields) and activity creation,
 * each answer `{ success, data }`; errors `{ success: false, error }`.
 */
const { StandInError, createStandIn } = require('./standIn');

function searchDeals(state, query) {
	const term = query.get('term') ?? '';
	const exact = query.get('exact_match') === 'true';
	const limit = Number(query.get('limit') ?? 100);
	const fields = (query.get('fields') ?? 'custom_fields,notes,title').split(',');
	const matches = (value) =>
		exact ? String(value) === term : String(value).toLowerCase().includes(term.toLowerCase());
	const found = state.deals.filter(
		(deal) =>
			(fields.includes('title') && matches(deal.title)) ||
			(fields.includes('custom_fields') && Object.values(deal.custom_fields).some(matches)),
	);
	return {
		success: true,
		data: {
			items: found.slice(0, limit).map((deal) => ({
				result_score: 1,
				item: {
					id: deal.id,
					type: 'deal',
					title: deal.title,
					value: deal.value,
					currency: 'EUR',
					status: 'open',
					owner: { id: deal.owner_id },
					person: deal.person ?? null,
					organization: deal.organization ?? null,
					custom_fields: Object.values(deal.custom_fields),
					notes: [],
				},
			})),
		},
		additional_data: {
			pagination: { start: 0, limit, more_items_in_collection: found.length > limit },
		},
	};
}

/** @param {{ token: string, seed: { deals: object[] } }} options */
function createPipedrive({ token, seed }) {
	const state = { deals: [], activities: [] };
	const reset = () => {
		state.deals = structuredClone(seed.deals);
		state.activities = [];
	};
	reset();
	const routes = [
		['GET', /^\/v1\/deals\/search$/, ({ query }) => searchDeals(state, query)],
		[
			'POST',
			/^\/v1\/activities$/,
			({ body }) => {
				if (!body?.subject)
					throw new StandInError(400, { success: false, error: 'Subject is required' });
				const activity = {
					id: state.activities.length + 1,
					...body,
					add_time: new Date().toISOString(),
				};
				state.activities.push(activity);
				return { success: true, data: activity };
			},
		],
	];
	const standIn = createStandIn({
		name: 'Pipedrive',
		hosts: ['api.pipedrive.com'],
		token,
		routes,
		authorized: (request, url) => url.searchParams.get('api_token') === token,
		unauthorized: {
			success: false,
			error: 'You need to be authorized to make this request.',
			errorCode: 401,
		},
		faultBody: (status) =>
			status === 429
				? { success: false, error: 'Request over limit', errorCode: 429 }
				: { success: false, error: 'Internal server error', errorCode: 500 },
	});
	const add = (kind, record) => state[kind].push(record);
	return Object.assign(standIn, { state, reset, add });
}

module.exports = { createPipedrive };
