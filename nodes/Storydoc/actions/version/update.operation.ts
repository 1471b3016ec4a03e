import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { VERSION_ITEMS_IN_PARALLEL } from '../../constants';
import { versionLocator } from '../../descriptions/locators';
import { getLocatorId } from '../../helpers/locatorValues';
import { ItemContext } from '../../helpers/fieldError';
import { isEmpty } from '../../helpers/values';
import { senderEmail } from '../../helpers/versionData';
import { booleanField } from '../../helpers/validation';
import { pathSegment, storydocApiRequest } from '../../transport';
import type { ItemRequest } from '../node.type';
import { senderEmailField, versionDataFields } from './common.descriptions';
import { readVersionData } from './readVersionData';

const properties: INodeProperties[] = [
	versionLocator,
	senderEmailField,
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		default: '',
		description:
			'New title of the version. Leave empty to keep the current title: the node then reads the version first (one more request), since Storydoc needs a title in every update.',
	},
	{
		displayName: 'Force',
		name: 'force',
		type: 'boolean',
		default: false,
		description:
			'Whether to update the version even if someone edited it by hand in Storydoc, overwriting those edits. Off, such a version is left as it is and its item fails.',
	},
	...versionDataFields('update'),
];

/** It changes Storydoc: Retry On Fail replays it instead of sending it twice (actions/writeReplay.ts). */
export const isWrite = true;

export const defaultItemsInParallel = VERSION_ITEMS_IN_PARALLEL;

export const description = updateDisplayOptions(
	{ show: { resource: ['version'], operation: ['update'] } },
	properties,
);

async function currentTitle(
	context: IExecuteFunctions,
	item: ItemContext,
	versionPath: string,
): Promise<string> {
	const version = (await storydocApiRequest.call(context, {
		method: 'GET',
		path: versionPath,
		itemIndex: item.itemIndex,
	})) as IDataObject;
	const data = (version.data ?? {}) as IDataObject;
	const title = isEmpty(version.title) ? data.title : version.title;
	if (isEmpty(title) || typeof title !== 'string') {
		throw item.error(
			'Title',
			'is empty, and the version has no title to keep',
			'Set Title to the title the version should have.',
		);
	}
	return title;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): ItemRequest {
	const item = new ItemContext(this.getNode(), itemIndex, this.getTimezone());
	const versionId = getLocatorId.call(this, 'versionId', 'Version', itemIndex);
	const versionPath = `/v2/versions/${pathSegment(versionId)}`;
	const body: IDataObject = {
		senderEmail: senderEmail(item, this.getNodeParameter('senderEmail', itemIndex)),
	};
	if (
		booleanField(
			this.getNode(),
			itemIndex,
			'Force',
			this.getNodeParameter('force', itemIndex, false),
		)
	)
		body.force = true;
	const data = readVersionData(this, item, { enforceRequired: false });
	body.data = data;

	return async () => {
		if (isEmpty(data.title)) data.title = await currentTitle(this, item, versionPath);
		const result = (await storydocApiRequest.call(this, {
			method: 'POST',
			path: versionPath,
			body,
			itemIndex,
			ifOutcomeUnknown: 'The update may have been applied',
		})) as IDataObject;
		// Storydoc's reference promises versionId in the create answer only; workflows map it from both.
		return this.helpers.constructExecutionMetaData(
			this.helpers.returnJsonArray({ ...result, versionId }),
			{ itemData: { item: itemIndex } },
		);
	};
}
