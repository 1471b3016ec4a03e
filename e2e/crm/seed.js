'use strict';
/**
 * What the CRM stand-ins hold when a recipe starts: a seller (the deal owner, a user of the sandbox's
 * Storydoc organization), two companies, their contacts and deals in and out of the proposal stage.
 */
const { SENDER_EMAIL } = require('../../scripts/examples/sandboxValues');

const OWNER_ID = '58539222';
const PROPOSAL_STAGE = 'contractsent';

const HUBSPOT_SEED = {
	owners: [
		{ id: OWNER_ID, email: SENDER_EMAIL, firstName: 'Sam', lastName: 'Seller', userId: 9001 },
	],
	companies: [
		{ id: '237892', properties: { name: 'Globex Corporation', domain: 'globex.example' } },
		{ id: '237893', properties: { name: 'Initrode', domain: 'initrode.example' } },
	],
	contacts: [
		{
			id: '393873',
			properties: {
				email: 'hank@globex.example',
				firstname: 'Hank',
				lastname: 'Scorpio',
				jobtitle: 'CEO',
				hubspot_owner_id: OWNER_ID,
			},
		},
		{
			id: '393874',
			properties: {
				email: 'peter@initrode.example',
				firstname: 'Peter',
				lastname: 'Gibbons',
				jobtitle: 'Head of Engineering',
				hubspot_owner_id: OWNER_ID,
			},
		},
	],
	deals: [
		{
			id: '18039629',
			properties: {
				dealname: 'Globex platform',
				dealstage: PROPOSAL_STAGE,
				amount: '48000',
				hubspot_owner_id: OWNER_ID,
			},
			contactIds: ['393873'],
			companyIds: ['237892'],
		},
		{
			id: '18039630',
			properties: {
				dealname: 'Initrode rollout',
				dealstage: PROPOSAL_STAGE,
				amount: '12500',
				hubspot_owner_id: OWNER_ID,
			},
			contactIds: ['393874'],
			companyIds: ['237893'],
		},
		{
			id: '18039631',
			properties: {
				dealname: 'Globex support',
				dealstage: 'appointmentscheduled',
				amount: '9000',
				hubspot_owner_id: OWNER_ID,
			},
			contactIds: ['393873'],
			companyIds: ['237892'],
		},
		{
			id: '18039632',
			properties: {
				dealname: 'Walk-in lead',
				dealstage: PROPOSAL_STAGE,
				amount: '3000',
				hubspot_owner_id: OWNER_ID,
			},
		},
	],
};

/** The stand-ins' tokens: the recipes' credentials carry them, the stand-ins refuse any other. */
const TOKENS = {
	hubspot: 'pat-na1-e2e-recipes-0000',
	slack: 'xoxb-e2e-recipes-0000',
	salesforce: 'sf-e2e-recipes-0000',
	pipedrive: 'pd0e2erecipes0000',
	googleSheets: 'ya29.e2e-recipes-0000',
	gmail: 'ya29.e2e-gmail-0000',
	openAi: 'sk-e2e-recipes-model-0000',
};

/** The org's instance URL, as Salesforce's sign-in gives it (n8n's credential keeps it). */
const SALESFORCE_INSTANCE = 'https://acme.my.salesforce.com';

/** Salesforce and Pipedrive start empty: each test adds the records its visits need. */
const SALESFORCE_SEED = { contacts: [], leads: [] };
const PIPEDRIVE_SEED = { deals: [] };

/** The Slack channels that exist (names without '#'). */
const SLACK_CHANNELS = ['deal-alerts', 'story-reports'];
/** The seller's Slack member ID (a direct message goes to it). */
const SELLER_SLACK_ID = 'U0SAMSELLER';

/** The weekly report's sheet as its note asks the user to make it: the column names in row 1. */
const WEEKLY_SHEET_COLUMNS = [
	'story_week',
	'week_from',
	'week_to',
	'story_id',
	'story',
	'readers',
	'sessions',
	'engaged_rate',
	'average_reading_seconds',
	'completion_rate',
	'bounce_rate',
	'slide_losing_most',
	'readers_change',
	'sessions_change',
	'completion_change_points',
];
const WEEKLY_SPREADSHEET_ID = '1e2eStorydocWeeklyReport000000000000000000aa';
const GOOGLE_SHEETS_SEED = {
	[WEEKLY_SPREADSHEET_ID]: [
		{ sheetId: 0, title: 'Notes', rows: [['Kept by hand']] },
		{ sheetId: 1718, title: 'Storydoc weekly', rows: [WEEKLY_SHEET_COLUMNS] },
	],
};

/**
 * `count` deals more in the proposal stage (IDs from `firstId`, names `${name} 0`…, amounts
 * `amount(index)`), owned by the seller, each with one of the two contacts and companies in turn.
 */
async function addDealsInStage(hubspot, { count, firstId, name, amount }) {
	const { contacts, companies } = await hubspot.state();
	for (let index = 0; index < count; index++)
		await hubspot.add('deals', {
			id: String(firstId + index),
			properties: {
				dealname: `${name} ${index}`,
				dealstage: PROPOSAL_STAGE,
				amount: String(amount(index)),
				hubspot_owner_id: OWNER_ID,
			},
			contactIds: [contacts[index % 2].id],
			companyIds: [companies[index % 2].id],
		});
}

module.exports = {
	addDealsInStage,
	GOOGLE_SHEETS_SEED,
	HUBSPOT_SEED,
	OWNER_ID,
	PIPEDRIVE_SEED,
	PROPOSAL_STAGE,
	SALESFORCE_INSTANCE,
	SALESFORCE_SEED,
	SELLER_SLACK_ID,
	SLACK_CHANNELS,
	TOKENS,
	WEEKLY_SHEET_COLUMNS,
	WEEKLY_SPREADSHEET_ID,
};
