/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- stand-ins of n8n's own nodes for the in-process engine, not nodes of this package */
/**
 * Test-tree stand-in for n8n's Manual Trigger (n8n-nodes-base is not a dependency): same type name and
 * behaviour, so workflow fixtures look exactly like workflows exported from the n8n editor.
 */
import type {
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
