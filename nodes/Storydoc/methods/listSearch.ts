import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { storydocApiRequest } from '../transport';

interface StoryListEntry extends IDataObject {
	id: string;
	title: string;
	status: string;
	previewUrl?: string | null;
}

async function search(
	context: ILoadOptionsFunctions,
	filter: string | undefined,
	status?: string,
): Promise<INodeListSearchResult> {
	const stories = (await storydocApiRequest.call(context, {
		method: 'GET',
		path: '/v2/stories',
		qs: status ? { status } : undefined,
	})) as StoryListEntry[];
	const needle = (filter ?? '').trim().toLowerCase();
	const results = stories
		.filter((story) => !needle || String(story.title ?? '').toLowerCase().includes(needle) || story.id === needle)
		.sort((a, b) => String(a.title).localeCompare(String(b.title)))
		.map((story) => ({
			name: status ? story.title : `${story.title} (${story.status})`,
			value: story.id,
			// The story's published address, so the editor links to it; Draft stories have none.
			url: typeof story.previewUrl === 'string' && story.previewUrl ? story.previewUrl : undefined,
		}));
	return { results };
}

/** Live stories only: a version can be created from a Live story and nothing else. */
export async function searchLiveStories(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await search(this, filter, 'Live');
}

/** Every story of the organization, with its status in the name. */
export async function searchStories(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await search(this, filter);
}
