import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { repeatableFieldOptions } from '../helpers/storyFields';
import { storyOfCurrentNode } from './story';

export async function getRepeatableFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return repeatableFieldOptions(await storyOfCurrentNode(this));
}
