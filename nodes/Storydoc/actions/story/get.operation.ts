import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { storyLocator } from '../../descriptions/locators';
import { getLocatorId } from '../../helpers/locators';
import { pathId, storydocApiRequest } from '../../transport';

const properties: INodeProperties[] = [storyLocator];

export const description = updateDisplayOptions({ show: { resource: ['story'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const storyId = getLocatorId.call(this, 'storyId', 'Story', itemIndex);
	const story = (await storydocApiRequest.call(this, {
		method: 'GET',
		path: `/v2/stories/${pathId(storyId)}`,
		itemIndex,
	})) as IDataObject;
	return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(story), {
		itemData: { item: itemIndex },
	});
}
