import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { repeatableFieldOptions } from '../helpers/storyFields';
import { storyOfCurrentNode } from './story';

/** Fields of the story's repeatable groups (nested ones included) for the Repeatable Rows list. */
export async function getRepeatableFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return repeatableFieldOptions(await storyOfCurrentNode(this));
}
