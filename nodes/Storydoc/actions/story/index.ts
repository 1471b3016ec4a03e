import type { INodeProperties } from 'n8n-workflow';

import * as generate from './generate.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations = { generate, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['story'] } },
		options: [
			{
				name: 'Generate',
				value: 'generate',
				description:
					'Generate a new Live story with AI from a prompt, in the brand of a company website (takes 30 to 90 seconds)',
				action: 'Generate a story',
			},
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
	...generate.description,
	...get.description,
	...getAll.description,
];
