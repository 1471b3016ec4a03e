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

export const readerFilterProperty: INodeProperties = {
	displayName: 'Reader',
	name: 'reader',
	type: 'string',
	placeholder: 'vis_aa11bb22cc33dd44 or name@company.com',
	default: '',
	description:
		"Raw Events and Summary per Reading Session: only this reader's events. A visitor ID (visitorId) is one reader; an email matches the events' prospectEmail (any case), the prospect a version was made for, so on one version it keeps every reader. The API still returns every event of the period: only the output shrinks.",
};
