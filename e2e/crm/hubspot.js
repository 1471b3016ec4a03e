'use strict';
/**
 * HubSpot's API as n8n's HubSpot node (v2.2) and an HTTP Request node on the same credential call
 * it, written from HubSpot's public API reference: CRM v3 search (filter groups, properties, paging),
 * the v1 deal and contact records, v2 companies, v1 engagements (tasks), v3 notes with associations
 * and v3 owners. Property values are strings, as HubSpot answers them.
 */
const { StandInError, createStandIn } = require('./standIn');

const notFound = (what) =>
	new StandInError(404, {
		status: 'error',
		message: `${what} does not exist`,
		category: 'OBJECT_NOT_FOUND',
	});

/** One filter of a CRM search, on a record's string properties. */
function passes(properties, { propertyName, operator, value }) {
	const actual = properties[propertyName];
	const known = actual !== undefined && actual !== null && actual !== '';
	// HubSpot's reference gives no answer for a comparison without a value: refused, so a test sees it.
	if (!operator.includes('HAS_PROPERTY') && (value === undefined || value === null || value === ''))
		throw new StandInError(400, {
			status: 'error',
			message: `There was a problem with the request: ${propertyName} ${operator} has no value`,
			category: 'VALIDATION_ERROR',
		});
	switch (operator) {
		case 'HAS_PROPERTY':
			return known;
		case 'NOT_HAS_PROPERTY':
			return !known;
		case 'EQ':
			return known && String(actual).toLowerCase() === String(value).toLowerCase();
		case 'NEQ':
			return !known || String(actual).toLowerCase() !== String(value).toLowerCase();
		case 'GT':
		case 'GTE':
		case 'LT':
		case 'LTE': {
			if (!known) return false;
			const [a, b] = [Number(actual), Number(value)];
			return { GT: a > b, GTE: a >= b, LT: a < b, LTE: a <= b }[operator];
		}
		default:
			throw new StandInError(400, { status: 'error', message: `Unsupported operator ${operator}` });
	}
}

/** POST /crm/v3/objects/{type}/search over records of { id, properties }. */
function search(records, body = {}) {
	const groups = body.filterGroups ?? [];
	const matching = records.filter(
		(record) =>
			!groups.length ||
			groups.some((group) => group.filters.every((filter) => passes(record.properties, filter))),
	);
	const after = Number(body.after ?? 0);
	const limit = Number(body.limit ?? 10);
	const page = matching.slice(after, after + limit);
	const answer = {
		total: matching.length,
		results: page.map((record) => v3Record(record, body.properties)),
	};
	// HubSpot leaves paging out on the last page (n8n's node loops while it is there).
	if (after + limit < matching.length) answer.paging = { next: { after: String(after + limit) } };
	return answer;
}

function v3Record(record, wanted) {
	const names = wanted?.length ? wanted : Object.keys(record.properties);
	const properties = { hs_object_id: record.id };
	for (const name of names) properties[name] = record.properties[name] ?? null;
	return {
		id: record.id,
		properties,
		createdAt: record.createdAt,
		updatedAt: record.updatedAt,
		archived: false,
	};
}

/** A v1 record's properties: each value with its timestamp and source. */
const v1Properties = (record) =>
	Object.fromEntries(
		Object.entries(record.properties)
			.filter(([, value]) => value !== undefined && value !== null)
			.map(([name, value]) => [
				name,
				{
					value,
					timestamp: Date.parse(record.updatedAt),
					source: 'API',
					sourceId: null,
					versions: [],
				},
			]),
	);

function v1Deal(deal) {
	return {
		portalId: 62515,
		dealId: Number(deal.id),
		isDeleted: false,
		associations: {
			associatedVids: deal.contactIds.map(Number),
			associatedCompanyIds: deal.companyIds.map(Number),
			associatedDealIds: [],
			associatedTicketIds: [],
		},
		properties: v1Properties(deal),
		imports: [],
		stateChanges: [],
	};
}

const now = () => new Date().toISOString();

/** A record as the stand-in keeps it: dates, associations, and `hs_lastmodifieddate` (ms, as HubSpot). */
function stored(record) {
	const created = now();
	return {
		createdAt: created,
		updatedAt: created,
		contactIds: [],
		companyIds: [],
		...structuredClone(record),
		properties: { ...structuredClone(record.properties), hs_lastmodifieddate: String(Date.now()) },
	};
}

function find(state, kind, id, what) {
	const record = state[kind].find((candidate) => candidate.id === String(id));
	if (!record) throw notFound(`${what} ${id}`);
	return record;
}

