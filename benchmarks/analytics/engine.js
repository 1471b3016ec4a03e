'use strict';
/**
 * The same reads in this process on n8n-core's engine (test/harness via scripts/engine.js), with no
 * n8n app around the node: where a change of the node itself shows, and where memory is measured.
 * HTTP Request and Split Out are n8n-nodes-base's own code from the installed n8n app, loaded with
 * this project's n8n-workflow so there is one copy of it in the process.
 */
const path = require('node:path');
const Module = require('node:module');

const { NODES } = require('./workflows');

/**
 * Loads n8n-nodes-base node classes from the installed n8n app, resolving their `n8n-workflow` to
 * this project's copy (the same version): two copies in one process would break n8n's `instanceof`
 * checks on errors and make the comparison depend on which copy a node got.
 */
function loadBaseNodes(n8nDir) {
	const base = path.join(n8nDir, 'node_modules', 'n8n-nodes-base');
	const projectWorkflow = require.resolve('n8n-workflow');
	const appWorkflowVersion = require(
		path.join(n8nDir, 'node_modules', 'n8n-workflow', 'package.json'),
	).version;
	const projectWorkflowVersion = require('n8n-workflow/package.json').version;
	if (appWorkflowVersion !== projectWorkflowVersion) {
		throw new Error(
			`The n8n app has n8n-workflow ${appWorkflowVersion}, this project ${projectWorkflowVersion}: not comparable`,
		);
	}
	const resolve = Module._resolveFilename;
	Module._resolveFilename = function (request, parent, ...rest) {
		if (request === 'n8n-workflow' && parent?.filename?.startsWith(base)) return projectWorkflow;
		return resolve.call(this, request, parent, ...rest);
	};
	return {
		version: require(path.join(base, 'package.json')).version,
		HttpRequest: require(path.join(base, 'dist/nodes/HttpRequest/HttpRequest.node.js')).HttpRequest,
		SplitOut: require(path.join(base, 'dist/nodes/Transform/SplitOut/SplitOut.node.js')).SplitOut,
		HttpBearerAuth: require(path.join(base, 'dist/credentials/HttpBearerAuth.credentials.js'))
			.HttpBearerAuth,
	};
}

/** Runs one read after a full GC: its time, CPU time, memory peaks above that baseline and output. */
async function measure(read) {
	global.gc();
	global.gc();
	const baseline = process.memoryUsage();
	let peakHeap = baseline.heapUsed;
	let peakRss = baseline.rss;
	const sampler = setInterval(() => {
		const usage = process.memoryUsage();
		peakHeap = Math.max(peakHeap, usage.heapUsed);
		peakRss = Math.max(peakRss, usage.rss);
	}, 5);
	const started = process.hrtime.bigint();
	const cpuBefore = process.cpuUsage();
	const items = await read();
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	const cpu = process.cpuUsage(cpuBefore);
	clearInterval(sampler);
	const usage = process.memoryUsage();
	return {
		ms,
		cpuMs: (cpu.user + cpu.system) / 1000,
		heapMb: (Math.max(peakHeap, usage.heapUsed) - baseline.heapUsed) / 2 ** 20,
		rssMb: (Math.max(peakRss, usage.rss) - baseline.rss) / 2 ** 20,
		items,
	};
}

/**
 * `runs` measured runs (after one warm-up) of each side on the engine, the sides in rotating order:
 * Get Events (a), HTTP Request + Split Out (b), Summary per Version (s) and one trigger poll whose
 * cursor stands where the period starts (t). `check(side, items)` checks each output.
 */
async function measureOnEngine({ n8nDir, sandbox, workflows, dateFrom, runs, check }) {
	const { loadEngine } = require('../../scripts/engine');
	const { loadPackage, runPoll, runWorkflow, CREDENTIAL_TYPE, NODE_TYPE } = loadEngine();
	const base = loadBaseNodes(n8nDir);
	const { types, credentialTypes } = await loadPackage();
	types.set('n8n-nodes-base.httpRequest', new base.HttpRequest());
	types.set('n8n-nodes-base.splitOut', new base.SplitOut());
	credentialTypes.set('httpBearerAuth', new base.HttpBearerAuth());
	const credentials = {
		[CREDENTIAL_TYPE]: { accessToken: sandbox.token, baseUrl: sandbox.url },
		httpBearerAuth: { token: sandbox.token },
	};
	// The app's workflows, cut to the one branch each side runs.
	const only = (workflow, names) => ({
		...workflow,
		nodes: workflow.nodes.filter((node) => node.name === 'Manual' || names.includes(node.name)),
		connections: Object.fromEntries(
			Object.entries(workflow.connections).map(([from, { main }]) => [
				from,
				{ main: main.map((links) => links.filter((link) => names.includes(link.node))) },
			]),
		),
	});
	const run = (workflow, outputNode) => async () => {
		const { outputs, error } = await runWorkflow(workflow, { credentials });
		if (error) throw new Error(`${workflow.name} failed on the engine: ${error.message}`);
		return outputs[outputNode];
	};
	const reads = {
		a: run(only(workflows.getEvents, [NODES.cold]), NODES.cold),
		b: run(only(workflows.httpRequest, [NODES.httpRequest, NODES.splitOut]), NODES.splitOut),
		s: run(only(workflows.getEvents, [NODES.summary]), NODES.summary),
		t: async () => {
			const node = {
				name: 'Storydoc Trigger',
				type: `${NODE_TYPE}Trigger`,
				parameters: { event: 'any' },
				credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'Storydoc' } },
			};
			const staticData = { 'node:Storydoc Trigger': { cursor: { timestamp: dateFrom, seen: [] } } };
			return (await runPoll(node, { credentials, staticData })).items;
		},
	};
	const sides = Object.keys(reads);
	const results = Object.fromEntries(sides.map((side) => [side, []]));
	await sandbox.requestsSinceLastAsk();
	for (let round = 0; round <= runs; round++) {
		// Rotate which goes first, so none always runs on a warmer (or more fragmented) heap.
		const order = [...sides.slice(round % sides.length), ...sides.slice(0, round % sides.length)];
		for (const side of order) {
			const result = await measure(reads[side]);
			check(side, result.items);
			result.items = undefined;
			result.pages = (await sandbox.requestsSinceLastAsk()).pages;
			if (round > 0) results[side].push(result); // round 0 warms up
		}
	}
	return { baseVersion: base.version, results };
}

module.exports = { measureOnEngine };
