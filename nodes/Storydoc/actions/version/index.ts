import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as update from './update.operation';

export const operations = { create, get, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['version'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a personalized version of a Live story, with its own link',
				action: 'Create a version',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a version with its status, link and variable values',
				action: 'Get a version',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the variable values of a version, keeping its link',
				action: 'Update a version',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...update.description,
];