/** Sets a record's properties as HubSpot does: its own `hs_lastmodifieddate` moves, no other record's. */
function change(record, properties) {
	for (const [name, value] of Object.entries(properties))
		record.properties[name] = value === null ? null : String(value);
	record.updatedAt = now();
	record.properties.hs_lastmodifieddate = String(Date.now());
}

function updateDeal(state, id, body) {
	const deal = find(state, 'deals', id, 'Deal');
	change(
		deal,
		Object.fromEntries((body?.properties ?? []).map(({ name, value }) => [name, value])),
	);
	return v1Deal(deal);
}

function createNote(state, body) {
	const note = {
		id: String(90000 + state.notes.length + 1),
		...structuredClone(body),
		createdAt: now(),
	};
	state.notes.push(note);
	const { id, properties, createdAt } = note;
	return { id, properties, createdAt, updatedAt: createdAt, archived: false };
}

function createEngagement(state, body) {
	const id = 80000 + state.tasks.length + 1;
	const task = { ...structuredClone(body), engagement: { ...body.engagement, id } };
	state.tasks.push(task);
	return { ...task, associationCreateFailures: [] };
}

/** The endpoints n8n's HubSpot node (v2.2) and the recipes' HTTP Request nodes call. */
const routes = (state) => [
	['POST', /^\/crm\/v3\/objects\/deals\/search$/, ({ body }) => search(state.deals, body)],
	['POST', /^\/crm\/v3\/objects\/contacts\/search$/, ({ body }) => search(state.contacts, body)],
	[
		'GET',
		/^\/deals\/v1\/deal\/(\d+)$/,
		({ params }) => v1Deal(find(state, 'deals', params[0], 'Deal')),
	],
	['PUT', /^\/deals\/v1\/deal\/(\d+)$/, ({ params, body }) => updateDeal(state, params[0], body)],
	[
		'GET',
		/^\/contacts\/v1\/contact\/vid\/(\d+)\/profile$/,
		({ params }) => {
			const contact = find(state, 'contacts', params[0], 'Contact');
			const vid = Number(contact.id);
			return { vid, 'canonical-vid': vid, properties: v1Properties(contact) };
		},
	],
	[
		'GET',
		/^\/companies\/v2\/companies\/(\d+)$/,
		({ params }) => {
			const company = find(state, 'companies', params[0], 'Company');
			return {
				portalId: 62515,
				companyId: Number(company.id),
				isDeleted: false,
				properties: v1Properties(company),
			};
		},
	],
	[
		'GET',
		/^\/crm\/v3\/owners\/(\d+)$/,
		({ params }) => ({ ...find(state, 'owners', params[0], 'Owner'), archived: false }),
	],
	['POST', /^\/crm\/v3\/objects\/notes$/, ({ body }) => createNote(state, body)],
	['POST', /^\/engagements\/v1\/engagements$/, ({ body }) => createEngagement(state, body)],
];

const RATE_LIMITED = {
	status: 'error',
	message: 'You have reached your secondly limit.',
	errorType: 'RATE_LIMIT',
	policyName: 'SECONDLY',
};

/** @param {{ token: string, seed: { owners, companies, contacts, deals } }} options */
function createHubspot({ token, seed }) {
	const state = { owners: [], companies: [], contacts: [], deals: [], notes: [], tasks: [] };
	const reset = () => {
		Object.assign(state, {
			owners: structuredClone(seed.owners),
			companies: seed.companies.map(stored),
			contacts: seed.contacts.map(stored),
			deals: seed.deals.map(stored),
			notes: [],
			tasks: [],
		});
	};
	reset();
	const standIn = createStandIn({
		name: 'HubSpot',
		hosts: ['api.hubapi.com'],
		token,
		routes: routes(state),
		unauthorized: {
			status: 'error',
			message: 'Authentication credentials not found.',
			category: 'INVALID_AUTHENTICATION',
		},
		faultBody: (status) =>
			status === 429
				? RATE_LIMITED
				: { status: 'error', message: 'internal error', category: 'INTERNAL_ERROR' },
	});
	/** A record added for one test (a contact for a sandbox prospect, say), until the reset. */
	const add = (kind, record) => state[kind].push(stored(record));
	/** A change made in HubSpot by someone else (a seller editing a deal or a contact). */
	const update = (kind, id, properties) => change(find(state, kind, id, kind), properties);
	/** Time passing: every record last changed `minutes` earlier than it was (a schedule's next run). */
	const age = (minutes) => {
		for (const kind of ['companies', 'contacts', 'deals'])
			for (const record of state[kind])
				record.properties.hs_lastmodifieddate = String(
					Number(record.properties.hs_lastmodifieddate) - minutes * 60_000,
				);
	};
	return Object.assign(standIn, { state, reset, add, update, age });
}

module.exports = { createHubspot };
