import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { listStories } from '../transport/stories';

/** An empty list's only entry, saying why; its empty value leaves the field unset. */
const explanation = (text: string): INodeListSearchItems => ({ name: text, value: '' });
const NO_LIVE_STORY = explanation(
	'No Live story yet: open a story in Storydoc and click Share to make it Live',
);
const NO_STORY = explanation(
	'No story yet, or none this API key may see (a key can be limited to chosen stories)',
);

async function search(
	context: ILoadOptionsFunctions,
	filter: string | undefined,
	status?: string,
): Promise<INodeListSearchResult> {
	const stories = await listStories.call(context, status);
	if (stories.length === 0) return { results: [status === 'Live' ? NO_LIVE_STORY : NO_STORY] };
	const needle = (filter ?? '').trim().toLowerCase();
	const results = stories
		.filter(
			(story) =>
				!needle ||
				String(story.title ?? '')
					.toLowerCase()
					.includes(needle) ||
				story.id === needle,
		)
		.sort((a, b) => String(a.title).localeCompare(String(b.title)))
		.map((story) => ({
			name: status ? story.title : `${story.title} (${story.status})`,
			value: story.id,
			// The story's published address, so the editor links to it; Draft stories have none.
			url: typeof story.previewUrl === 'string' && story.previewUrl ? story.previewUrl : undefined,
		}));
	return { results };
}

/** A version can be created from a Live story only. */
export async function searchLiveStories(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await search(this, filter, 'Live');
}

export async function searchStories(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await search(this, filter);
}
