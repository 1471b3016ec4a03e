'use strict';
/** The CRM stand-ins the recipes meet, by service name, with what they hold at the start (seed.js). */
const { createHubspot } = require('./hubspot');
const { createPipedrive } = require('./pipedrive');
const { createSalesforce } = require('./salesforce');
const { HUBSPOT_SEED, PIPEDRIVE_SEED, SALESFORCE_SEED, SLACK_CHANNELS, TOKENS } = require('./seed');
const { createSlack } = require('./slack');

function createStandIns() {
	return {
		hubspot: createHubspot({ token: TOKENS.hubspot, seed: HUBSPOT_SEED }),
		slack: createSlack({ token: TOKENS.slack, channels: SLACK_CHANNELS }),
		salesforce: createSalesforce({ token: TOKENS.salesforce, seed: SALESFORCE_SEED }),
		pipedrive: createPipedrive({ token: TOKENS.pipedrive, seed: PIPEDRIVE_SEED }),
	};
}

module.exports = { createStandIns };
