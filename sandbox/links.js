'use strict';
/**
 * The addresses the API hands out. The spec shows their roles, not their hosts: the sandbox uses
 * Storydoc-like hosts, with the editor and details addresses ending in the version id (the node
 * extracts ids from pasted addresses) and the story's editor address ending in the story id.
 */

const EDITOR_HOST = 'https://app.storydoc.com';
const VIEW_HOST = 'https://view.storydoc.com';
const SHORT_HOST = 'https://sdoc.link';

/** @param {string} storyId */
const storyEditorUrl = (storyId) => `${EDITOR_HOST}/editor/${storyId}`;

/** @param {string} storyId */
const storyPreviewUrl = (storyId) => `${VIEW_HOST}/preview/${storyId}`;

/**
 * The four addresses of a version; the public ones are null while the link is off (Draft).
 * @param {{ id: string, storyId: string, draft: boolean }} version
 */
function versionLinks(version) {
	const linkOn = !version.draft;
	return {
		url: linkOn ? `${VIEW_HOST}/v/${version.id}` : null,
		// A short code derived from the id keeps short links stable across resets.
		shortUrl: linkOn ? `${SHORT_HOST}/${parseInt(version.id.slice(-12), 16).toString(36)}` : null,
		editorUrl: `${storyEditorUrl(version.storyId)}/versions/${version.id}`,
		versionUrl: `${EDITOR_HOST}/versions/${version.id}`,
	};
}

module.exports = { storyEditorUrl, storyPreviewUrl, versionLinks };
