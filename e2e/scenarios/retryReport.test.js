'use strict';
/**
 * A failed batch's report after n8n's Retry On Fail, in the real app: three Version › Create items,
 * 3 tries 1 s apart, the connection dropped after Storydoc created item 1's version while item 2 was
 * in flight beside it. The retries send nothing again, and the run's error lists items 0 and 2 as
 * written with their IDs (an item reported "not sent" would be created twice by the re-run the
 * report asks for). Version › Update the same.
 */
const { ensure, expectEqual } = require('../../scripts/lib/assertions');
const { NODE_TYPE } = require('../n8n-app');
const { credentialRef } = require('../harness/credentials');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');

const app = useApp();
const { SEED } = require('../../sandbox/seed');

const DEALS = ['Globex', 'Initrode', 'Umbrella'];
const UPDATED = [SEED.versions.live.id, SEED.versions.edited.id, SEED.versions.expired.id];

/** Manual → three deals → one item each → the Storydoc node, with Retry On Fail as a user sets it. */
function batchWorkflow(id, storydocParameters) {
	const deals = DEALS.map((company, index) => ({ company, versionId: UPDATED[index] }));
	return {
		id,
		name: `Storydoc e2e: Retry On Fail report (${storydocParameters.operation})`,
		nodes: [
			{
				id: `${id}-1`,
				name: 'Manual',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-2`,
				name: 'Deals',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					assignments: {
						assignments: [
							{ id: `${id}-a`, name: 'deals', value: JSON.stringify(deals), type: 'array' },
						],
					},
					options: {},
				},
			},
			{
				id: `${id}-3`,
				name: 'One item per deal',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [440, 0],
				parameters: { fieldToSplitOut: 'deals', include: 'noOtherFields', options: {} },
			},
			{
				id: `${id}-4`,
				name: 'Storydoc',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [660, 0],
				parameters: storydocParameters,
				credentials: { storydocApi: credentialRef('account') },
				retryOnFail: true,
				maxTries: 3,
				waitBetweenTries: 1000,
			},
		],
		connections: {
			Manual: { main: [[{ node: 'Deals', type: 'main', index: 0 }]] },
			Deals: { main: [[{ node: 'One item per deal', type: 'main', index: 0 }]] },
			'One item per deal': { main: [[{ node: 'Storydoc', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

const locator = (value) => ({ __rl: true, mode: 'id', value });
const common = { senderEmail: SEED.users.sam.email, title: '={{ $json.company }}' };
const CREATE = batchWorkflow('sdE2eRetryCreate', {
	resource: 'version',
	operation: 'create',
	storyId: locator(SEED.stories.intro.id),
	...common,
});
const UPDATE = batchWorkflow('sdE2eRetryUpdate', {
	resource: 'version',
	operation: 'update',
	versionId: locator('={{ $json.versionId }}'),
	force: true,
	...common,
});

beforeAll(async () => {
	await app.importCredentials(['account']);
	await app.cli.importWorkflows([CREATE, UPDATE]);
});

/**
 * Runs the workflow with the connection dropped after Storydoc processed item 1's request, held until
 * item 2's request has arrived too (so it is in flight beside item 1 however busy the machine is).
 */
async function runWithItem1Dropped(workflow, route) {
	await app.client.reset();
	app.sandbox.setFault({
		route,
		type: 'resetAfter',
		bodyIncludes: `"${DEALS[1]}"`,
		holdUntil: 2,
	});
	const run = await app.cli.execute(workflow.id);
	ensure(run.code !== 0, 'the run failed (item 1 may have been written: its outcome is unknown)');
	const error = run.run.data?.resultData?.error ?? {};
	const requests = app.sandbox.log.filter((entry) => entry.method === 'POST');
	expectEqual(
		DEALS.map((company) => requests.filter((entry) => entry.body?.data?.title === company).length),
		[1, 1, 1],
		'requests per item over the three tries (none sent twice)',
	);
	return { error, description: String(error.description ?? '') };
}

test('Version › Create, 3 tries: the error lists items 0 and 2 as written with their IDs, none as not sent', async () => {
	const { error, description } = await runWithItem1Dropped(CREATE, 'POST /v2/versions');
	ensure(
		/^The version may exist \(connection reset\)/.test(error.message),
		`the error is item 1's unknown outcome: ${error.message}`,
	);
	const ids = DEALS.map((company) => {
		const versions = app.sandbox.state.versions.filter(
			(version) => version.data?.title === company,
		);
		expectEqual(versions.length, 1, `versions titled ${company}`);
		return versions[0].id;
	});
	ensure(
		description.includes(
			`The other items of this run: Written: item 0 (versionId ${ids[0]}); item 2 (versionId ${ids[2]}).`,
		),
		`the report lists items 0 and 2 as written: ${description}`,
	);
	ensure(!description.includes('Not sent'), `no item reported as not sent: ${description}`);
});

test('Version › Update, 3 tries: the error lists items 0 and 2 as written with their IDs, none as not sent', async () => {
	const { error, description } = await runWithItem1Dropped(UPDATE, 'POST /v2/versions/:id');
	ensure(
		/^The update may have been applied \(connection reset\)/.test(error.message),
		`the error is item 1's unknown outcome: ${error.message}`,
	);
	ensure(
		description.includes(
			`Written: item 0 (versionId ${UPDATED[0]}); item 2 (versionId ${UPDATED[2]}).`,
		),
		`the report lists items 0 and 2 as written: ${description}`,
	);
	ensure(!description.includes('Not sent'), `no item reported as not sent: ${description}`);
});

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
