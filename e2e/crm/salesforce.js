'use strict';
/**
 * Salesforce's REST API (v59.0) as n8n's Salesforce node (v1) calls it on an OAuth2 credential that
 * carries its instance URL, from Salesforce's public reference: SOQL queries (`/query?q=`) on Contact
 * and Lead by email, and Task creation (`/sobjects/task`, 201 with the new ID). Errors are Salesforce's
 * array of { message, errorCode }.
 */
const { Answer, StandInError, createStandIn } = require('./standIn');

const { SALESFORCE_INSTANCE } = require('./seed');

const INSTANCE = new URL(SALESFORCE_INSTANCE).host;
const API = '/services/data/v59.0';

/** The records of a SOQL query the node builds: SELECT fields FROM Contact|Lead WHERE Email = '…' [LIMIT n]. */
function query(state, soql) {
	const from = /\bFROM\s+(Contact|Lead)\b/i.exec(soql);
	if (!from)
		throw new StandInError(400, [
			{ message: `unsupported query: ${soql}`, errorCode: 'MALFORMED_QUERY' },
		]);
	const type = from[1][0].toUpperCase() + from[1].slice(1).toLowerCase();
	// SOQL's `Email = null` (and `= ''`, the same in SOQL) matches the records without an email.
	const condition = /\bEmail\s*=\s*(null\b|'([^']*)')/i.exec(soql);
	const wanted = condition ? (condition[2] ?? '').toLowerCase() : undefined;
	const fields = /^\s*SELECT\s+(.+?)\s+FROM\b/i
		.exec(soql)[1]
		.split(',')
		.map((field) => field.trim());
	const limit = Number(/\bLIMIT\s+(\d+)/i.exec(soql)?.[1] ?? Infinity);
	const records = state[type === 'Contact' ? 'contacts' : 'leads']
		.filter((record) => wanted === undefined || (record.Email ?? '').toLowerCase() === wanted)
		.slice(0, limit)
		.map((record) => {
			const shown = { attributes: { type, url: `${API}/sobjects/${type}/${record.Id}` } };
			for (const field of fields) {
				const key = Object.keys(record).find((name) => name.toLowerCase() === field.toLowerCase());
				shown[key ?? field] = key ? record[key] : null;
			}
			return shown;
		});
	return { totalSize: records.length, done: true, records };
}

/** @param {{ token: string, seed: { contacts: object[], leads: object[] } }} options */
function createSalesforce({ token, seed }) {
	const state = { contacts: [], leads: [], tasks: [] };
	const reset = () => {
		state.contacts = structuredClone(seed.contacts);
		state.leads = structuredClone(seed.leads);
		state.tasks = [];
	};
	reset();
	const routes = [
		[
			'GET',
			new RegExp(`^${API}/query$`),
			({ query: params }) => query(state, params.get('q') ?? ''),
		],
		[
			'POST',
			new RegExp(`^${API}/sobjects/task$`, 'i'),
			({ body }) => {
				const id = `00T${String(state.tasks.length + 1).padStart(12, '0')}`;
				state.tasks.push({ Id: id, ...body });
				return new Answer(201, { id, success: true, errors: [] });
			},
		],
	];
	const standIn = createStandIn({
		name: 'Salesforce',
		hosts: [INSTANCE],
		token,
		routes,
		unauthorized: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
		faultBody: (status) =>
			status === 429
				? [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }]
				: [
						{
							message:
								'An unexpected error occurred. Please include this ErrorId if you contact support: 1234-5678',
							errorCode: 'UNKNOWN_EXCEPTION',
						},
					],
	});
	const add = (kind, record) => state[kind].push(record);
	return Object.assign(standIn, { state, reset, add });
}

module.exports = { createSalesforce };
