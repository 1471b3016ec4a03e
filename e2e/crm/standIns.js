'use strict';
/**
 * The stand-ins the recipes meet (CRMs, Slack, Google Sheets, QuickChart, Gmail), by service name,
 * with what they hold at the start (seed.js); the model is served apart (openAi.js: the credential's
 * Base URL, not the proxy).
 */
const { createGmail } = require('./gmail');
const { createGoogleSheets } = require('./googleSheets');
const { createHubspot } = require('./hubspot');
const { createPipedrive } = require('./pipedrive');
const { createQuickChart } = require('./quickChart');
const { createSalesforce } = require('./salesforce');
const {
	GOOGLE_SHEETS_SEED,
	HUBSPOT_SEED,
	PIPEDRIVE_SEED,
	SALESFORCE_SEED,
	SELLER_SLACK_ID,
	SLACK_CHANNELS,
	TOKENS,
} = require('./seed');
const { createSlack } = require('./slack');

function createStandIns() {
	return {
		hubspot: createHubspot({ token: TOKENS.hubspot, seed: HUBSPOT_SEED }),
		slack: createSlack({ token: TOKENS.slack, channels: SLACK_CHANNELS, users: [SELLER_SLACK_ID] }),
		salesforce: createSalesforce({ token: TOKENS.salesforce, seed: SALESFORCE_SEED }),
		pipedrive: createPipedrive({ token: TOKENS.pipedrive, seed: PIPEDRIVE_SEED }),
		googleSheets: createGoogleSheets({
			token: TOKENS.googleSheets,
			spreadsheets: GOOGLE_SHEETS_SEED,
		}),
		quickChart: createQuickChart(),
		gmail: createGmail({ token: TOKENS.gmail }),
	};
}

module.exports = { createStandIns };
