/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- stand-ins of n8n's own nodes for the in-process engine, not nodes of this package */
/**
 * Test-tree stand-in for n8n's Manual Trigger (n8n-nodes-base is not a dependency): same type name and
 * behaviour, so workflow fixtures look exactly like workflows exported from the n8n editor.
 */
import type {
	EngineRequest,
	EngineResponse,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

export class ManualTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'When clicking ‘Execute workflow’',
		name: 'manualTrigger',
		group: ['trigger', 'input'],
		version: 1,
		description: 'Runs the flow on clicking a button in n8n',
		defaults: { name: 'When clicking ‘Execute workflow’' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		const manualTriggerFunction = async () => {
			this.emit([this.helpers.returnJsonArray([{}])]);
		};
		return { manualTriggerFunction };
	}
}

/**
 * Emits the items given in its `items` parameter (a JSON array), like a Set / Edit Fields node holding
 * CRM records. An expression may build them.
 */
export class FixtureItems implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fixture Items',
		name: 'fixtureItems',
		group: ['transform'],
		version: 1,
		description: 'Outputs the given JSON items',
		defaults: { name: 'Fixture Items' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0);
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject[];
		return [items.map((json) => ({ json, pairedItem: { item: 0 } }))];
	}
}

/** A tool as n8n-core hands it to an agent (a LangChain structured tool). */
interface ConnectedTool {
	name: string;
	description: string;
	schema: { shape?: Record<string, unknown> };
	invoke: (args: IDataObject) => Promise<unknown>;
	metadata?: { sourceNodeName?: string };
}

type ToolCallList = Array<{ tool: string; arguments: IDataObject }>;

function callsOf(context: IExecuteFunctions): ToolCallList {
	const raw = context.getNodeParameter('calls', 0);
	return (typeof raw === 'string' ? JSON.parse(raw) : raw) as ToolCallList;
}

/**
 * Stands in for an AI Agent (or n8n's MCP Server Trigger): takes the tools connected to its
 * `ai_tool` input from n8n-core's `getInputConnectionData`, as the agent does, and calls them with
 * the arguments in its `calls` parameter (a JSON array of `{ tool, arguments }`), as a model would.
 * Outputs the tools it was given, then one item per call: the tool's answer or its error.
 */
export class ToolCaller implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Tool Caller',
		name: 'toolCaller',
		group: ['transform'],
		version: 1,
		description: 'Calls the connected tools as a model would',
		defaults: { name: 'Tool Caller' },
		inputs: [
			NodeConnectionTypes.Main,
			{ type: NodeConnectionTypes.AiTool, displayName: 'Tools', required: true },
		],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Calls', name: 'calls', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const connected = await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0);
		const tools = (Array.isArray(connected) ? connected : [connected]) as ConnectedTool[];
		const calls = callsOf(this);
		const items: INodeExecutionData[] = [
			{
				json: {
					tools: tools.map((tool) => ({
						name: tool.name,
						description: tool.description,
						arguments: Object.keys(tool.schema.shape ?? {}),
					})),
				},
			},
		];
		for (const call of calls) {
			const tool = tools.find((candidate) => candidate.name === call.tool);
			if (!tool) throw new Error(`No tool named ${call.tool}`);
			try {
				const answer = await tool.invoke(call.arguments);
				items.push({ json: { tool: call.tool, answer: JSON.parse(String(answer)) } });
			} catch (error) {
				items.push({ json: { tool: call.tool, error: (error as Error).message } });
			}
		}
		return [items.map((item) => ({ ...item, pairedItem: { item: 0 } }))];
	}
}

/**
 * Stands in for n8n's AI Agent 3 (both lines): it does not call the tools itself but asks the
 * engine to run the tool nodes (an EngineRequest, as the agent's `createEngineRequests` builds it),
 * then outputs one item per call from the engine's response: the tool's items, or its error.
 */
export class EngineToolCaller implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Engine Tool Caller',
		name: 'engineToolCaller',
		group: ['transform'],
		version: 1,
		description: 'Has the engine run the connected tools as n8n’s AI Agent 3 does',
		defaults: { name: 'Engine Tool Caller' },
		inputs: [
			NodeConnectionTypes.Main,
			{ type: NodeConnectionTypes.AiTool, displayName: 'Tools', required: true },
		],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Calls', name: 'calls', type: 'json', default: '[]' }],
	};

	async execute(
		this: IExecuteFunctions,
		response?: EngineResponse,
	): Promise<INodeExecutionData[][] | EngineRequest> {
		const calls = callsOf(this);
		if (!response?.actionResponses?.length) {
			const connected = await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0);
			const tools = (Array.isArray(connected) ? connected : [connected]) as ConnectedTool[];
			// 2.x's tools name their node; 1.x's agent takes the tool's parent node of the same index.
			const parents = this.getParentNodes(this.getNode().name, {
				connectionType: NodeConnectionTypes.AiTool,
				depth: 1,
			});
			const actions = calls.map((call, index) => {
				const at = tools.findIndex((tool) => tool.name === call.tool);
				const nodeName = tools[at]?.metadata?.sourceNodeName ?? parents[at]?.name;
				if (!nodeName) throw new Error(`No tool named ${call.tool}`);
				return {
					actionType: 'ExecutionNodeAction' as const,
					nodeName,
					input: call.arguments,
					type: NodeConnectionTypes.AiTool,
					id: `call_${index}`,
					metadata: { itemIndex: 0 },
				};
			});
			return { actions, metadata: {} };
		}
		const items = calls.map((call, index) => {
			const answered = response.actionResponses.find(
				(result) => result.action.id === `call_${index}`,
			);
			const data = answered?.data;
			if (data?.error) return { json: { tool: call.tool, error: data.error.message } };
			const answer = (data?.data?.ai_tool?.[0] ?? []).map((item) => item.json);
			return { json: { tool: call.tool, answer } as IDataObject };
		});
		return [items.map((item) => ({ ...item, pairedItem: { item: 0 } }))];
	}
}

/**
 * A node's `…Tool` variant as n8n's loader makes it for nodes marked usableAsTool (its name plus
 * `Tool`, no inputs, an `ai_tool` output); the same node underneath.
 */
export function asToolVariant<T extends INodeType>(nodeType: T): T {
	const variant = Object.create(nodeType) as T;
	variant.description = {
		...nodeType.description,
		name: `${nodeType.description.name}Tool`,
		displayName: `${nodeType.description.displayName} Tool`,
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
	};
	return variant;
}
