import type { INode } from 'n8n-workflow';

/** The Storydoc node as the pure unit tests hand it to the helpers that name it in errors. */
export const TEST_NODE: INode = {
	id: '1',
	name: 'Storydoc',
	type: 'n8n-nodes-storydoc.storydoc',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
