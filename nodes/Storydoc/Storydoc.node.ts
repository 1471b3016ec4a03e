import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account';
import * as analytics from './actions/analytics';
import { router } from './actions/router';
import * as story from './actions/story';
import * as version from './actions/version';
import {
	generateRequestOptions,
	requestOptions,
	versionRequestOptions,
} from './descriptions/requestOptions';
import { NODE_DESCRIPTION, toolDescriptionProperties } from './descriptions/toolDescription';
import { listSearch, loadOptions, resourceMapping } from './methods';

export class Storydoc implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Storydoc',
		name: 'storydoc',
		icon: { light: 'file:../../icons/storydoc.svg', dark: 'file:../../icons/storydoc.dark.svg' },
		group: ['transform'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: NODE_DESCRIPTION,
		defaults: { name: 'Storydoc' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'storydocApi', required: true }],
		hints: [
			{
				message:
					"Get Events reads the events once per input item. If the items do not set different periods or filters, turn on <b>Execute Once</b> in the node's Settings to read them one time.",
				type: 'info',
				location: 'outputPane',
				whenToDisplay: 'beforeExecution',
				displayCondition:
					'={{ $parameter["resource"] === "analytics" && $parameter["operation"] === "getEvents" && $input.all().length > 1 }}',
			},
		],
		properties: [
			...toolDescriptionProperties,
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Analytics', value: 'analytics' },
					{ name: 'Story', value: 'story' },
					{ name: 'Version', value: 'version' },
				],
				default: 'account',
			},
			...account.description,
			...analytics.description,
			...story.description,
			...version.description,
			requestOptions,
			versionRequestOptions,
			generateRequestOptions,
		],
	};

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
