import type { INodeProperties, INodePropertyRegexValidation } from 'n8n-workflow';

/** Only a fallback for other readers: the node reads a pasted address itself (helpers/locators.ts). */
export const LAST_PATH_SEGMENT_URL_REGEX =
	'^https?://[^\\s/?#]+(?:/[^\\s?#]*)?/([^\\s/?#]+)/?(?:[?#]\\S*)?$';
const EDITOR_SEGMENT_URL_REGEX = '^https?://\\S*?/editor/([^\\s/?#]+)';
export const ID_REGEX = '^[^\\s/?#]+$';
/** How every ID in Storydoc's API reference looks: 24 lowercase hexadecimal characters. */
export const STORYDOC_ID_REGEX = '^[0-9a-fA-F]{24}$';
export const ACCEPTED_ADDRESSES = {
	Story:
		"the story's editor address …/pages/editor/<story ID>, a version's editorUrl or versionUrl (the story it was made from), or an address with ?storyId=<story ID>",
	Version:
		'the editorUrl …/pages/editor/<story ID>/<version ID>, the versionUrl …/pages/editor/<story ID>/versions/<version ID>, or an address with ?versionId=<version ID>',
} as const;
/** http(s) with a digit after the host, and not a public link (`url`, `shortUrl`): those carry no ID. */
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

export const liveStoryLocator = storyLocatorWith(
	'searchLiveStories',
	'The Live story (template) to personalize',
);

export const storyLocator = storyLocatorWith('searchStories', 'The story (template)');

/** No list mode: the API cannot list versions. */
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
