/**
 * Storydoc tool nodes called as a model's calls are, on either of n8n-core's two tool paths:
 * - `mcp`: inside a LangChain tool (`test.toolCaller`: `getInputConnectionData` → `createNodeAsTool`
 *   → `tool.invoke`), as n8n's MCP Server Trigger calls them;
 * - `agent`: as nodes the engine runs for the agent (`test.engineToolCaller`: an EngineRequest), as
 *   n8n's AI Agent 3 calls them.
 * Arguments reach the node through `$fromAI` on both.
 */
import type { IConnections, INode } from 'n8n-workflow';

import type { Json, TestCredentials, TestWorkflow } from './n8n';
import { runWorkflow } from './n8n';

export interface ToolCall {
	tool: string;
	arguments: Json;
}

/** Who calls the tools: n8n's MCP Server Trigger's path, or the AI Agent's. */
export type ToolPath = 'mcp' | 'agent';

const CALLER_TYPES: Record<ToolPath, string> = {
	mcp: 'test.toolCaller',
	agent: 'test.engineToolCaller',
};

export function toolWorkflow(
	tools: INode[],
	calls: ToolCall[],
	path: ToolPath = 'mcp',
): TestWorkflow {
	const connections: IConnections = {
		Manual: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
	};
	for (const tool of tools)
		connections[tool.name] = { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] };
	return {
		name: 'Storydoc tools',
		nodes: [
			{
				id: 'manual',
				name: 'Manual',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'agent',
				name: 'Agent',
				type: CALLER_TYPES[path],
				typeVersion: 1,
				position: [200, 0],
				parameters: { calls: JSON.stringify(calls) },
			},
			...tools.map((tool) => ({
				...tool,
				credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
			})),
		],
		connections,
		// As every workflow n8n's editor saves: the agent is resumed after the tools it asked for.
		settings: { executionOrder: 'v1' },
	};
}

/**
 * One answer per call (`{ tool, answer }` or `{ tool, error }`, the thrown error's message) and, on
 * the MCP path, the tools as the caller received them (name, description, argument names).
 */
export async function callTools(
	tools: INode[],
	calls: ToolCall[],
	credentials: TestCredentials,
	path: ToolPath = 'mcp',
): Promise<{ tools: Json[]; answers: Json[] }> {
	const { outputs, error } = await runWorkflow(toolWorkflow(tools, calls, path), { credentials });
	expect(error).toBeUndefined();
	const items = outputs.Agent.map((item) => item.json);
	if (path === 'agent') return { tools: [], answers: items };
	const [listed, ...answers] = items;
	return { tools: listed.tools as Json[], answers };
}
