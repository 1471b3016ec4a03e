import type { INodeProperties } from 'n8n-workflow';

import { storyLocator, versionLocator } from './locators';

/** The filters of GET /v2/analytics/events, shared by Analytics › Get Events and the Storydoc Trigger. */
export const analyticsFilters: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{
			...storyLocator,
			required: false,
			description: 'Only events of the versions of this story',
		},
		{
			displayName: 'User Email',
			name: 'userEmail',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: 'Only events of versions created by this user of your Storydoc organization',
		},
		{
			...versionLocator,
			required: false,
			description:
				'Only events of this version: its editorUrl or versionUrl, or its ID (not its public link)',
		},
	],
};
