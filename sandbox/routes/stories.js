'use strict';
/** GET /v2/stories and GET /v2/stories/{storyId}. */
const { ApiError } = require('../http');
const { OBJECT_ID, assertPlanCovers, assertStoryInScope, storyView } = require('../model');

const STATUSES = ['Draft', 'Live', 'Archived'];

/**
 * Every story of the organization, Live or not; a story-scoped key sees only its story. The plan rule
 * is not applied to the list (it would hide the whole list behind one story's variables). No match is
 * a 404 in Storydoc's published reference (the spec document shows an empty list).
 */
function listStories({ state, caller, query, specOnly }) {
	const status = query.get('status');
	if (status !== null && !STATUSES.includes(status)) {
		throw new ApiError(400, { error: `status must be one of ${STATUSES.join(', ')}` });
	}
	const stories = state.stories
		.filter((story) => status === null || story.status === status)
		.filter((story) => !caller.storyId || story.id === caller.storyId)
		.map(storyView);
	if (stories.length === 0 && !specOnly) throw new ApiError(404, { error: 'No stories found' });
	return stories;
}

/** `include` is accepted and ignored: its values are not in the spec. */
function getStory({ state, caller, params }) {
	if (!OBJECT_ID.test(params.id)) throw new ApiError(400, { error: 'Missing storyId' });
	assertStoryInScope(caller, params.id);
	const story = state.stories.find((candidate) => candidate.id === params.id);
	if (!story) throw new ApiError(404, { error: 'Story not found' });
	assertPlanCovers(story, caller.plan);
	return storyView(story);
}

module.exports = { listStories, getStory };
