'use strict';
/**
 * Runs workflows through n8n's real execution engine (n8n-core `WorkflowExecute`), with the built
 * package loaded the way n8n loads a community package (`PackageDirectoryLoader` reading the
 * `n8n` block of package.json). Used by the tests, the demo and the benchmarks.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// n8n-core's InstanceSettings writes a config file (with an encryption key) into the user folder
// when it loads; keep it out of the home folder and quiet. Under jest, globalSetup.js gives one for
// the run; a script without one gets a throwaway folder, removed when it exits.
if (!process.env.N8N_USER_FOLDER) {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-n8n-'));
	process.env.N8N_USER_FOLDER = userFolder;
	process.once('exit', () => fs.rmSync(userFolder, { recursive: true, force: true }));
}
process.env.N8N_ENCRYPTION_KEY = process.env.N8N_ENCRYPTION_KEY || 'storydoc-test-harness';

// STORYDOC_N8N_LINE=1.x runs everything on n8n 1.x's engine (see engineLine.js); under jest the
// mapping is jest.config.js's, in scripts and worker processes it is this redirect.
require('./engineLine').redirectRequire();

const {
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PackageDirectoryLoader,
	PollContext,
	RoutingNode,
	WorkflowExecute,
} = require('n8n-core');
const { ICredentialsHelper, LoggerProxy, NodeHelpers, Workflow } = require('n8n-workflow');
const { Logger } = require('@n8n/backend-common');
const { Container } = require('@n8n/di');

const testNodes = require('./nodes/testNodes');
const baseNodes = require('./nodes/baseNodes');

const PACKAGE_ROOT = path.resolve(__dirname, '..', '..');
const PACKAGE_NAME = require(path.join(PACKAGE_ROOT, 'package.json')).name;
const NODE_TYPE = `${PACKAGE_NAME}.storydoc`;
const CREDENTIAL_TYPE = 'storydocApi';

let loaded;

/**
 * Everything n8n's logger receives while the harness runs (engine and node code log through
 * LoggerProxy), so tests can check that no secret is ever logged.
 */
const capturedLogs = [];
const captureLevel = (level) => (message, meta) => capturedLogs.push({ level, message, meta });
const captureLogger = {
	error: captureLevel('error'),
	warn: captureLevel('warn'),
	info: captureLevel('info'),
	debug: captureLevel('debug'),
	scoped: () => captureLogger,
};
LoggerProxy.init(captureLogger);
// Node code's `this.logger` and the engine's own logging resolve n8n's Logger from the DI container.
Container.set(Logger, captureLogger);

// n8n-core's SSH client pool (built with every node context's helpers) cleans up on a 60 s
// interval. n8n-core 1.x does not unref that timer, so a test or script process would never exit
// (a long-running n8n never notices); 2.x already unrefs it.
try {
	const { SSHClientsManager } = require('n8n-core/dist/execution-engine/ssh-clients-manager');
	Container.get(SSHClientsManager).cleanupTimer?.unref?.();
} catch {
	// another n8n-core layout: nothing to release
}

/** Loads dist/ through n8n's package loader once per process. Run `npm run build` first. */
async function loadPackage() {
	if (loaded) return loaded;
	if (!fs.existsSync(path.join(PACKAGE_ROOT, 'dist', 'nodes'))) {
		throw new Error('dist/ is missing: run `npm run build` before the tests');
	}
	const loader = new PackageDirectoryLoader(PACKAGE_ROOT);
	await loader.loadAll();

	const types = new Map();
	for (const [name, { type }] of Object.entries(loader.nodeTypes)) {
		types.set(`${loader.packageName}.${name}`, type);
	}
	types.set('n8n-nodes-base.manualTrigger', new testNodes.ManualTrigger());
	types.set('test.fixtureItems', new testNodes.FixtureItems());
	// What the example workflows (examples/) use besides the Storydoc node.
	types.set('n8n-nodes-base.set', new baseNodes.EditFields());
	types.set('n8n-nodes-base.splitOut', new baseNodes.SplitOut());
	types.set('n8n-nodes-base.scheduleTrigger', new baseNodes.ScheduleTrigger());
	types.set('n8n-nodes-base.stickyNote', new baseNodes.StickyNote());

	const nodeTypes = {
		getByName: (type) => types.get(type),
		getByNameAndVersion: (type, version) => {
			const nodeType = types.get(type);
			if (!nodeType) throw new Error(`Unknown node type ${type}`);
			return NodeHelpers.getVersionedNodeType(nodeType, version);
		},
		getKnownTypes: () => ({}),
	};
	const credentialTypes = new Map(
		Object.entries(loader.credentialTypes).map(([name, { type }]) => [name, type]),
	);
	loaded = { loader, nodeTypes, credentialTypes, types };
	return loaded;
}

/**
 * Gives nodes the test credentials and applies a credential type's generic `authenticate` block the
 * way n8n's own CredentialsHelper does: every value is an expression over `$credentials`.
 */
