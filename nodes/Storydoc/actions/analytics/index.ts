import type { INodeProperties } from 'n8n-workflow';

import * as getEvents from './getEvents.operation';

export const operations = { getEvents };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['analytics'] } },
		options: [
			{
				name: 'Get Events',
				value: 'getEvents',
				description: 'Get the view and click events of a period (Team plan)',
				action: 'Get engagement events',
			},
		],
		default: 'getEvents',
	},
	{
		displayName:
			'Analytics needs the Team plan in Storydoc. On other plans Storydoc answers "Analytics API is available on the Team plan only".',
		name: 'teamPlanNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['analytics'] } },
	},
	...getEvents.description,
];
