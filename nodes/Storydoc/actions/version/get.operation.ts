import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { versionLocator } from '../../descriptions/locators';
import { simplifyProperties } from '../../descriptions/simplify';
import { getLocatorId } from '../../helpers/locators';
import { SIMPLE_VERSION_FIELDS, simplifyVersion } from '../../helpers/simplify';
import { booleanField } from '../../helpers/validation';
import { pathId, storydocApiRequest } from '../../transport';

const properties: INodeProperties[] = [versionLocator, ...simplifyProperties(SIMPLE_VERSION_FIELDS)];

export const description = updateDisplayOptions({ show: { resource: ['version'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const versionId = getLocatorId.call(this, 'versionId', 'Version', itemIndex);
	const simplify = booleanField(this.getNode(), itemIndex, 'Simplify', this.getNodeParameter('simplify', itemIndex, false));
	const version = (await storydocApiRequest.call(this, {
		method: 'GET',
		path: `/v2/versions/${pathId(versionId)}`,
		itemIndex,
	})) as IDataObject;
	return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(simplify ? simplifyVersion(version) : version), {
		itemData: { item: itemIndex },
	});
}
