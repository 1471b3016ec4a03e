/**
 * Storydoc tool nodes under a stand-in agent (`test.toolCaller`) that calls them as a model would,
 * through n8n-core's own tool path (`getInputConnectionData` → `createNodeAsTool`, arguments from
 * `$fromAI`).
 */
import type { IConnections, INode } from 'n8n-workflow';

import type { Json, TestCredentials, TestWorkflow } from './n8n';
import { runWorkflow } from './n8n';

export interface ToolCall {
	tool: string;
	arguments: Json;
}

export function toolWorkflow(tools: INode[], calls: ToolCall[]): TestWorkflow {
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
				type: 'test.toolCaller',
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
	};
}

/** The tools as the agent received them (name, description, argument names), and one answer per call. */
export async function callTools(
	tools: INode[],
	calls: ToolCall[],
	credentials: TestCredentials,
): Promise<{ tools: Json[]; answers: Json[] }> {
	const { outputs, error } = await runWorkflow(toolWorkflow(tools, calls), { credentials });
	expect(error).toBeUndefined();
	const [listed, ...answers] = outputs.Agent.map((item) => item.json);
	return { tools: listed.tools as Json[], answers };
}
