import type { INodeProperties, INodePropertyRegexValidation } from 'n8n-workflow';

/**
 * Storydoc ids are opaque strings. The node reads a pasted address itself (helpers/locators.ts:
 * the `storyId` / `versionId` query parameter, the segment after `editor` / `versions`, or the last
 * path segment); n8n's `extractValue` below is its plain fallback, the last path segment (the
 * API reference: "the last path segment of the story's editor address").
 */
export const LAST_PATH_SEGMENT_URL_REGEX =
	'^https?://[^\\s/?#]+(?:/[^\\s?#]*)?/([^\\s/?#]+)/?(?:[?#]\\S*)?$';
export const ID_REGEX = '^[^\\s/?#]+$';
/** The address forms By URL accepts, as the editor's hint and validation and the node's errors say them. */
export const ACCEPTED_ADDRESSES = {
	Story: '…/editor/<story ID>, or an address with ?storyId=<story ID>',
	Version: '…/versions/<version ID>, or an address with ?versionId=<version ID>',
} as const;
/** What the editor accepts as an address before the node reads it: http(s), with a digit after the host. */
const ADDRESS_WITH_ID_REGEX = '^https?://[^\\s/?#]+[/?#]\\S*[0-9]\\S*$';

const addressValidation = (expected: string): INodePropertyRegexValidation => ({
	type: 'regex',
	properties: {
		regex: ADDRESS_WITH_ID_REGEX,
		errorMessage: `Not a Storydoc address with an ID: expected ${expected}`,
	},
});

const ID_VALIDATION: INodePropertyRegexValidation = {
	type: 'regex',
	properties: { regex: ID_REGEX, errorMessage: 'An ID has no spaces or slashes' },
};

/** A story picked from a list (the given list search method), by editor address, or by ID. */
function storyLocatorWith(searchListMethod: string, description: string): INodeProperties {
	return {
		displayName: 'Story',
		name: 'storyId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: 'https://app.storydoc.com/pages/editor/65f1c2a9e4b0a1b2c3d4e5f6',
				hint: `The story's editor address: ${ACCEPTED_ADDRESSES.Story}`,
				validation: [addressValidation(ACCEPTED_ADDRESSES.Story)],
				extractValue: { type: 'regex', regex: LAST_PATH_SEGMENT_URL_REGEX },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: '65f1c2a9e4b0a1b2c3d4e5f6',
				validation: [ID_VALIDATION],
			},
		],
	};
}

/** A Live story (the only kind a version can be created from): list, editor address, or ID. */
export const liveStoryLocator = storyLocatorWith('searchLiveStories', 'The Live story (template) to personalize');

/** Any story of the organization: list (with status), editor address, or ID. */
export const storyLocator = storyLocatorWith('searchStories', 'The story (template)');

/** A version by its versionUrl / editorUrl or by ID; the API cannot list versions. */
export const versionLocator: INodeProperties = {
	displayName: 'Version',
	name: 'versionId',
	type: 'resourceLocator',
	default: { mode: 'id', value: '' },
	required: true,
	description: 'The personalized version: its versionUrl or editorUrl, or its ID',
	modes: [
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '66a0b1c2d3e4f5a6b7c8d9e0',
			validation: [ID_VALIDATION],
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'https://app.storydoc.com/versions/66a0b1c2d3e4f5a6b7c8d9e0',
			hint: `The version's versionUrl or editorUrl: ${ACCEPTED_ADDRESSES.Version}`,
			validation: [addressValidation(ACCEPTED_ADDRESSES.Version)],
			extractValue: { type: 'regex', regex: LAST_PATH_SEGMENT_URL_REGEX },
		},
	],
};
