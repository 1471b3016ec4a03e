/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the harness runs in Node (jest, scripts, worker processes), not in n8n's node sandbox */
/**
 * Runs workflows through n8n's real execution engine (n8n-core `WorkflowExecute`), with the built
 * package loaded the way n8n loads a community package (`PackageDirectoryLoader` reading the
 * `n8n` block of package.json). Used by the tests, the demo and the benchmarks.
 */
import './engineSetup';

import fs from 'node:fs';
import path from 'node:path';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import {
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PackageDirectoryLoader,
	PollContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IPollFunctions,
	IRequestOptionsSimplified,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	IWorkflowSettings,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import * as n8nWorkflow from 'n8n-workflow';
import { ICredentialsHelper, LoggerProxy, NodeHelpers, Workflow } from 'n8n-workflow';

import { EditFields, ScheduleTrigger, SplitOut, StickyNote } from './nodes/baseNodes';
import {
	EngineToolCaller,
	FixtureItems,
	ManualTrigger,
	ToolCaller,
	asToolVariant,
} from './nodes/testNodes';

export const PACKAGE_ROOT = path.resolve(__dirname, '..', '..');
const PACKAGE_NAME = (
	JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string }
).name;
export const NODE_TYPE = `${PACKAGE_NAME}.storydoc`;
export const CREDENTIAL_TYPE = 'storydocApi';

/**
 * JSON a node or the API produced, as a test reads it. Its shape is what the test's assertions
 * check at run time, so it is not typed here; everything a test passes in (workflows, parameters,
 * options, credentials) is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Json = any;

/** An output item as tests read it. */
export interface TestItem {
	json: Json;
	pairedItem?: INodeExecutionData['pairedItem'];
	error?: Json;
}

/** The input item an output item is paired to (the Storydoc node pairs each to one `{ item }`). */
export function pairedIndex(item: Pick<TestItem, 'pairedItem'>): number {
	const paired = item.pairedItem;
	if (typeof paired === 'number') return paired;
	if (paired === undefined || Array.isArray(paired))
		throw new Error(`Expected one paired item, got ${JSON.stringify(paired)}`);
	return paired.item;
}

/** Test credentials by credential type name, as `getDecrypted` hands them to the node. */
export type TestCredentials = Record<string, ICredentialDataDecryptedObject>;

/** A workflow as exported from the n8n editor (what `runWorkflow` takes). */
export interface TestWorkflow {
	id?: string;
	name?: string;
	nodes: INode[];
	connections?: IConnections;
	settings?: IWorkflowSettings;
	staticData?: IDataObject;
}

export interface LogEntry {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
	meta?: unknown;
}

/**
 * n8n-workflow 2.x runs the parameter checks' regular expressions in a vm with a 250 ms wall-clock
 * watchdog, which a busy machine trips (beside stress-ng one run did): the same RegExp, no watchdog.
 * docs/development.md › Tests on a busy machine. n8n-workflow 1.x has no such engine.
 */
(
	n8nWorkflow as { setSafeRegexEngine?: (engine: n8nWorkflow.RegexEngine) => void }
).setSafeRegexEngine?.({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) => [
		...input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
	],
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});

/**
 * Everything n8n's logger receives while the harness runs (engine and node code log through
 * LoggerProxy), so tests can check that no secret is ever logged.
 */
export const capturedLogs: LogEntry[] = [];
const captureLevel = (level: LogEntry['level']) => (message: string, meta?: unknown) => {
	capturedLogs.push({ level, message, meta });
};
interface CaptureLogger {
	error(message: string, meta?: unknown): void;
	warn(message: string, meta?: unknown): void;
	info(message: string, meta?: unknown): void;
	debug(message: string, meta?: unknown): void;
	scoped(): CaptureLogger;
}
const captureLogger: CaptureLogger = {
	error: captureLevel('error'),
	warn: captureLevel('warn'),
	info: captureLevel('info'),
	debug: captureLevel('debug'),
	scoped: () => captureLogger,
};
LoggerProxy.init(captureLogger);
// Node code's `this.logger` and the engine's own logging resolve n8n's Logger from the DI container.
Container.set(Logger, captureLogger as unknown as Logger);

