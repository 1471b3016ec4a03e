'use strict';
/**
 * The recipes of examples/recipes/ as the real app runs them: the credentials a user picks (HubSpot, Slack, Salesforce, Pipedrive, PostgreSQL, Storydoc)
 * and each template as filed, with only what its Set up note tells the user to set filled in (recipeSettings.js).
 * Shared by the real-app scenarios (e2e/scenarios/recipe*.test.js, through useRecipes.js) and the UI check.
 */
const fs = require('node:fs');
const path = require('node:path');

const { fillUserChoices } = require('./recipeSettings');
const { SALESFORCE_INSTANCE, TOKENS } = require('./seed');

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
		id: 'postgresRecipes',
		name: 'Postgres',
		type: 'postgres',
		// The warehouse recipe's scenario imports it again on its own PostgreSQL (e2e/warehouse/).
		data: { host: '127.0.0.1', port: 5432, database: 'storydoc', user: 'n8n', password: '' },
	},
	{
		id: 'openAiRecipes',
		name: 'OpenAI',
		type: 'openAiApi',
		data: { apiKey: TOKENS.openAi, url: modelUrl },
	},
];

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
