'use strict';
/**
 * Rules over the in-memory state that several routes share: who can open what, which plan a story
 * needs, a version's status, and the API's view of stories, folders and versions (internal fields
 * such as `folderId`, `draft` or the link password never leave through these views).
 */
const { ApiError } = require('./http');
const { storyPreviewUrl, versionLinks } = require('./links');

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** Plans from lowest to highest. */
const PLANS = ['starter', 'pro', 'team'];

/**
 * The lowest plan each variable type needs; types not listed are on every plan. The spec does not say
 * which variables are plan-gated: the sandbox gates these two types so every 403 case can be tried.
 */
const VARIABLE_TYPE_PLANS = { video: 'pro', calendar: 'team' };

const planRank = (plan) => PLANS.indexOf(plan);

/** @param {string} email */
function findUser(state, email) {
	if (typeof email !== 'string') return undefined;
	const wanted = email.trim().toLowerCase();
	return state.users.find((user) => user.email.toLowerCase() === wanted);
}

/** The sender a request names, or the API's 400 for an email that is no user of the organization. */
function requireSender(state, senderEmail) {
	const sender = findUser(state, senderEmail);
	if (!sender)
		throw new ApiError(400, { error: `senderEmail ${senderEmail} not found in this organization` });
	return sender;
}

/** A new 24-hex id that no story or version has yet. */
function unusedId(state, random) {
	let id;
	do id = random.objectId();
	while (
		state.stories.some((story) => story.id === id) ||
		state.versions.some((version) => version.id === id)
	);
	return id;
}

/**
 * Whether `user` can open the folder: organization admins open every folder; otherwise it must be
 * shared with everyone or list the user. Membership of a parent folder does not count.
 */
function canOpenFolder(state, folderId, user) {
	if (folderId === null) return true;
	if (user.role === 'admin') return true;
	const folder = state.folders.find((candidate) => candidate.id === folderId);
	if (!folder) return false;
	return folder.sharedWithEveryone || folder.members.some((member) => member.email === user.email);
}

/** Throws 403 VARIABLES_PLAN_REQUIRED when the story uses variables above `plan`. */
function assertPlanCovers(story, plan) {
	const variables = Object.entries(story.dynamicVariables)
		.map(([key, definition]) => ({ name: key, requiredPlan: VARIABLE_TYPE_PLANS[definition.type] }))
		.filter(
			(variable) => variable.requiredPlan && planRank(variable.requiredPlan) > planRank(plan),
		);
	if (variables.length === 0) return;
	const requiredPlan = variables.reduce(
		(highest, variable) =>
			planRank(variable.requiredPlan) > planRank(highest) ? variable.requiredPlan : highest,
		variables[0].requiredPlan,
	);
	throw new ApiError(403, {
		error: 'This story uses variables that are not included in your plan',
		code: 'VARIABLES_PLAN_REQUIRED',
		requiredPlan,
		variables,
	});
}

/** A story-scoped key may touch only its own story: anything else is 403 like a wrong key. */
function assertStoryInScope(caller, storyId) {
	if (caller.storyId && caller.storyId !== storyId)
		throw new ApiError(403, { error: 'Access denied' });
}

/**
 * The version as the version list would show it to the caller, or 404: unknown ids, a story's primary
 * version, versions of stories that are not Live, and versions in folders the key's creator cannot open.
 */
function findVisibleVersion(state, caller, versionId) {
	const version = OBJECT_ID.test(versionId)
		? state.versions.find((candidate) => candidate.id === versionId)
		: undefined;
	const story = version && state.stories.find((candidate) => candidate.id === version.storyId);
	if (
		!version ||
		version.primary ||
		!story ||
		story.status !== 'Live' ||
		!canOpenFolder(state, story.folderId, caller.creator)
	) {
		throw new ApiError(404, { error: 'Version not found' });
	}
	return { version, story };
}

/** Draft wins (the link is off), then Accepted, then Expired; otherwise Live. */
function versionStatus(version, nowMs) {
	if (version.draft) return 'Draft';
	if (version.acceptedAt) return 'Accepted';
	if (version.expireAt && Date.parse(version.expireAt) <= nowMs) return 'Expired';
	return 'Live';
}

/** @returns the Story object of the API */
function storyView(story) {
	return {
		id: story.id,
		status: story.status,
		previewUrl: story.status === 'Draft' ? null : storyPreviewUrl(story.id),
		createdAt: story.createdAt,
		title: story.title,
		dynamicVariables: structuredClone(story.dynamicVariables),
		repeatables: structuredClone(story.repeatables),
	};
}

/** The `folder` object of a Version: path from the root, and members only when not shared. */
function folderView(state, folderId) {
	const folder = state.folders.find((candidate) => candidate.id === folderId);
	if (!folder) return null;
	const path = [];
	for (
		let current = folder;
		current;
		current = state.folders.find((candidate) => candidate.id === current.parentId)
	) {
		path.unshift(current.name);
	}
	return {
		id: folder.id,
		name: folder.name,
		path,
		sharedWithEveryone: folder.sharedWithEveryone,
		members: folder.sharedWithEveryone
			? []
			: folder.members.map((member) => ({
					name: findUser(state, member.email)?.name ?? null,
					email: member.email,
					role: member.role,
				})),
	};
}

/** @returns the Version object of the API: every field of the spec's table, never the password */
function versionView(state, version, story, nowMs) {
	const sender = findUser(state, version.senderEmail);
	const data = structuredClone(version.data);
	delete data.password;
	return {
		id: version.id,
		title: typeof version.data.title === 'string' ? version.data.title : null,
		status: versionStatus(version, nowMs),
		storyId: version.storyId,
		storyTitle: story.title,
		folder: folderView(state, story.folderId),
		sender: sender
			? { name: sender.name, email: sender.email }
			: { name: null, email: version.senderEmail ?? null },
		...versionLinks(version),
		isPublic: version.expireAt === null,
		expireAt: version.expireAt,
		hasAcceptButton: version.hasAcceptButton,
		acceptedAt: version.acceptedAt,
		source: version.source,
		createdAt: version.createdAt,
		updatedAt: version.updatedAt,
		data,
	};
}

/** The create and update result: the version's four addresses and its id. */
function versionResult(version) {
	return { ...versionLinks(version), versionId: version.id };
}

module.exports = {
	OBJECT_ID,
	assertPlanCovers,
	assertStoryInScope,
	findUser,
	findVisibleVersion,
	requireSender,
	storyView,
	unusedId,
	versionResult,
	versionView,
};
