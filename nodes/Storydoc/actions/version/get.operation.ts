import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { VERSION_ITEMS_IN_PARALLEL } from '../../constants';
import { versionLocator } from '../../descriptions/locators';
import { outputProperties } from '../../descriptions/output';
import { getLocatorId } from '../../helpers/locatorValues';
import { VERSION_OUTPUT, readOutput } from '../../helpers/output';
import { pathSegment, storydocApiRequest } from '../../transport';
import type { ItemRequest } from '../node.type';

const properties: INodeProperties[] = [
	versionLocator,
	...outputProperties(VERSION_OUTPUT, { withSimplify: true }),
];

export const defaultItemsInParallel = VERSION_ITEMS_IN_PARALLEL;

export const description = updateDisplayOptions(
	{ show: { resource: ['version'], operation: ['get'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): ItemRequest {
	const versionId = getLocatorId.call(this, 'versionId', 'Version', itemIndex);
	const shape = readOutput(this, itemIndex, VERSION_OUTPUT);
	return async () => {
		const version = (await storydocApiRequest.call(this, {
			method: 'GET',
			path: `/v2/versions/${pathSegment(versionId)}`,
			itemIndex,
		})) as IDataObject;
		return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(shape(version)), {
			itemData: { item: itemIndex },
		});
	};
}
