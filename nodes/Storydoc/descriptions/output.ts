import type { INodeProperties } from 'n8n-workflow';

import type { OutputShape } from '../helpers/output';

/** Simplified as a tool, as n8n's UX guidelines ask of answers with more than ten fields. */
export function outputProperties(
	shape: OutputShape,
	{ withSimplify }: { withSimplify: boolean },
): INodeProperties[] {
	const simplifyDescription = `Whether to return only ${shape.simpleFields.length} fields (${shape.simpleFields.join(', ')}) instead of all the API returns`;
	const simplifyShow = (asTool: boolean) => ({ show: { '@version': [1], '@tool': [asTool] } });
	const simplify: INodeProperties[] = [
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: false,
			description: simplifyDescription,
			displayOptions: simplifyShow(false),
		},
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: simplifyDescription,
			displayOptions: simplifyShow(true),
		},
	];
	const options = [
		{
			name: 'Simplified',
			value: 'simple',
			description: `Only ${shape.simpleFields.join(', ')}`,
		},
		{ name: 'Raw', value: 'raw', description: 'Every field the API returns' },
		{
			name: 'Selected Fields',
			value: 'selected',
			description: `The fields you choose, always with ${shape.idFields.join(' and ')}`,
		},
	];
	const outputShow = (asTool: boolean) => ({
		show: { '@version': [{ _cnd: { gte: 2 } }], '@tool': [asTool] },
	});
	const output: INodeProperties[] = [
		{
			displayName: shape.parameter.label,
			name: shape.parameter.name,
			type: 'options',
			options,
			default: 'raw',
			displayOptions: outputShow(false),
		},
		{
			displayName: shape.parameter.label,
			name: shape.parameter.name,
			type: 'options',
			options,
			default: 'simple',
			displayOptions: outputShow(true),
		},
	];
	return [
		...(withSimplify ? simplify : []),
		...output,
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			options: shape.fields.map((field) => ({ name: field, value: field })),
			default: [],
			description: `The fields to return; ${shape.idFields.join(' and ')} ${shape.idFields.length > 1 ? 'are' : 'is'} always returned`,
			displayOptions: {
				show: { '@version': [{ _cnd: { gte: 2 } }], [shape.parameter.name]: ['selected'] },
			},
		},
	];
}
