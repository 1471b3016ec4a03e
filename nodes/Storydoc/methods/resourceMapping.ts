import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { storyMapperFields } from '../helpers/storyFields';
import { storyOfCurrentNode } from './story';

export async function getStoryVariables(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const story = await storyOfCurrentNode(this);
	const forUpdate = this.getNodeParameter('operation', 'create') === 'update';
	return {
		fields: storyMapperFields(story, forUpdate),
		emptyFieldsNotice: `The story "${story.title ?? story.id}" has no dynamic variables; use Additional Fields › Extra Data (JSON) for free-form values.`,
	};
}
