import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { idFromLocator } from '../helpers/locatorValues';
import type { StoryDefinition } from '../helpers/storyFields';
import { pathSegment, storydocApiRequest } from '../transport';

/** On Update, the story the chosen version was made from: the update body names no story. */
export async function storyOfCurrentNode(context: ILoadOptionsFunctions): Promise<StoryDefinition> {
	const operation = context.getNodeParameter('operation', 'create') as string;
	let storyId: string | undefined;
	if (operation === 'update') {
		const versionId = idFromLocator(
			context.getNodeParameter('versionId', undefined, { extractValue: false }),
			'Version',
		);
		if (!versionId) {
			throw new NodeOperationError(
				context.getNode(),
				'Set "Version" to load the variables of its story',
				{
					level: 'warning',
				},
			);
		}
		const version = (await storydocApiRequest.call(context, {
			method: 'GET',
			path: `/v2/versions/${pathSegment(versionId)}`,
		})) as IDataObject;
		storyId = typeof version.storyId === 'string' ? version.storyId : undefined;
	} else {
		storyId = idFromLocator(
			context.getNodeParameter('storyId', undefined, { extractValue: false }),
			'Story',
		);
	}
	if (!storyId) {
		throw new NodeOperationError(context.getNode(), 'Choose a story to load its variables', {
			level: 'warning',
		});
	}
	return (await storydocApiRequest.call(context, {
		method: 'GET',
		path: `/v2/stories/${pathSegment(storyId)}`,
	})) as StoryDefinition;
}
