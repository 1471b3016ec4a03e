import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { StorydocContext } from './context';
import { storydocApiRequest } from './request';

export interface StoryListEntry extends IDataObject {
	id: string;
	title: string;
	status: string;
	previewUrl?: string | null;
}

/** Storydoc answers 404 "No stories found" when no story matches: that is an empty list. */
const isNoStoriesFound = (error: unknown) =>
	error instanceof NodeApiError &&
	error.httpCode === '404' &&
	/no stories found/i.test(error.message);

export async function listStories(
	this: StorydocContext,
	status?: string,
	itemIndex?: number,
): Promise<StoryListEntry[]> {
	let stories: unknown;
	try {
		stories = await storydocApiRequest.call(this, {
			method: 'GET',
			path: '/v2/stories',
			qs: status ? { status } : undefined,
			itemIndex,
		});
	} catch (error) {
		// The transport only throws NodeApiError and NodeOperationError, which pass on unchanged.
		if (isNoStoriesFound(error)) return [];
		throw error as NodeApiError;
	}
	if (!Array.isArray(stories)) {
		throw new NodeOperationError(
			this.getNode(),
			'The Storydoc API answered GET /v2/stories without a list of stories',
			{
				itemIndex,
			},
		);
	}
	return stories as StoryListEntry[];
}
