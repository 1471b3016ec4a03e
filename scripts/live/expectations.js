'use strict';
/**
 * What the node and the sandbox assume about Storydoc's answers, as data, in one place: `npm run
 * test:live` (scripts/live/run.js) holds a real account's answers against these, and against the
 * local sandbox's answers to the same requests, and lists every difference. When Storydoc changes on
 * purpose, change the node, the sandbox and the line here together.
 */

const HEX = '[0-9a-f]';
const UUID = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`;
const OBJECT_ID = `${HEX}{24}`;

/**
 * Shapes of IDs, dates and addresses: a pattern, and how the report names it. In an address, the
 * groups `storyId` and `versionId` must name the answer's own story and version.
 */
const SHAPES = {
	objectId: { pattern: new RegExp(`^${OBJECT_ID}$`), says: '24 lowercase hex' },
	eventId: { pattern: new RegExp(`^evt_${HEX}{16}$`), says: 'evt_ + 16 hex' },
	visitorId: { pattern: new RegExp(`^vis_${HEX}{16}$`), says: 'vis_ + 16 hex' },
	uuid: { pattern: new RegExp(`^${UUID}$`, 'i'), says: 'a UUID' },
	dateTime: {
		pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
		says: 'an ISO 8601 date-time',
	},
	// Public links carry no ID: the node refuses them in the "By URL" modes.
	url: {
		pattern: new RegExp(`^https://www\\.storydoc\\.com/${HEX}{16}/${UUID}$`),
		says: 'https://www.storydoc.com/<16 hex>/<UUID>',
	},
	shortUrl: {
		pattern: /^https:\/\/view\.storydoc\.com\/[A-Za-z0-9]+$/,
		says: 'https://view.storydoc.com/<code>',
	},
	// The node reads the version (and the story) from these two in the "By URL" modes.
	editorUrl: {
		pattern: new RegExp(
			`^https://app\\.storydoc\\.com/pages/editor/(?<storyId>${OBJECT_ID})/(?<versionId>${OBJECT_ID})$`,
		),
		says: 'https://app.storydoc.com/pages/editor/<storyId>/<versionId>',
	},
	versionUrl: {
		pattern: new RegExp(
			`^https://app\\.storydoc\\.com/pages/editor/(?<storyId>${OBJECT_ID})/versions/(?<versionId>${OBJECT_ID})$`,
		),
		says: 'https://app.storydoc.com/pages/editor/<storyId>/versions/<versionId>',
	},
};

/** Which field of which answer has which shape (null values are not checked: Draft links, no expiry). */
const FIELDS = {
	account: { orgId: 'objectId' },
	story: { id: 'objectId', createdAt: 'dateTime' },
	version: {
		id: 'objectId',
		storyId: 'objectId',
		url: 'url',
		shortUrl: 'shortUrl',
		editorUrl: 'editorUrl',
		versionUrl: 'versionUrl',
		expireAt: 'dateTime',
		acceptedAt: 'dateTime',
		createdAt: 'dateTime',
		updatedAt: 'dateTime',
	},
	/** The answer of Version › Create and Update. */
	versionResult: {
		versionId: 'objectId',
		url: 'url',
		shortUrl: 'shortUrl',
		editorUrl: 'editorUrl',
		versionUrl: 'versionUrl',
	},
	event: {
		sessionId: 'uuid',
		eventId: 'eventId',
		visitorId: 'visitorId',
		timestamp: 'dateTime',
		storyId: 'objectId',
		versionId: 'objectId',
		versionCreatedAt: 'dateTime',
	},
	/** Any error answer. */
	error: { errorId: 'uuid' },
};

/**
 * Where the shape comparison looks below an answer's top level (an array by its first element).
 * Everything else nested holds the account's own keys (a version's `data`, a story's variables).
 */
const NESTED = {
	version: ['folder', 'sender'],
	events: ['data', 'pagination'],
};

/**
 * A story list with no match. Storydoc's published reference answers 404 "No stories found" (the
 * sandbox's default; the node reads it as an empty list); the older spec document shows 200 [].
 */
const EMPTY_STORY_LIST = { status: 404, body: { error: 'No stories found' } };

/** Analytics on a plan without it: the check reports "skipped", not a failure. */
const ANALYTICS_PLAN_REFUSAL = {
	status: 403,
	error: 'Analytics API is available on the Team plan only',
};

/**
 * The node paces the version endpoints by these headers (transport/rateLimit.ts); the sandbox sends
 * both on every answer. `maximum` is the published limit: 150 version requests a minute per IP.
 */
const RATE_LIMIT = { headers: ['x-rate-limit-counter', 'x-rate-limit-maximum'], maximum: 150 };

/** Storydoc's reference promises versionId in the create answer only; the node adds it to the update's. */
const UPDATE_ANSWER_HAS_VERSION_ID = false;

/**
 * Variable types in a story's `dynamicVariables`. `handled`: the node maps these itself
 * (helpers/storyFields.ts `variableKind`). `sentAsText`: sent as text on purpose (the sandbox seeds
 * them and the tests check it). Any other type is reported: the node sends it as text, unchecked.
 */
const VARIABLE_TYPES = {
	handled: ['number', 'date', 'logo', 'array'],
	sentAsText: ['text', 'link', 'richtext', 'video', 'calendar'],
};

/**
 * How a public link in the Version field's "By URL" mode is refused, before any request: pasted, by
 * the field's validation (the workflow does not run); from an expression, by the node itself.
 */
const PUBLIC_LINK_REFUSAL = {
	// n8n 1.x's engine reports a field's failed validation only as "The workflow has issues …".
	pasted:
		/is a public link, which carries no version ID|^The workflow has issues and cannot be executed/,
	expression: /is a public link, which carries no version ID/,
};

module.exports = {
	SHAPES,
	FIELDS,
	NESTED,
	EMPTY_STORY_LIST,
	ANALYTICS_PLAN_REFUSAL,
	RATE_LIMIT,
	UPDATE_ANSWER_HAS_VERSION_ID,
	VARIABLE_TYPES,
	PUBLIC_LINK_REFUSAL,
};
