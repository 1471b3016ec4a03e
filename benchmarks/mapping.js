'use strict';
/**
 * The CPU cost of building one version's `data` from an item (the node's pure mapping helper, from
 * dist/), over 10,000 items: the part of a create that does not wait on the network.
 */
const { SEED } = require('../sandbox/seed');

const ITEMS = 10_000;

function mappingMicrosPerItem() {
	const { ItemContext } = require('../dist/nodes/Storydoc/helpers/fieldError');
	const { buildVersionData } = require('../dist/nodes/Storydoc/helpers/versionData');
	const { storyMapperFields } = require('../dist/nodes/Storydoc/helpers/storyFields');
	const node = {
		id: 'bench',
		name: 'Storydoc',
		type: 'n8n-nodes-storydoc.storydoc',
		typeVersion: 2,
		position: [0, 0],
		parameters: {},
	};
	const variables = {
		mappingMode: 'autoMapInputData',
		value: null,
		schema: storyMapperFields(SEED.stories.proposal, false),
	};
	const before = process.cpuUsage();
	for (let index = 0; index < ITEMS; index++) {
		buildVersionData(new ItemContext(node, index), {
			title: `Proposal ${index}`,
			variables,
			inputJson: {
				first_name: `Prospect ${index}`,
				company: `Company ${index}`,
				deal_value: 1000 + index,
				company_logo: `company${index}.test`,
				team_members: [
					{ name: 'Dana Lee', role: 'Account executive', skills: [{ skill: 'Negotiation' }] },
				],
			},
			rows: [],
			additionalFields: {
				products: { product: [{ name: 'Licence', price: 1200, extraKeys: '{"seats": 5}' }] },
			},
			enforceRequired: true,
		});
	}
	const cpu = process.cpuUsage(before);
	return (cpu.user + cpu.system) / ITEMS;
}

module.exports = { mappingMicrosPerItem };
