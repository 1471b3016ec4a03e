import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { VERSION_ITEMS_IN_PARALLEL } from '../../constants';
import { liveStoryLocator } from '../../descriptions/locators';
import { getLocatorId } from '../../helpers/locatorValues';
import { ItemContext } from '../../helpers/fieldError';
import { daysToExpire, senderEmail } from '../../helpers/versionData';
import { storydocApiRequest } from '../../transport';
import type { ItemRequest } from '../node.type';
import { senderEmailField, versionDataFields } from './common.descriptions';
import { readVersionData } from './readVersionData';

const properties: INodeProperties[] = [
	liveStoryLocator,
	senderEmailField,
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'Proposal for Globex',
		description: 'Title of the version, e.g. the name of the prospect company',
	},
	...versionDataFields('create'),
];

/** It changes Storydoc: Retry On Fail replays it instead of sending it twice (actions/writeReplay.ts). */
export const isWrite = true;

export const defaultItemsInParallel = VERSION_ITEMS_IN_PARALLEL;

export const description = updateDisplayOptions(
	{ show: { resource: ['version'], operation: ['create'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): ItemRequest {
	const item = new ItemContext(this.getNode(), itemIndex, this.getTimezone());
	const body: IDataObject = {
		storyId: getLocatorId.call(this, 'storyId', 'Story', itemIndex),
		senderEmail: senderEmail(item, this.getNodeParameter('senderEmail', itemIndex)),
	};
	const { daysToExpire: daysParameter } = this.getNodeParameter(
		'additionalFields',
		itemIndex,
		{},
	) as IDataObject;
	const days = daysToExpire(item, daysParameter);
	if (days !== undefined) body.daysToExpire = days;
	body.data = readVersionData(this, item, { enforceRequired: true });

	return async () => {
		const result = (await storydocApiRequest.call(this, {
			method: 'POST',
			path: '/v2/versions',
			body,
			itemIndex,
			ifOutcomeUnknown: 'The version may exist',
		})) as IDataObject;
		return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
			itemData: { item: itemIndex },
		});
	};
}
