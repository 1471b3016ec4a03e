'use strict';
/**
 * Test-tree stand-in for n8n's Manual Trigger (n8n-nodes-base is not a dependency): same type name and
 * behaviour, so workflow fixtures look exactly like workflows exported from the n8n editor.
 */
class ManualTrigger {
	constructor() {
		this.description = {
			displayName: 'When clicking ‘Execute workflow’',
			name: 'manualTrigger',
			group: ['trigger', 'input'],
			version: 1,
			description: 'Runs the flow on clicking a button in n8n',
			defaults: { name: 'When clicking ‘Execute workflow’' },
			inputs: [],
			outputs: ['main'],
			properties: [],
		};
	}

	async trigger() {
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
class FixtureItems {
	constructor() {
		this.description = {
			displayName: 'Fixture Items',
			name: 'fixtureItems',
			group: ['transform'],
			version: 1,
			description: 'Outputs the given JSON items',
			defaults: { name: 'Fixture Items' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
		};
	}

	async execute() {
		const raw = this.getNodeParameter('items', 0);
		const items = typeof raw === 'string' ? JSON.parse(raw) : raw;
		return [items.map((json) => ({ json, pairedItem: { item: 0 } }))];
	}
}

module.exports = { ManualTrigger, FixtureItems };
