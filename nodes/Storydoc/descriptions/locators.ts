import type { INodeProperties, INodePropertyRegexValidation } from 'n8n-workflow';

/**
 * Storydoc ids are opaque strings; in an editor or platform address the id is the last path
 * segment (the spec: "the last path segment of the story's editor address").
 */
export const LAST_PATH_SEGMENT_URL_REGEX =
	'^https?://[^\\s/?#]+(?:/[^\\s?#]*)?/([^\\s/?#]+)/?(?:[?#]\\S*)?$';
export const ID_REGEX = '^[^\\s/?#]+$';

const URL_VALIDATION: INodePropertyRegexValidation = {
	type: 'regex',
	properties: {
		regex: LAST_PATH_SEGMENT_URL_REGEX,
		errorMessage: 'Not a Storydoc address: expected an http(s) URL ending in the ID',
	},
};

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
				placeholder: 'https://app.storydoc.com/editor/65f1c2a9e4b0a1b2c3d4e5f6',
				validation: [URL_VALIDATION],
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

/** A version by its versionUrl / editorUrl (both end in the version ID) or by ID; the API cannot list versions. */
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
			validation: [URL_VALIDATION],
			extractValue: { type: 'regex', regex: LAST_PATH_SEGMENT_URL_REGEX },
		},
	],
};
