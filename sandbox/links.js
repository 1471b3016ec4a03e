'use strict';
/**
 * The addresses the API hands out, in the shapes of Storydoc's published API reference: the public
 * link `www.storydoc.com/<16 hex>/<UUID>` and the short link `view.storydoc.com/<code>` carry no ID;
 * the editorUrl is `…/pages/editor/<storyId>/<versionId>`, the versionUrl
 * `…/pages/editor/<storyId>/versions/<versionId>`, a story's editor address `…/pages/editor/<storyId>`.
 * The parts that carry no ID are derived from the ids, so links stay stable across resets.
 */
const { createHash } = require('node:crypto');

const APP_HOST = 'https://app.storydoc.com';
const EDITOR_HOST = 'https://editor.storydoc.com';
const PUBLIC_HOST = 'https://www.storydoc.com';
const VIEW_HOST = 'https://view.storydoc.com';

/** @param {string} text */
const digest = (text) => createHash('sha256').update(text).digest('hex');

/** @param {string} storyId */
const storyEditorUrl = (storyId) => `${EDITOR_HOST}/pages/editor/${storyId}`;

/** The spec names a story's previewUrl without showing its shape. @param {string} storyId */
const storyPreviewUrl = (storyId) => `${VIEW_HOST}/preview/${storyId}`;

/** @param {string} versionId */
function publicLinks(versionId) {
	const hash = digest(versionId);
	const uuid = `${hash.slice(0, 8)}-${hash.slice(8, 12)}-4${hash.slice(13, 16)}-8${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
	return {
		url: `${PUBLIC_HOST}/${digest(`org:${versionId}`).slice(0, 16)}/${uuid}`,
		shortUrl: `${VIEW_HOST}/${BigInt(`0x${hash.slice(32, 48)}`)
			.toString(36)
			.slice(-6)
			.padStart(6, '0')}`,
	};
}

/**
 * The four addresses of a version; the public ones are null while the link is off (Draft).
 * @param {{ id: string, storyId: string, draft: boolean }} version
 */
function versionLinks(version) {
	const { url, shortUrl } = publicLinks(version.id);
	return {
		url: version.draft ? null : url,
		shortUrl: version.draft ? null : shortUrl,
		editorUrl: `${APP_HOST}/pages/editor/${version.storyId}/${version.id}`,
		versionUrl: `${APP_HOST}/pages/editor/${version.storyId}/versions/${version.id}`,
	};
}

module.exports = { storyEditorUrl, storyPreviewUrl, versionLinks };
