'use strict';
/** POST /v2/versions, POST /v2/versions/{versionId} and GET /v2/versions/{versionId}. */
const { ApiError, isPlainObject, jsonBody } = require('../http');
const { DAY_MS } = require('../dates');
const { storyEditorUrl } = require('../links');
const {
	assertPlanCovers,
	assertStoryInScope,
	findVisibleVersion,
	requireSender,
	unusedId,
	versionResult,
	versionView,
} = require('../model');

/** A body that is JSON but not an object has no `data.title`, which is the first thing checked. */
const requestObject = (ctx) => {
	const body = jsonBody(ctx);
	return isPlainObject(body) ? body : {};
};

function requireTitle(data) {
	if (!isPlainObject(data) || typeof data.title !== 'string' || data.title.trim() === '') {
		throw new ApiError(400, { error: 'Missing data.title in request body.' });
	}
}

/**
 * Rows of repeatable groups get the fields marked `generated` filled in by the service (24-hex ids,
 * like every other id), nested groups included. Values a caller sent anyway are kept.
 */
function fillGeneratedFields(groups, values, random) {
	for (const group of groups) {
		const rows = values[group.key];
		if (!Array.isArray(rows)) continue;
		for (const row of rows) {
			if (!isPlainObject(row)) continue;
			for (const field of group.fields) {
				if (field.generated && row[field.key] === undefined) row[field.key] = random.objectId();
			}
			fillGeneratedFields(group.children, row, random);
		}
	}
}

/** Checks in the order the API reports them: title, story, story status, sender, plan, expiry. */
function createVersion(ctx) {
	const { state, caller, now, random } = ctx;
	const body = requestObject(ctx);
	requireTitle(body.data);
	assertStoryInScope(caller, body.storyId);
	const story = state.stories.find((candidate) => candidate.id === body.storyId);
	if (!story) throw new ApiError(400, { error: `Story ${body.storyId} not found.` });
	if (story.status !== 'Live') {
		throw new ApiError(400, {
			error: `Story status is not Live, click Share to set it to Live, ${storyEditorUrl(story.id)}`,
		});
	}
	const sender = requireSender(state, body.senderEmail);
	assertPlanCovers(story, caller.plan);
	const { daysToExpire } = body;
	if (daysToExpire !== undefined && !(Number.isInteger(daysToExpire) && daysToExpire >= 1)) {
		throw new ApiError(400, { error: 'daysToExpire must be an integer of at least 1' });
	}

	const data = structuredClone(body.data);
	fillGeneratedFields(story.repeatables, data, random);
	const createdAt = new Date(now).toISOString();
	const version = {
		id: unusedId(state, random),
		storyId: story.id,
		senderEmail: sender.email,
		source: 'API',
		primary: false,
		draft: false,
		manuallyEdited: false,
		hasAcceptButton: story.hasAcceptButton,
		createdAt,
		updatedAt: createdAt,
		expireAt:
			daysToExpire === undefined ? null : new Date(now + daysToExpire * DAY_MS).toISOString(),
		acceptedAt: null,
		data,
	};
	state.versions.push(version);
	return versionResult(version);
}

/**
 * Merges `data` into the version's values at the top level of `data` (a sent key replaces the stored
 * value; keys not sent stay). The version keeps its sender and expiry; the manual-edit mark is cleared.
 * The published reference promises versionId in the create answer only, so the update answer has none.
 */
function updateVersion(ctx) {
	const { state, caller, params, now, random, specOnly } = ctx;
	const body = requestObject(ctx);
	const { version, story } = findVisibleVersion(state, caller, params.id);
	assertStoryInScope(caller, version.storyId);
	requireTitle(body.data);
	requireSender(state, body.senderEmail);
	if (version.manuallyEdited && body.force !== true) {
		throw new ApiError(400, {
			error: 'The version has been edited. Use force=true to override the changes.',
		});
	}
	assertPlanCovers(story, caller.plan);

	version.data = { ...version.data, ...structuredClone(body.data) };
	fillGeneratedFields(story.repeatables, version.data, random);
	version.updatedAt = new Date(now).toISOString();
	version.manuallyEdited = false;
	const result = versionResult(version);
	if (!specOnly) delete result.versionId;
	return result;
}

/** `include` is accepted and ignored: its values are not in the spec. */
function getVersion({ state, caller, params, now }) {
	const { version, story } = findVisibleVersion(state, caller, params.id);
	assertStoryInScope(caller, version.storyId);
	assertPlanCovers(story, caller.plan);
	return versionView(state, version, story, now);
}

module.exports = { createVersion, updateVersion, getVersion };