class TestCredentialsHelper extends ICredentialsHelper {
	constructor(credentialTypes, credentials) {
		super();
		this.credentialTypes = credentialTypes;
		this.credentials = credentials;
	}

	async authenticate(credentials, typeName, requestOptions, workflow, node) {
		const type = this.credentialTypes.get(typeName);
		if (!type || !type.authenticate) return requestOptions;
		if (typeof type.authenticate === 'function') return type.authenticate(credentials, requestOptions);
		const resolve = (value) =>
			workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, value);
		const options = { ...requestOptions };
		for (const [target, entries] of Object.entries(type.authenticate.properties)) {
			options[target] = { ...(options[target] || {}) };
			for (const [key, value] of Object.entries(entries)) {
				options[target][resolve(key)] = resolve(value);
			}
		}
		return options;
	}

	async getDecrypted(_additionalData, _nodeCredentials, type) {
		if (!this.credentials[type]) throw new Error(`No test credentials of type ${type}`);
		return { ...this.credentials[type] };
	}

	getParentTypes() {
		return [];
	}
	isCredentialUsableByNode() {
		return true;
	}
	async preAuthentication() {
		return undefined;
	}
	async runPreAuthentication() {
		return undefined;
	}
	async getCredentials() {
		throw new Error('getCredentials is not used by this package');
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
	getCredentialsProperties() {
		return [];
	}
}

/** The services n8n hands a running workflow; only what the engine and node contexts read. */
function additionalDataFor(credentialsHelper, hooks) {
	return {
		hooks,
		credentialsHelper,
		executionId: `test-${Date.now()}`,
		currentNodeParameters: undefined,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		variables: {},
		userId: 'test-user',
		async executeWorkflow() {
			throw new Error('Sub-workflows are not available in the test harness');
		},
		async getRunExecutionData() {
			return undefined;
		},
		setExecutionStatus() {},
		sendDataToUI() {},
		logAiEvent() {},
	};
}

function credentialsFor({ baseUrl, token }) {
	return { [CREDENTIAL_TYPE]: { accessToken: token, baseUrl } };
}

function buildWorkflow(workflowJson, nodeTypes) {
	return new Workflow({
		id: workflowJson.id || 'test-workflow',
		name: workflowJson.name || 'Test workflow',
		nodes: workflowJson.nodes,
		connections: workflowJson.connections || {},
		active: false,
		nodeTypes,
		settings: workflowJson.settings || {},
		staticData: workflowJson.staticData || {},
	});
}

/**
 * Runs a workflow JSON (as exported from the n8n editor) to the end.
 * Returns the IRun, every node's output items (`outputs[nodeName]`, first output, first run) and the
 * workflow error if the run failed. `startNode` names the trigger to start from when a workflow has
 * several (an example with both a Schedule and a Manual Trigger starts from the Manual one, as
 * `n8n execute` does).
 */
async function runWorkflow(workflowJson, { credentials, mode = 'manual', startNode: startNodeName } = {}) {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const workflow = buildWorkflow(workflowJson, nodeTypes);
	const credentialsHelper = new TestCredentialsHelper(credentialTypes, credentials || {});

	const hooks = new ExecutionLifecycleHooks(mode, `test-${Date.now()}`, workflowJson);
	let resolveRun;
	const finished = new Promise((resolve) => (resolveRun = resolve));
	hooks.addHandler('workflowExecuteAfter', (fullRunData) => resolveRun(fullRunData));
	const additionalData = additionalDataFor(credentialsHelper, hooks);

	const startNode = startNodeName ? workflow.getNode(startNodeName) : workflow.getStartNode();
	if (!startNode) throw new Error(`The workflow has no start node${startNodeName ? ` named ${startNodeName}` : ''}`);
	const runExecutionData = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [{ node: startNode, data: { main: [[{ json: {} }]] }, source: null }],
		},
	};
	const workflowExecute = new WorkflowExecute(additionalData, mode, runExecutionData);
	await workflowExecute.processRunExecutionData(workflow);
	const run = await finished;

	const outputs = {};
	for (const [nodeName, taskData] of Object.entries(run.data.resultData.runData)) {
		outputs[nodeName] = taskData[0]?.data?.main?.[0] ?? [];
	}
	return { run, outputs, error: run.data.resultData.error, staticData: workflow.staticData };
}

/**
 * Runs one poll of a polling trigger the way n8n's poll job does: `poll()` called with n8n-core's
 * PollContext. Keep passing the same `staticData` object to carry the trigger's cursor from poll to
 * poll, as n8n keeps it with the active workflow. `mode` is 'trigger' for a scheduled poll and
 * 'manual' for the editor's Fetch Test Event.
 *
 * `pollBudgetMs` is what the poll's `getPollBudgetMs()` answers (n8n-core's default, 5 minutes, when
 * absent; n8n's durable scheduler gives 36 s and abandons a poll after 45 s); `null` removes the
 * method, as in n8n versions before it existed.
 */