// n8n-core's SSH client pool (built with every node context's helpers) cleans up on a 60 s
// interval. n8n-core 1.x does not unref that timer, so a test or script process would never exit
// (a long-running n8n never notices); 2.x already unrefs it.
try {
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal path of n8n-core that may not exist
	const { SSHClientsManager } = require('n8n-core/dist/execution-engine/ssh-clients-manager') as {
		SSHClientsManager: new () => { cleanupTimer?: NodeJS.Timeout };
	};
	Container.get(SSHClientsManager).cleanupTimer?.unref?.();
} catch {
	// another n8n-core layout: nothing to release
}

export interface LoadedPackage {
	loader: PackageDirectoryLoader;
	nodeTypes: INodeTypes;
	credentialTypes: Map<string, ICredentialType>;
	types: Map<string, INodeType | IVersionedNodeType>;
}

let loaded: LoadedPackage | undefined;

/** Loads dist/ through n8n's package loader once per process. Run `npm run build` first. */
export async function loadPackage(): Promise<LoadedPackage> {
	if (loaded) return loaded;
	if (!fs.existsSync(path.join(PACKAGE_ROOT, 'dist', 'nodes'))) {
		throw new Error('dist/ is missing: run `npm run build` before the tests');
	}
	const loader = new PackageDirectoryLoader(PACKAGE_ROOT);
	await loader.loadAll();

	const types = new Map<string, INodeType | IVersionedNodeType>();
	for (const [name, { type }] of Object.entries(loader.nodeTypes)) {
		types.set(`${loader.packageName}.${name}`, type);
	}
	const storydoc = types.get(`${loader.packageName}.storydoc`) as INodeType | undefined;
	if (storydoc) types.set(`${loader.packageName}.storydocTool`, asToolVariant(storydoc));
	types.set('test.toolCaller', new ToolCaller());
	types.set('test.engineToolCaller', new EngineToolCaller());
	types.set('n8n-nodes-base.manualTrigger', new ManualTrigger());
	types.set('test.fixtureItems', new FixtureItems());
	// What the example workflows (examples/) use besides the Storydoc node.
	types.set('n8n-nodes-base.set', new EditFields());
	types.set('n8n-nodes-base.splitOut', new SplitOut());
	types.set('n8n-nodes-base.scheduleTrigger', new ScheduleTrigger());
	types.set('n8n-nodes-base.stickyNote', new StickyNote());

	const nodeTypes: INodeTypes = {
		getByName: (type) => {
			const nodeType = types.get(type);
			if (!nodeType) throw new Error(`Unknown node type ${type}`);
			return nodeType;
		},
		getByNameAndVersion: (type, version) => {
			const nodeType = types.get(type);
			if (!nodeType) throw new Error(`Unknown node type ${type}`);
			return NodeHelpers.getVersionedNodeType(nodeType, version);
		},
		getKnownTypes: () => ({}),
	};
	const credentialTypes = new Map(
		Object.entries(loader.credentialTypes).map(([name, { type }]) => [name, type] as const),
	);
	loaded = { loader, nodeTypes, credentialTypes, types };
	return loaded;
}

/** Where a generic `authenticate` block puts its values: `headers`, `qs`, `body`… by name. */
type RequestTargets = Record<string, Record<string, unknown> | undefined>;

/**
 * Gives nodes the test credentials and applies a credential type's generic `authenticate` block the
 * way n8n's own CredentialsHelper does: every value is an expression over `$credentials`.
 */
class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly credentialTypes: Map<string, ICredentialType>,
		private readonly credentials: TestCredentials,
	) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const type = this.credentialTypes.get(typeName);
		if (!type?.authenticate) return requestOptions as IHttpRequestOptions;
		if (typeof type.authenticate === 'function')
			return await type.authenticate(credentials, requestOptions as IHttpRequestOptions);
		if (!workflow || !node)
			throw new Error('A generic authenticate block needs the workflow and the node');
		const resolve = (value: string) =>
			String(
				workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					value,
				),
			);
		const options = { ...requestOptions } as unknown as RequestTargets;
		for (const [target, entries] of Object.entries(type.authenticate.properties)) {
			const resolved: Record<string, unknown> = { ...(options[target] ?? {}) };
			for (const [key, value] of Object.entries(entries as Record<string, string>)) {
				resolved[resolve(key)] = resolve(value);
			}
			options[target] = resolved;
		}
		return options as unknown as IHttpRequestOptions;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: unknown,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const credentials = this.credentials[type];
		if (!credentials) throw new Error(`No test credentials of type ${type}`);
		return { ...credentials };
	}

	getParentTypes(): string[] {
		return [];
	}
	isCredentialUsableByNode(): boolean {
		return true;
	}
	async preAuthentication(): Promise<undefined> {
		return undefined;
	}
	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}
	async getCredentials(): Promise<never> {
		throw new Error('getCredentials is not used by this package');
	}
	async updateCredentials(): Promise<void> {}
	async updateCredentialsOauthTokenData(): Promise<void> {}
	getCredentialsProperties(): INodeProperties[] {
		return [];
	}
}

