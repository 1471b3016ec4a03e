'use strict';
/**
 * POST /v2/stories/generate, as Storydoc's public API reference describes it: a new Live story from a
 * prompt, owned by the sender, with its live link. What the reference does not show is the sandbox's
 * own choice, kept small: the answer's address keys (named like a version's: url, shortUrl,
 * editorUrl, next to the documented pageId and versionId), the 400 texts, the supported presentation
 * types, and the generated story's few text variables.
 */
const { ApiError, isPlainObject, jsonBody } = require('../http');
const { requireSender, unusedId } = require('../model');
const { storyEditorUrl, versionLinks } = require('../links');

/** The reference's default; the others are the sandbox's stand-ins for a list the reference does not show. */
const PRESENTATION_TYPES = [
	'General presentation',
	'Sales proposal',
	'One-pager',
	'Pitch deck',
	'Case study',
];
const PRESENTATION_TYPE_KEY = 'presentation type';

/** A bare domain or an address: the hostname, as Storydoc extracts it. */
function hostname(website) {
	const match = /^(?:https?:\/\/)?([^\s/?#:]+)/i.exec(website.trim());
	return match ? match[1].toLowerCase() : undefined;
}

/** Text variables a generated presentation can be personalized with. */
const GENERATED_VARIABLES = ['first_name', 'last_name', 'company', 'email'].map((key) => [
	key,
	{
		type: 'text',
		name: key,
		title: key.replace('_', ' ').replace(/^./, (first) => first.toUpperCase()),
		default: '',
		tip: '',
	},
]);

function generateStory(ctx) {
	const { state, now, random } = ctx;
	const body = jsonBody(ctx);
	const request = isPlainObject(body) ? body : {};
	if (typeof request.prompt !== 'string' || request.prompt.trim() === '') {
		throw new ApiError(400, { error: 'prompt must not be empty' });
	}
	const sender = requireSender(state, request.senderEmail);
	const type = request[PRESENTATION_TYPE_KEY] ?? PRESENTATION_TYPES[0];
	if (!PRESENTATION_TYPES.includes(type)) {
		throw new ApiError(400, {
			error: `presentation type must be one of ${PRESENTATION_TYPES.join(', ')}`,
		});
	}
	const company =
		typeof request.company === 'string' && request.company.trim()
			? request.company.trim()
			: typeof request.website === 'string'
				? hostname(request.website)
				: undefined;

	const createdAt = new Date(now).toISOString();
	const story = {
		id: unusedId(state, random),
		title: `${company ? `${company}: ` : ''}${request.prompt.trim().slice(0, 60)}`,
		status: 'Live',
		folderId: null,
		hasAcceptButton: false,
		createdAt,
		dynamicVariables: Object.fromEntries(
			GENERATED_VARIABLES.map(([key, variable]) => [key, { ...variable }]),
		),
		repeatables: [],
		generated: {
			presentationType: type,
			website: request.website ?? null,
			ownerEmail: sender.email,
		},
	};
	state.stories.push(story);
	// The story's own primary version carries its live link (the API never lists primary versions).
	const primary = {
		id: unusedId(state, random),
		storyId: story.id,
		senderEmail: sender.email,
		source: 'API',
		primary: true,
		draft: false,
		manuallyEdited: false,
		hasAcceptButton: false,
		createdAt,
		updatedAt: createdAt,
		expireAt: null,
		acceptedAt: null,
		data: { title: story.title },
	};
	state.versions.push(primary);
	const { url, shortUrl } = versionLinks(primary);
	return {
		url,
		shortUrl,
		editorUrl: storyEditorUrl(story.id),
		pageId: story.id,
		versionId: primary.id,
	};
}

module.exports = { generateStory, PRESENTATION_TYPES };