async function runPoll(
	triggerNode,
	{ credentials, staticData = {}, mode = 'trigger', activation = 'activate', pollBudgetMs } = {},
) {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const node = { id: 'trigger', position: [0, 0], typeVersion: 1, ...triggerNode };
	const workflow = buildWorkflow({ nodes: [node], connections: {}, staticData }, nodeTypes);
	const credentialsHelper = new TestCredentialsHelper(credentialTypes, credentials || {});
	const additionalData = additionalDataFor(credentialsHelper, undefined);
	const budget = typeof pollBudgetMs === 'number' ? () => pollBudgetMs : undefined;
	const context = new PollContext(workflow, node, additionalData, mode, activation, ...Array(5), budget);
	if (pollBudgetMs === null) delete context.getPollBudgetMs;
	const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const result = await nodeType.poll.call(context);
	return { items: result ? result[0] : [], result, staticData: workflow.staticData };
}

/** A Manual Trigger → (optional input items) → Storydoc workflow, the shape most tests need. */
function storydocWorkflow(parameters, { items, settings, nodeSettings = {} } = {}) {
	const trigger = {
		id: 'trigger',
		name: 'Manual',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const storydoc = {
		id: 'storydoc',
		name: 'Storydoc',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [400, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'Storydoc sandbox' } },
		...nodeSettings,
	};
	const nodes = [trigger, storydoc];
	const connections = {};
	if (items) {
		nodes.splice(1, 0, {
			id: 'items',
			name: 'Records',
			type: 'test.fixtureItems',
			typeVersion: 1,
			position: [200, 0],
			parameters: { items: JSON.stringify(items) },
		});
		connections.Manual = { main: [[{ node: 'Records', type: 'main', index: 0 }]] };
		connections.Records = { main: [[{ node: 'Storydoc', type: 'main', index: 0 }]] };
	} else {
		connections.Manual = { main: [[{ node: 'Storydoc', type: 'main', index: 0 }]] };
	}
	return { name: 'Storydoc test', nodes, connections, settings };
}

/**
 * Runs a credential type's `test.request` the way n8n's CredentialsTester does: a temporary node
 * whose only property routes that request, executed by n8n-core's RoutingNode.
 */
async function testCredential(credentialData) {
	const { nodeTypes, credentialTypes, types } = await loadPackage();
	const credentialType = credentialTypes.get(CREDENTIAL_TYPE);
	const storydocType = NodeHelpers.getVersionedNodeType(types.get(NODE_TYPE));
	const tempType = {
		description: {
			...storydocType.description,
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [
				{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: credentialType.test.request } },
			],
		},
	};
	const node = {
		id: 'temp',
		name: 'Temp-Node',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'test' } },
	};
	const tempNodeTypes = { ...nodeTypes, getByNameAndVersion: () => tempType, getByName: () => tempType };
	const workflow = buildWorkflow({ nodes: [node], connections: {} }, tempNodeTypes);
	const credentialsHelper = new TestCredentialsHelper(credentialTypes, { [CREDENTIAL_TYPE]: credentialData });
	const hooks = new ExecutionLifecycleHooks('internal', 'credential-test', { nodes: [node], connections: {} });
	const additionalData = additionalDataFor(credentialsHelper, hooks);
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		{ resultData: { runData: {} } },
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routingNode = new RoutingNode(context, tempType, { id: '1', name: 'test', type: CREDENTIAL_TYPE, data: credentialData });
	try {
		await routingNode.runNode();
	} catch (error) {
		const statusCode = error.cause?.response?.status;
		const rule = (credentialType.test.rules || []).find(
			(r) => r.type === 'responseCode' && r.properties.value === statusCode,
		);
		if (rule) return { status: 'Error', message: rule.properties.message };
		if (statusCode) return { status: 'Error', message: error.cause.response.statusText || `Received HTTP status code: ${statusCode}` };
		return { status: 'Error', message: error.cause?.code || error.message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/** Calls a node's `methods.listSearch` / `loadOptions` / `resourceMapping` function like the editor does. */
async function callMethod(kind, methodName, { credentials, parameters, filter, paginationToken }) {
	const { nodeTypes, credentialTypes, types } = await loadPackage();
	const nodeType = NodeHelpers.getVersionedNodeType(types.get(NODE_TYPE));
	const node = {
		id: 'storydoc',
		name: 'Storydoc',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters || {},
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'test' } },
	};
	const workflow = buildWorkflow({ nodes: [node], connections: {} }, nodeTypes);
	const credentialsHelper = new TestCredentialsHelper(credentialTypes, credentials || {});
	const additionalData = additionalDataFor(credentialsHelper, undefined);
	additionalData.currentNodeParameters = node.parameters;
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters');
	const method = nodeType.methods[kind][methodName];
	if (kind === 'listSearch') return method.call(context, filter, paginationToken);
	return method.call(context);
}

module.exports = {
	CREDENTIAL_TYPE,
	NODE_TYPE,
	PACKAGE_ROOT,
	callMethod,
	capturedLogs,
	credentialsFor,
	loadPackage,
	runPoll,
	runWorkflow,
	storydocWorkflow,
	testCredential,
};
