'use strict';
/** The CRM stand-ins the recipes meet, by service name, with what they hold at the start (seed.js). */
const { createHubspot } = require('./hubspot');
const { HUBSPOT_SEED, SLACK_CHANNELS, TOKENS } = require('./seed');
const { createSlack } = require('./slack');

function createStandIns() {
	return {
		hubspot: createHubspot({ token: TOKENS.hubspot, seed: HUBSPOT_SEED }),
		slack: createSlack({ token: TOKENS.slack, channels: SLACK_CHANNELS }),
	};
}

module.exports = { createStandIns };
