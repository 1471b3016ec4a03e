'use strict';
/**
 * The recipes of examples/recipes/ as the real app runs them: the credentials a user picks (HubSpot, Slack, Salesforce, Pipedrive, Storydoc)
 * and each template as filed, with only what its notes tell the user to set filled in (the story).
 * Shared by the real-app scenarios (e2e/scenarios/recipe*.test.js, through useRecipes.js) and the UI check.
 */
const fs = require('node:fs');
const path = require('node:path');

const { PROPOSAL_STORY_ID, PROPOSAL_STORY_TITLE } = require('../../scripts/examples/sandboxValues');
const { SALESFORCE_INSTANCE, SELLER_SLACK_ID, TOKENS, WEEKLY_SPREADSHEET_ID } = require('./seed');

const RECIPES_DIR = path.resolve(__dirname, '..', '..', 'examples', 'recipes');
/**
 * The credentials the recipes name, as `n8n import:credentials` reads them; `modelUrl` is the
 * stand-in model's Base URL (an OpenAI-compatible endpoint, as a local Ollama's would be).
 */
const crmCredentials = ({ modelUrl = 'http://127.0.0.1:9/v1' } = {}) => [
	{
		id: 'hubspotRecipes',
		name: 'HubSpot (service key)',
		type: 'hubspotAppToken',
		data: { appToken: TOKENS.hubspot },
	},
	{ id: 'slackRecipes', name: 'Slack', type: 'slackApi', data: { accessToken: TOKENS.slack } },
	{
		id: 'salesforceRecipes',
		name: 'Salesforce',
		type: 'salesforceOAuth2Api',
		// Connected already (as after the sign-in in n8n's editor): the token and the instance it names.
		data: {
			environment: 'production',
			clientId: 'storydoc-recipes',
			clientSecret: 'storydoc-recipes-secret',
			oauthTokenData: {
				access_token: TOKENS.salesforce,
				instance_url: SALESFORCE_INSTANCE,
				token_type: 'Bearer',
			},
		},
	},
	{
		id: 'pipedriveRecipes',
		name: 'Pipedrive',
		type: 'pipedriveApi',
		data: { apiToken: TOKENS.pipedrive },
	},
	{
		id: 'sheetsRecipes',
		name: 'Google Sheets',
		type: 'googleSheetsOAuth2Api',
		// Connected already (as after the sign-in in n8n's editor); n8n refreshes only on a 401.
		data: {
			clientId: 'storydoc-recipes',
			clientSecret: 'storydoc-recipes-secret',
			oauthTokenData: { access_token: TOKENS.googleSheets, token_type: 'Bearer' },
		},
	},
	{
		id: 'gmailRecipes',
		name: 'Gmail',
		type: 'gmailOAuth2',
		// Connected already (as after the sign-in in n8n's editor); n8n refreshes only on a 401.
		data: {
			clientId: 'storydoc-recipes',
			clientSecret: 'storydoc-recipes-secret',
			oauthTokenData: { access_token: TOKENS.gmail, token_type: 'Bearer' },
		},
	},
	{
		id: 'openAiRecipes',
		name: 'OpenAI',
		type: 'openAiApi',
		data: { apiKey: TOKENS.openAi, url: modelUrl },
	},
];

/**
 * What a recipe leaves to the user that the sandbox or a stand-in decides: the story to personalize,
 * the spreadsheet to write to, the seller's Slack member ID.
 */
function fillUserChoices(workflow) {
	for (const node of workflow.nodes) {
		if (
			node.type === 'n8n-nodes-base.slack' &&
			node.parameters.select === 'user' &&
			node.parameters.user?.value === ''
		)
			node.parameters.user = { __rl: true, mode: 'id', value: SELLER_SLACK_ID };
		if (node.type === 'n8n-nodes-base.googleSheets' && node.parameters.documentId?.value === '')
			node.parameters.documentId = { __rl: true, mode: 'id', value: WEEKLY_SPREADSHEET_ID };
		if (
			node.type.endsWith('.storydoc') &&
			node.parameters.operation === 'create' &&
			node.parameters.storyId?.value === ''
		)
			node.parameters.storyId = {
				__rl: true,
				mode: 'list',
				value: PROPOSAL_STORY_ID,
				cachedResultName: PROPOSAL_STORY_TITLE,
			};
	}
	return workflow;
}

/** Every recipe file, by its name without .json: { file, asFiled, workflow }. */
function loadRecipes() {
	const recipes = new Map();
	for (const file of fs
		.readdirSync(RECIPES_DIR)
		.filter((name) => name.endsWith('.json'))
		.sort()) {
		const asFiled = JSON.parse(fs.readFileSync(path.join(RECIPES_DIR, file), 'utf8'));
		recipes.set(file.replace(/\.json$/, ''), {
			file,
			asFiled,
			workflow: fillUserChoices(structuredClone(asFiled)),
		});
	}
	return recipes;
}

/** Each node's items on each output, from a run (IRun): { [node]: [[items of output 0], …] }. */
function outputsByBranch(run) {
	const outputs = {};
	for (const [name, tasks] of Object.entries(run?.data?.resultData?.runData ?? {})) {
		const branches = [];
		for (const task of tasks)
			(task?.data?.main ?? []).forEach((items, index) => {
				branches[index] = [...(branches[index] ?? []), ...(items ?? [])];
			});
		outputs[name] = branches;
	}
	return outputs;
}

module.exports = { crmCredentials, loadRecipes, outputsByBranch };
