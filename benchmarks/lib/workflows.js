'use strict';
/**
 * The workflows the benchmarks run in the real app: a Manual Trigger, a Set node making the input
 * records, Split Out (one item each, as examples/crm-create-version.json does), then the node
 * measured: this package's node, or n8n's HTTP Request node set up the way users do by hand.
 */
const { NODE_TYPE } = require('../../e2e/n8n-app');

const STORYDOC_CREDENTIAL = { id: 'benchStorydoc', name: 'Storydoc sandbox' };
const BEARER_CREDENTIAL = { id: 'benchBearer', name: 'Storydoc bearer (HTTP Request)' };

/** The credentials both kinds of workflow use, for `n8n import:credentials`. */
function benchCredentials(baseUrl, token) {
	return [
		{ ...STORYDOC_CREDENTIAL, type: 'storydocApi', data: { accessToken: token, baseUrl } },
		{ ...BEARER_CREDENTIAL, type: 'httpBearerAuth', data: { token } },
	];
}

/** A workflow started by a Manual Trigger named `Manual`, run with n8n's execution order v1. */
function manualWorkflow(id, nodes, connections) {
	const manual = {
		id: `${id}-manual`,
		name: 'Manual',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	return {
		id,
		name: `Benchmark ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [manual, ...nodes],
		connections,
	};
}

/** `records` is an n8n expression giving the array of input records. */
function recordsThen(id, records, measured) {
	const node = (name, type, typeVersion, x, parameters) => ({
		id: `${id}-${x}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
	});
	return manualWorkflow(
		id,
		[
			node('Records', 'n8n-nodes-base.set', 3.4, 200, {
				assignments: {
					assignments: [{ id: 'records', name: 'records', value: records, type: 'array' }],
				},
				options: {},
			}),
			node('One item per record', 'n8n-nodes-base.splitOut', 1, 400, {
				fieldToSplitOut: 'records',
				include: 'noOtherFields',
				options: {},
			}),
			{ ...measured, id: `${id}-measured`, name: 'Measured', position: [600, 0] },
		],
		{
			Manual: { main: [[{ node: 'Records', type: 'main', index: 0 }]] },
			Records: { main: [[{ node: 'One item per record', type: 'main', index: 0 }]] },
			'One item per record': { main: [[{ node: 'Measured', type: 'main', index: 0 }]] },
		},
	);
}

const storydocNode = (parameters, extra = {}) => ({
	type: NODE_TYPE,
	typeVersion: 2,
	parameters,
	credentials: { storydocApi: STORYDOC_CREDENTIAL },
	...extra,
});

/** n8n's HTTP Request node posting each item's body: it sends every item at once. */
const httpRequestNode = (url, body) => ({
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	parameters: {
		method: 'POST',
		url,
		authentication: 'genericCredentialType',
		genericAuthType: 'httpBearerAuth',
		sendBody: true,
		specifyBody: 'json',
		jsonBody: body,
		options: {},
	},
	credentials: { httpBearerAuth: BEARER_CREDENTIAL },
	onError: 'continueRegularOutput',
});

module.exports = {
	BEARER_CREDENTIAL,
	STORYDOC_CREDENTIAL,
	benchCredentials,
	httpRequestNode,
	manualWorkflow,
	recordsThen,
	storydocNode,
};