/** The services n8n hands a running workflow; only what the engine and node contexts read. */
function additionalDataFor(
	credentialsHelper: ICredentialsHelper,
	hooks: ExecutionLifecycleHooks | undefined,
): IWorkflowExecuteAdditionalData {
	const additionalData = {
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
	// Only what the engine reads: the full interface has services a test run never reaches.
	return additionalData as unknown as IWorkflowExecuteAdditionalData;
}

export function credentialsFor({
	baseUrl,
	token,
}: {
	baseUrl: string;
	token: string;
}): TestCredentials {
	return { [CREDENTIAL_TYPE]: { accessToken: token, baseUrl } };
}

/**
 * A workflow ID per trigger, as n8n has: the state object a test keeps for it (its static data, or
 * its poller_state row) stands for the trigger, so two triggers of one test are two workflows.
 */
const triggerWorkflowIds = new WeakMap<object, string>();
let triggerWorkflows = 0;
function triggerWorkflowId(state: object): string {
	let id = triggerWorkflowIds.get(state);
	if (!id) {
		id = `test-trigger-${++triggerWorkflows}`;
		triggerWorkflowIds.set(state, id);
	}
	return id;
}

function buildWorkflow(workflowJson: TestWorkflow, nodeTypes: INodeTypes): Workflow {
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

export interface RunOptions {
	credentials?: TestCredentials;
	mode?: WorkflowExecuteMode;
	/** The trigger to start from when a workflow has several (as `n8n execute` starts from the Manual one). */
	startNode?: string;
}

export interface WorkflowRun {
	run: IRun;
	/** Every node's output items: first output, first run. */
	outputs: Record<string, TestItem[]>;
	/** The workflow error if the run failed. */
	error: Json | undefined;
	staticData: IDataObject;
}

/**
 * Runs a workflow JSON (as exported from the n8n editor) to the end.
 * Returns the IRun, every node's output items (`outputs[nodeName]`, first output, first run) and the
 * workflow error if the run failed. `startNode` names the trigger to start from when a workflow has
 * several (an example with both a Schedule and a Manual Trigger starts from the Manual one, as
 * `n8n execute` does).
 */
export async function runWorkflow(
	workflowJson: TestWorkflow,
	{ credentials, mode = 'manual', startNode: startNodeName }: RunOptions = {},
): Promise<WorkflowRun> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const workflow = buildWorkflow(workflowJson, nodeTypes);
	const credentialsHelper = new TestCredentialsHelper(credentialTypes, credentials || {});

	const hooks = new ExecutionLifecycleHooks(
		mode,
		`test-${Date.now()}`,
		workflowJson as unknown as IWorkflowBase,
	);
	let resolveRun: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (resolveRun = resolve));
	hooks.addHandler('workflowExecuteAfter', (fullRunData) => resolveRun(fullRunData));
	const additionalData = additionalDataFor(credentialsHelper, hooks);

	const startNode = startNodeName ? workflow.getNode(startNodeName) : workflow.getStartNode();
	if (!startNode)
		throw new Error(
			`The workflow has no start node${startNodeName ? ` named ${startNodeName}` : ''}`,
		);
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
	} as unknown as IRunExecutionData;
	const workflowExecute = new WorkflowExecute(additionalData, mode, runExecutionData);
	await workflowExecute.processRunExecutionData(workflow);
	const run = await finished;

	const outputs: Record<string, TestItem[]> = {};
	for (const [nodeName, taskData] of Object.entries(run.data.resultData.runData)) {
		outputs[nodeName] = (taskData[0]?.data?.main?.[0] ?? []) as TestItem[];
	}
	return { run, outputs, error: run.data.resultData.error, staticData: workflow.staticData };
}

