import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { storyLocator } from '../../descriptions/locators';
import { outputProperties } from '../../descriptions/output';
import { getLocatorId } from '../../helpers/locatorValues';
import { STORY_OUTPUT, readOutput } from '../../helpers/output';
import { pathSegment, storydocApiRequest } from '../../transport';
import type { ItemRequest } from '../node.type';

const properties: INodeProperties[] = [
	storyLocator,
	...outputProperties(STORY_OUTPUT, { withSimplify: false }),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['story'], operation: ['get'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): ItemRequest {
	const storyId = getLocatorId.call(this, 'storyId', 'Story', itemIndex);
	const shape = readOutput(this, itemIndex, STORY_OUTPUT);
	return async () => {
		const story = (await storydocApiRequest.call(this, {
			method: 'GET',
			path: `/v2/stories/${pathSegment(storyId)}`,
			itemIndex,
		})) as IDataObject;
		return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(shape(story)), {
			itemData: { item: itemIndex },
		});
	};
}
