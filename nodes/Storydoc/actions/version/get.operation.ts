import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { versionLocator } from '../../descriptions/locators';
import { outputProperties } from '../../descriptions/output';
import { getLocatorId } from '../../helpers/locatorValues';
import { VERSION_OUTPUT, readOutput } from '../../helpers/output';
import { pathSegment, storydocApiRequest } from '../../transport';

const properties: INodeProperties[] = [
	versionLocator,
	...outputProperties(VERSION_OUTPUT, { withSimplify: true }),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['version'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const versionId = getLocatorId.call(this, 'versionId', 'Version', itemIndex);
	const shape = readOutput(this, itemIndex, VERSION_OUTPUT);
	const version = (await storydocApiRequest.call(this, {
		method: 'GET',
		path: `/v2/versions/${pathSegment(versionId)}`,
		itemIndex,
	})) as IDataObject;
	return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(shape(version)), {
		itemData: { item: itemIndex },
	});
}