/** A trigger node for `runPoll`: its id, position and version are filled in when absent. */
export type TriggerNode = Omit<INode, 'id' | 'position' | 'typeVersion'> &
	Partial<Pick<INode, 'id' | 'position' | 'typeVersion'>>;

export interface PollOptions {
	credentials?: TestCredentials;
	staticData?: IDataObject;
	mode?: WorkflowExecuteMode;
	activation?: 'activate' | 'init' | 'update' | 'manual' | 'leadershipChange';
	/** What `getPollBudgetMs()` answers; `null` removes the method (n8n before it existed). */
	pollBudgetMs?: number | null;
	/** The trigger's workflow, when the static data passed is a copy of its state (one per poll). */
	workflowId?: string;
}

export interface PollResult {
	items: TestItem[];
	result: INodeExecutionData[][] | null;
	staticData: IDataObject;
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
export async function runPoll(
	triggerNode: TriggerNode,
	options: PollOptions = {},
): Promise<PollResult> {
	return await (await activatePolling(triggerNode, options)).poll();
}

/**
 * A trigger activated as n8n-core's ActiveWorkflowTriggers activates it: one PollContext made at
 * activation and used by every poll after it (each `poll()` here). The credentials are read through
 * `options.credentials` at each read, so a test can change them between polls.
 */
export async function activatePolling(
	triggerNode: TriggerNode,
	{
		credentials,
		staticData = {},
		mode = 'trigger',
		activation = 'activate',
		pollBudgetMs,
		workflowId = triggerWorkflowId(staticData),
	}: PollOptions = {},
): Promise<{ poll(): Promise<PollResult> }> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const node: INode = { id: 'trigger', position: [0, 0], typeVersion: 1, ...triggerNode };
	const workflow = buildWorkflow(
		{ id: workflowId, nodes: [node], connections: {}, staticData },
		nodeTypes,
	);
	const credentialsHelper = new TestCredentialsHelper(credentialTypes, credentials || {});
	const additionalData = additionalDataFor(credentialsHelper, undefined);
	const budget = typeof pollBudgetMs === 'number' ? () => pollBudgetMs : undefined;
	const context = new PollContext(
		workflow,
		node,
		additionalData,
		mode,
		activation,
		undefined,
		undefined,
		undefined,
		undefined,
		undefined,
		budget,
	);
	if (pollBudgetMs === null) delete (context as { getPollBudgetMs?: unknown }).getPollBudgetMs;
	const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	if (!nodeType.poll) throw new Error(`${node.type} is not a polling trigger`);
	const poll = nodeType.poll;
	return {
		async poll() {
			const result = await poll.call(context);
			return {
				items: (result ? result[0] : []) as TestItem[],
				result,
				staticData: workflow.staticData,
			};
		},
	};
}

/** The `poller_state` row n8n's durable scheduler keeps for one trigger node (its committed cursor). */
export interface PollerStateRow {
	cursor?: IDataObject;
}

export interface DurablePollOptions extends Pick<PollOptions, 'credentials' | 'pollBudgetMs'> {
	row: PollerStateRow;
	/** The activation poll (n8n calls it once when the workflow is published) rather than a scheduled one. */
	activation?: boolean;
	/**
	 * What `__commitCursor` does when the node itself calls it from `poll()`: `commits` (n8n 2.41),
	 * `ignored` or `refused` (throws), as a later n8n might. n8n's own call, after a scheduled poll
	 * that returned nothing, always commits.
	 */
	nodeCommit?: 'commits' | 'ignored' | 'refused';
}

/**
 * One poll the way n8n 2.x runs it with durable cursors on: through n8n-core's PollTriggerExecutor,
 * with the node's static data a staged copy of the poller_state row, committed with the execution
 * the poll starts (`__emit`) or alone when it emits nothing (`__commitCursor`), and dropped
 * otherwise. The staging store stands in for n8n's poll-cursor service (in the n8n app, not
 * n8n-core): a snapshot per poll, written back only on those two calls.
 */
