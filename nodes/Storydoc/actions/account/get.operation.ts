import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { storydocApiRequest } from '../../transport';
import type { ItemRequest } from '../node.type';

export const description: INodeProperties[] = [];

export function prepare(this: IExecuteFunctions, itemIndex: number): ItemRequest {
	return async () => {
		const account = (await storydocApiRequest.call(this, {
			method: 'GET',
			path: '/v2/account',
			itemIndex,
		})) as IDataObject;
		return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(account), {
			itemData: { item: itemIndex },
		});
	};
}
