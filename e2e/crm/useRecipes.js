'use strict';
/**
 * What a recipe scenario file uses (call at its top, as `useApp`): the CRM stand-ins' process started
 * first, so that n8n gets its proxy; the real app; the credentials and the recipes imported; every
 * stand-in and the sandbox reset before each test, and no request astray after it. Helpers run a
 * recipe with `n8n execute`, or active as if for an hour (polling every minute, where the recipes poll
 * every 5: what n8n imported of the filed setting is checked apart), and read its stored runs.
 */
const fs = require('node:fs');
const path = require('node:path');

const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { PROPOSAL_STORY_ID, SENDER_EMAIL } = require('../../scripts/examples/sandboxValues');
const { ownerSession } = require('../harness/ownerSession');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { waitFor } = require('../harness/waiting');
const n8nApp = require('../n8n-app');
const { executionOutputs } = require('../triggers/executions');
const { startCrm } = require('./client');
const { crmCredentials, loadRecipes, outputsByBranch } = require('./recipes');
const { pollTimesAsFiled } = require('./pollTimesAsFiled');
const { TOKENS } = require('./seed');

const EVERY_MINUTE = { item: [{ mode: 'everyMinute' }] };

function useRecipes() {
	const extraEnv = {};
	const scenario = { recipes: loadRecipes() };
	beforeAll(async () => {
		scenario.crm = await startCrm();
		Object.assign(extraEnv, scenario.crm.env);
	});
	afterAll(() => scenario.crm?.stop());
	const app = useApp({ extraEnv });
	scenario.app = app;
	beforeAll(async () => {
		await app.importCredentials(['account'], crmCredentials({ modelUrl: scenario.crm.modelUrl }));
		await app.cli.importWorkflows([...scenario.recipes.values()].map((recipe) => recipe.workflow));
	});
	beforeEach(async () => {
		await scenario.crm.reset();
		await app.client.reset();
	});
	afterEach(async () =>
		expectEqual(await scenario.crm.astray(), [], 'requests for hosts no stand-in answers'),
	);
	return Object.assign(scenario, helpers(scenario));
}

/** What n8n stored of a recipe's runs, read as the owner through its REST API. */
function storedRuns({ app, recipes }) {
	let owner;
	return {
		/** The owner's session on `running` (set up once per user folder; a later start has new ports). */
		async owner(running) {
			if (owner) owner.rebase(running.url);
			else owner = await ownerSession(running.url);
			return owner;
		},

		/** Until the recipe's stored runs show `node`'s output; the runs' items by node. */
		async storedOutputs(running, recipe, node) {
			await this.owner(running);
			const workflowId = recipes.get(recipe).workflow.id;
			const stored = await waitFor(async () => {
				const executions = await executionOutputs(owner, app.n8n, workflowId);
				return executions.outputs[node] && executions;
			}, `a stored run of ${recipe} through ${node}`);
			return stored.outputs;
		},

		/** The recipe's finished runs as n8n lists them: `[{ id, startedAt, stoppedAt }]`, oldest first. */
		async finishedRuns(running, recipe) {
			const session = await this.owner(running);
			const filter = encodeURIComponent(
				JSON.stringify({ workflowId: recipes.get(recipe).workflow.id }),
			);
			const { results } = await session.request('GET', `/rest/executions?filter=${filter}`);
			return results
				.filter((execution) => execution.status === 'success')
				.map(({ id, startedAt, stoppedAt }) => ({ id, startedAt, stoppedAt }))
				.sort((a, b) => Number(a.id) - Number(b.id));
		},
	};
}

function helpers({ app, recipes }) {
	return {
		...storedRuns({ app, recipes }),
		/** `n8n execute` of a recipe: the run, and each node's items per output (`branches`). */
		async execute(recipe) {
			const run = await app.cli.execute(recipes.get(recipe).workflow.id);
			return { ...run, branches: outputsByBranch(run.run) };
		},

		/**
		 * A trigger recipe active in `n8n start` as if it had been active for an hour: n8n's saved state
		 * of its trigger (the workflow's static data) starts an hour ago, so that visits that ended 30
		 * minutes ago, added now, are read by its first poll. Only that state is set.
		 */
		async activateAsIfAnHourAgo(recipe) {
			const workflow = structuredClone(recipes.get(recipe).workflow);
			const trigger = workflow.nodes.find((node) => node.type.endsWith('.storydocTrigger'));
			// Polls a minute apart, not the recipe's 5, so that a test waits a minute per poll: what
			// a poll reads and costs is the same; the filed setting is checked by pollTimesAsFiled.
			trigger.parameters.pollTimes = EVERY_MINUTE;
			const cursor = { timestamp: new Date(Date.now() - 60 * 60_000).toISOString(), seen: [] };
			await app.cli.importAndActivate([
				{ ...workflow, staticData: { [`node:${trigger.name}`]: { cursor } } },
			]);
		},

		/** A test, first in its file: each trigger recipe polls as filed in n8n's database. */
		pollTimesAsFiled: () => pollTimesAsFiled({ app, recipes }),

		/** A new version of the proposal story made through the API (nobody has read it): its ID. */
		async newVersion(data) {
			const response = await fetch(`${app.url}/v2/versions`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${app.sandbox.tokens.team}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify({ storyId: PROPOSAL_STORY_ID, senderEmail: SENDER_EMAIL, data }),
			});
			const body = await response.json();
			ensure(response.ok, `creating a version: ${JSON.stringify(body)}`);
			return body.versionId;
		},

		/** With STORYDOC_RECIPES_REPORT (set by `npm run demo`): what a recipe did, as the demo prints it. */
		report(title, lines) {
			if (!process.env.STORYDOC_RECIPES_REPORT) return;
			process.stdout.write(`  ${title}\n${lines.map((line) => `    ${line}\n`).join('')}\n`);
		},

		/** The file's last tests: no Storydoc token, and no CRM token, in anything n8n printed or stored. */
		noTokenLeaked() {
			test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
			test('no CRM token in anything n8n printed or stored (database, logs, config)', async () => {
				await app.stopAll();
				for (const [service, token] of Object.entries(TOKENS)) {
					ensure(
						!app.transcript.some((text) => text.includes(token)),
						`the ${service} token in n8n's output`,
					);
					expectEqual(
						n8nApp.filesContaining(path.join(app.userFolder, '.n8n'), token),
						[],
						`files holding the ${service} token`,
					);
				}
			});
		},
	};
}

/** A reader's view of a slide `minutes` ago (a partial event for the sandbox). */
const view = (versionId, visitorId, sessionId, slide, minutes) => ({
	versionId,
	visitorId,
	sessionId,
	eventCategory: 'view',
	eventName: `view_slide_${slide}`,
	timestamp: new Date(Date.now() - minutes * 60_000).toISOString(),
});

/** The sandbox's versions that name a prospect, in state order. */
async function prospectVersions(client) {
	return (await client.state('versions')).filter(
		(version) => typeof version.data?.email === 'string',
	);
}

module.exports = { prospectVersions, useRecipes, view };