export async function runDurablePoll(
	triggerNode: TriggerNode,
	{
		credentials,
		row,
		activation = false,
		pollBudgetMs = 36_000,
		nodeCommit = 'commits',
	}: DurablePollOptions,
): Promise<PollResult & { error?: Error }> {
	const { PollTriggerExecutor } = (await import('n8n-core')) as unknown as {
		PollTriggerExecutor?: new (...args: never[]) => unknown;
	};
	if (!PollTriggerExecutor)
		throw new Error('this n8n engine has no durable poll path (n8n-core 2.x only)');
	const { nodeTypes, credentialTypes } = await loadPackage();
	const node: INode = { id: 'trigger', position: [0, 0], typeVersion: 1, ...triggerNode };
	// The node's own poll() is marked, so `nodeCommit` can tell its calls from n8n's.
	let inNodePoll = false;
	const markedTypes: INodeTypes = {
		...nodeTypes,
		getByNameAndVersion: (type, version) => {
			const nodeType = nodeTypes.getByNameAndVersion(type, version);
			const poll = nodeType.poll;
			if (!poll) return nodeType;
			return Object.assign(Object.create(nodeType) as INodeType, {
				async poll(this: IPollFunctions) {
					inNodePoll = true;
					try {
						return await poll.call(this);
					} finally {
						inNodePoll = false;
					}
				},
			});
		},
	};
	const workflow = buildWorkflow(
		{ id: triggerWorkflowId(row), nodes: [node], connections: {}, staticData: {} },
		markedTypes,
	);
	const additionalData = additionalDataFor(
		new TestCredentialsHelper(credentialTypes, credentials || {}),
		undefined,
	);
	let staged: { snapshot: IDataObject; seed: string } | undefined;
	let emitted: INodeExecutionData[][] | null = null;
	let failure: Error | undefined;
	const commit = () => {
		if (staged && JSON.stringify(staged.snapshot) !== staged.seed) {
			row.cursor = structuredClone(staged.snapshot);
			staged.seed = JSON.stringify(staged.snapshot);
		}
	};
	const context = new PollContext(
		workflow,
		node,
		additionalData,
		'trigger',
		activation ? 'activate' : 'update',
		(data: INodeExecutionData[][]) => {
			emitted = data;
			commit();
		},
		(error: Error) => {
			failure = error;
		},
		async () => {
			if (inNodePoll && nodeCommit === 'refused')
				throw new Error('__commitCursor is called by the tick engines, never by a node');
			if (inNodePoll && nodeCommit === 'ignored') return;
			commit();
		},
		async <T>(poll: () => Promise<T>): Promise<T> => {
			staged = {
				snapshot: structuredClone(row.cursor ?? {}),
				seed: JSON.stringify(row.cursor ?? {}),
			};
			try {
				return await poll();
			} finally {
				staged = undefined;
			}
		},
		() => staged?.snapshot ?? {},
		() => pollBudgetMs ?? 36_000,
	);
	const executor = Container.get(PollTriggerExecutor as never) as {
		create(
			workflow: Workflow,
			node: INode,
			context: PollContext,
			isCurrent: () => boolean,
		): (testing?: boolean) => Promise<void>;
	};
	try {
		await executor.create(workflow, node, context, () => true)(activation);
	} catch (error) {
		failure = error as Error;
	}
	const result = emitted as INodeExecutionData[][] | null;
	return {
		items: (result ? result[0] : []) as TestItem[],
		result,
		staticData: row.cursor ?? {},
		error: failure,
	};
}

/** A Storydoc node with the Storydoc credential, as a workflow or the editor holds it. */
function storydocNode({
	id,
	name,
	position = [0, 0],
	parameters = {},
	credentialName = 'test',
}: Pick<INode, 'id' | 'name'> &
	Partial<Pick<INode, 'position' | 'parameters'>> & { credentialName?: string }): INode {
	return {
		id,
		name,
		type: NODE_TYPE,
		typeVersion: 1,
		position,
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: credentialName } },
	};
}

export interface StorydocWorkflowOptions {
	/** Input items, emitted by a Records node between the trigger and Storydoc. */
	items?: IDataObject[];
	settings?: IWorkflowSettings;
	/** Node settings such as `retryOnFail` or `continueOnFail`, merged into the Storydoc node. */
	nodeSettings?: Partial<INode>;
}

