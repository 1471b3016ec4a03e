'use strict';
/**
 * Shared pieces of the version tests: the seed's ids, Storydoc node parameters as the n8n editor
 * stores them (resource locators, the resource mapper with the schema the editor loaded), and small
 * readers of what the sandbox received.
 */
const { SEED } = require('../../sandbox/seed');
const { callMethod } = require('../harness/n8n');

const locator = (value, mode = 'id') => ({ __rl: true, mode, value });

const PROPOSAL_ID = SEED.stories.proposal.id;
const SENDER = SEED.users.sam.email;

/**
 * The Variables value the editor stores once the story's fields have loaded: the schema comes from
 * the node's own resource mapper method, called the way the editor calls it.
 */
async function loadedVariables(credentials, parameters, value, mappingMode = 'defineBelow') {
	const { fields } = await callMethod('resourceMapping', 'getStoryVariables', { credentials, parameters });
	return {
		mappingMode,
		value,
		matchingColumns: [],
		schema: fields,
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

function createParameters(overrides = {}) {
	return {
		resource: 'version',
		operation: 'create',
		storyId: locator(PROPOSAL_ID, 'list'),
		senderEmail: SENDER,
		title: 'Proposal for Globex',
		...overrides,
	};
}

function updateParameters(versionId, overrides = {}) {
	return {
		resource: 'version',
		operation: 'update',
		versionId: locator(versionId),
		senderEmail: SENDER,
		...overrides,
	};
}

/** Requests the sandbox received, as "METHOD /path". */
const requestLines = (sandbox) => sandbox.log.map((entry) => `${entry.method} ${entry.path}`);

/** The stored version (internal state, password included) by id. */
const storedVersion = (sandbox, id) => sandbox.state.versions.find((version) => version.id === id);

module.exports = {
	SEED,
	PROPOSAL_ID,
	SENDER,
	locator,
	loadedVariables,
	createParameters,
	updateParameters,
	requestLines,
	storedVersion,
};
