#!/usr/bin/env node
'use strict';
/**
 * `npm run bench:create`: 200 CRM records through Version › Create (n8n-core's engine, in this
 * process) against the local sandbox with Storydoc's real limit, 150 version requests per 60 s per IP.
 *
 * Prints items, versions created, duplicates, failed items, seconds, and seconds ÷ ideal, where the
 * ideal is the time the limit allows: with 150 per window, item 151 cannot start before the first
 * window has passed, so 200 items need one full window (60 s) plus the time to send the rest; and the
 * requests refused with 429 in each of the server's windows (a window begins where the counter the
 * sandbox reported drops). Target: 200 created exactly once, 0 failed, ≤ 1.01 × ideal, at most one
 * 429 per window.
 *
 * Also prints the CPU cost per item of building `data` (the pure mapping helper) over 10,000 items.
 */
const { createSandbox, SEED } = require('../sandbox/server');
const { loadEngine } = require('../scripts/engine');

const { callMethod, credentialsFor, runWorkflow, storydocWorkflow } = loadEngine();
const { ItemInput, buildVersionData } = require('../dist/nodes/Storydoc/helpers/versionData');

const ITEMS = 200;
const LIMIT = { max: 150, windowMs: 60_000 };
const MAPPING_ITEMS = 10_000;

const records = Array.from({ length: ITEMS }, (_, index) => ({
	dealId: `D-${index + 1}`,
	first_name: `Prospect ${index + 1}`,
	company: `Company ${index + 1}`,
	deal_value: 1000 + index,
	company_logo: `company${index + 1}.test`,
	team_members: [
		{ name: 'Dana Lee', role: 'Account executive', skills: [{ skill: 'Negotiation' }] },
	],
}));

async function benchCreate() {
	const sandbox = createSandbox({ rateLimit: LIMIT });
	const url = await sandbox.start(0, '127.0.0.1');
	try {
		const credentials = credentialsFor({ baseUrl: url, token: sandbox.tokens.team });
		const parameters = {
			resource: 'version',
			operation: 'create',
			storyId: { __rl: true, mode: 'list', value: SEED.stories.proposal.id },
			senderEmail: SEED.users.sam.email,
			title: '=Proposal for {{ $json.company }} ({{ $json.dealId }})',
		};
		// The schema the editor stores once the story's variables have loaded; auto-map the records.
		const { fields } = await callMethod('resourceMapping', 'getStoryVariables', {
			credentials,
			parameters,
		});
		parameters.variables = {
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: [],
			schema: fields,
		};
		// Nothing of this run may count against the measured window.
		sandbox.reset();

		const workflow = storydocWorkflow(parameters, {
			items: records,
			nodeSettings: { onError: 'continueRegularOutput' },
		});
		const started = process.hrtime.bigint();
		const { outputs, error } = await runWorkflow(workflow, { credentials });
		const seconds = Number(process.hrtime.bigint() - started) / 1e9;

		const output = outputs.Storydoc ?? [];
		const failed =
			output.filter((item) => item.json.error !== undefined).length +
			(error ? ITEMS - output.length : 0);
		const seeded = new Set(Object.values(SEED.versions).map((version) => version.id));
		const titles = sandbox.state.versions
			.filter((version) => !seeded.has(version.id))
			.map((version) => version.data.title);
		const perTitle = new Map();
		for (const title of titles) perTitle.set(title, (perTitle.get(title) ?? 0) + 1);
		const duplicates = [...perTitle.values()].reduce((sum, count) => sum + count - 1, 0);
		const idealSeconds = (Math.floor((ITEMS - 1) / LIMIT.max) * LIMIT.windowMs) / 1000;
		const refusedPerWindow = [];
		let lastCounter = Infinity;
		for (const entry of sandbox.log) {
			if (entry.rateLimitCounter <= lastCounter) refusedPerWindow.push(0);
			lastCounter = entry.rateLimitCounter;
			if (entry.status === 429) refusedPerWindow[refusedPerWindow.length - 1] += 1;
		}
		return {
			items: ITEMS,
			created: perTitle.size,
			duplicates,
			failed,
			seconds,
			idealSeconds,
			refusedPerWindow,
		};
	} finally {
		await sandbox.close();
	}
}

function benchMapping() {
	const node = {
		id: 'bench',
		name: 'Storydoc',
		type: 'n8n-nodes-storydoc.storydoc',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const { storyMapperFields } = require('../dist/nodes/Storydoc/helpers/storyFields');
	const schema = storyMapperFields(SEED.stories.proposal, false);
	const variables = { mappingMode: 'autoMapInputData', value: null, schema };
	const before = process.cpuUsage();
	for (let index = 0; index < MAPPING_ITEMS; index++) {
		buildVersionData(new ItemInput(node, index), {
			title: `Proposal ${index}`,
			variables,
			inputJson: records[index % ITEMS],
			rows: [],
			additionalFields: {
				products: { product: [{ name: 'Licence', price: 1200, extraKeys: '{"seats": 5}' }] },
			},
			enforceRequired: true,
		});
	}
	const cpu = process.cpuUsage(before);
	return (cpu.user + cpu.system) / 1000 / MAPPING_ITEMS;
}

async function main() {
	console.log(
		`Version › Create: ${ITEMS} items, sandbox limit ${LIMIT.max} per ${LIMIT.windowMs / 1000} s (this takes about a minute)`,
	);
	const result = await benchCreate();
	const ratio = result.seconds / result.idealSeconds;
	console.log(`items:       ${result.items}`);
	console.log(`created:     ${result.created}`);
	console.log(`duplicates:  ${result.duplicates}`);
	console.log(`failed:      ${result.failed}`);
	console.log(`seconds:     ${result.seconds.toFixed(1)}`);
	console.log(`ideal:       ${result.idealSeconds.toFixed(1)} s`);
	console.log(`÷ ideal:     ${ratio.toFixed(3)}  (target ≤ 1.01)`);
	console.log(
		`429 answers: ${result.refusedPerWindow.join(', ')} in the ${result.refusedPerWindow.length} windows  (target ≤ 1 per window; nothing processed)`,
	);
	const mappingMs = benchMapping();
	console.log(
		`mapping:     ${(mappingMs * 1000).toFixed(1)} µs CPU per item over ${MAPPING_ITEMS.toLocaleString('en')} items  (target < 1 ms)`,
	);

	const ok =
		result.created === ITEMS &&
		result.duplicates === 0 &&
		result.failed === 0 &&
		ratio <= 1.01 &&
		result.refusedPerWindow.every((refused) => refused <= 1) &&
		mappingMs < 1;
	console.log(ok ? 'result:      within target' : 'result:      OFF TARGET');
	process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