/** A Manual Trigger → (optional input items) → Storydoc workflow, the shape most tests need. */
export function storydocWorkflow(
	parameters: INodeParameters,
	{ items, settings, nodeSettings = {} }: StorydocWorkflowOptions = {},
): TestWorkflow {
	const trigger: INode = {
		id: 'trigger',
		name: 'Manual',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const storydoc: INode = {
		...storydocNode({
			id: 'storydoc',
			name: 'Storydoc',
			position: [400, 0],
			parameters,
			credentialName: 'Storydoc sandbox',
		}),
		...nodeSettings,
	};
	const nodes = [trigger, storydoc];
	const connections: IConnections = {};
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

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * Runs a credential type's `test.request` the way n8n's CredentialsTester does: a temporary node
 * whose only property routes that request, executed by n8n-core's RoutingNode.
 */
export async function testCredential(
	credentialData: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	const { nodeTypes, credentialTypes, types } = await loadPackage();
	const credentialType = credentialTypes.get(CREDENTIAL_TYPE);
	const storydoc = types.get(NODE_TYPE);
	if (!credentialType?.test || !storydoc)
		throw new Error('The package has no Storydoc credential test');
	const storydocType = NodeHelpers.getVersionedNodeType(storydoc);
	const tempType: INodeType = {
		description: {
			...storydocType.description,
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: credentialType.test.request },
				},
			],
		},
	};
	const node = storydocNode({ id: 'temp', name: 'Temp-Node' });
	const tempNodeTypes: INodeTypes = {
		...nodeTypes,
		getByNameAndVersion: () => tempType,
		getByName: () => tempType,
	};
	const workflow = buildWorkflow({ nodes: [node], connections: {} }, tempNodeTypes);
	const credentialsHelper = new TestCredentialsHelper(credentialTypes, {
		[CREDENTIAL_TYPE]: credentialData,
	});
	const hooks = new ExecutionLifecycleHooks('internal', 'credential-test', {
		nodes: [node],
		connections: {},
	} as unknown as IWorkflowBase);
	const additionalData = additionalDataFor(credentialsHelper, hooks);
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		{ resultData: { runData: {} } } as unknown as IRunExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routingNode = new RoutingNode(context, tempType, {
		id: '1',
		name: 'test',
		type: CREDENTIAL_TYPE,
		data: credentialData,
	});
	try {
		await routingNode.runNode();
	} catch (error) {
		const cause = (
			error as { cause?: { code?: string; response?: { status?: number; statusText?: string } } }
		).cause;
		const statusCode = cause?.response?.status;
		const rule = (credentialType.test.rules || []).find(
			(r) => r.type === 'responseCode' && r.properties.value === statusCode,
		);
		if (rule) return { status: 'Error', message: rule.properties.message };
		if (statusCode)
			return {
				status: 'Error',
				message: cause?.response?.statusText || `Received HTTP status code: ${statusCode}`,
			};
		return { status: 'Error', message: cause?.code || (error as Error).message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

export type MethodKind = 'listSearch' | 'loadOptions' | 'resourceMapping';

export interface MethodCall {
	credentials?: TestCredentials;
	parameters?: INodeParameters;
	filter?: string;
	paginationToken?: string;
}

/** Calls a node's `methods.listSearch` / `loadOptions` / `resourceMapping` function like the editor does. */
export async function callMethod(
	kind: MethodKind,
	methodName: string,
	{ credentials, parameters, filter, paginationToken }: MethodCall,
): Promise<Json> {
	const { nodeTypes, credentialTypes, types } = await loadPackage();
	const storydoc = types.get(NODE_TYPE);
	if (!storydoc) throw new Error('The package has no Storydoc node');
	const nodeType = NodeHelpers.getVersionedNodeType(storydoc);
	const node = storydocNode({ id: 'storydoc', name: 'Storydoc', parameters });
	const workflow = buildWorkflow({ nodes: [node], connections: {} }, nodeTypes);
	const credentialsHelper = new TestCredentialsHelper(credentialTypes, credentials || {});
	const additionalData = additionalDataFor(credentialsHelper, undefined);
	additionalData.currentNodeParameters = node.parameters;
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters');
	const methods = nodeType.methods?.[kind] as
		| Record<string, (this: LoadOptionsContext, ...args: unknown[]) => Promise<unknown>>
		| undefined;
	const method = methods?.[methodName];
	if (!method) throw new Error(`The Storydoc node has no ${kind} method ${methodName}`);
	if (kind === 'listSearch') return await method.call(context, filter, paginationToken);
	return await method.call(context);
}
