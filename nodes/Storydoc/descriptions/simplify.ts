import type { INodeProperties } from 'n8n-workflow';

/**
 * Simplify, as n8n's nodes offer it for outputs of more than 10 fields: off by default in a
 * workflow (saved workflows keep their output), on by default when the node is an AI agent's tool
 * (`@tool`), where fewer fields are what the model needs.
 */
export function simplifyProperties(fields: readonly string[]): INodeProperties[] {
	const description = `Whether to return only ${fields.length} fields (${fields.join(', ')}) instead of all the API returns`;
	return [
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: false,
			description,
			displayOptions: { show: { '@tool': [false] } },
		},
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description,
			displayOptions: { show: { '@tool': [true] } },
		},
	];
}
