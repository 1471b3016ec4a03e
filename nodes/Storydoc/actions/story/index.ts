import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations = { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['story'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a story with its dynamic variables and repeatable content groups',
				action: 'Get a story',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the stories (templates) of the organization',
				action: 'Get many stories',
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
];
