import type { INodeProperties, INodePropertyRegexValidation } from 'n8n-workflow';

/**
 * The node reads a pasted address itself (helpers/locators.ts); n8n's `extractValue` below is only
 * the plain fallback for other readers of the parameter.
 */
export const LAST_PATH_SEGMENT_URL_REGEX =
	'^https?://[^\\s/?#]+(?:/[^\\s?#]*)?/([^\\s/?#]+)/?(?:[?#]\\S*)?$';
/** The first segment after `/editor/`: the story ID in every editor address Storydoc hands out. */
const EDITOR_SEGMENT_URL_REGEX = '^https?://\\S*?/editor/([^\\s/?#]+)';
export const ID_REGEX = '^[^\\s/?#]+$';
/** How every ID in Storydoc's API reference looks: 24 lowercase hexadecimal characters. */
export const STORYDOC_ID_REGEX = '^[0-9a-fA-F]{24}$';
/** The address forms By URL accepts, as the editor's hint and validation and the node's errors say them. */
export const ACCEPTED_ADDRESSES = {
	Story:
		"the story's editor address …/pages/editor/<story ID>, a version's editorUrl or versionUrl (the story it was made from), or an address with ?storyId=<story ID>",
	Version:
		'the editorUrl …/pages/editor/<story ID>/<version ID>, the versionUrl …/pages/editor/<story ID>/versions/<version ID>, or an address with ?versionId=<version ID>',
} as const;
/**
 * What the editor accepts as an address before the node reads it: http(s), with a digit after the
 * host, and not one of Storydoc's public links (`url`, `shortUrl`), which carry no ID.
 */
const ADDRESS_WITH_ID_REGEX =
	'^(?!https?://(?:www\\.)?storydoc\\.com/[0-9a-fA-F]{16}/)(?!https?://view\\.storydoc\\.com/[^\\s/?#]+/?(?:[?#]\\S*)?$)https?://[^\\s/?#]+[/?#]\\S*[0-9]\\S*$';

const addressValidation = (expected: string): INodePropertyRegexValidation => ({
	type: 'regex',
	properties: {
		regex: ADDRESS_WITH_ID_REGEX,
		errorMessage: `Not a Storydoc address with an ID (public and short links carry none): expected ${expected}`,
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
				placeholder: 'https://editor.storydoc.com/pages/editor/61b1e50223b713000a41ca74',
				hint: `Accepted: ${ACCEPTED_ADDRESSES.Story}`,
				validation: [addressValidation(ACCEPTED_ADDRESSES.Story)],
				extractValue: { type: 'regex', regex: EDITOR_SEGMENT_URL_REGEX },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: '61b1e50223b713000a41ca74',
				validation: [ID_VALIDATION],
			},
		],
	};
}

/** A Live story (the only kind a version can be created from): list, editor address, or ID. */
export const liveStoryLocator = storyLocatorWith(
	'searchLiveStories',
	'The Live story (template) to personalize',
);

/** Any story of the organization: list (with status), editor address, or ID. */
export const storyLocator = storyLocatorWith('searchStories', 'The story (template)');

/** A version by its versionUrl / editorUrl or by ID; the API cannot list versions. */
export const versionLocator: INodeProperties = {
	displayName: 'Version',
	name: 'versionId',
	type: 'resourceLocator',
	default: { mode: 'id', value: '' },
	required: true,
	description:
		'The personalized version: its editorUrl or versionUrl, or its ID (not its public link)',
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
			placeholder:
				'https://app.storydoc.com/pages/editor/61b1e50223b713000a41ca74/66a0b1c2d3e4f5a6b7c8d9e0',
			hint: `Accepted: ${ACCEPTED_ADDRESSES.Version}. Public links (url, shortUrl) carry no ID.`,
			validation: [addressValidation(ACCEPTED_ADDRESSES.Version)],
			extractValue: { type: 'regex', regex: LAST_PATH_SEGMENT_URL_REGEX },
		},
	],
};
