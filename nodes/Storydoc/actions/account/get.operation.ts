import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { storydocApiRequest } from '../../transport';

export const description: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const account = (await storydocApiRequest.call(this, {
		method: 'GET',
		path: '/v2/account',
		itemIndex,
	})) as IDataObject;
	return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(account), {
		itemData: { item: itemIndex },
	});
}
