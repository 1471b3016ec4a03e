import type { INodeProperties, INodePropertyRegexValidation } from 'n8n-workflow';

/** Only a fallback for other readers: the node reads a pasted address itself (helpers/locatorValues.ts). */
export const LAST_PATH_SEGMENT_URL_REGEX =
	'^https?://[^\\s/?#]+(?:/[^\\s?#]*)?/([^\\s/?#]+)/?(?:[?#]\\S*)?$';
const EDITOR_SEGMENT_URL_REGEX = '^https?://\\S*?/editor/([^\\s/?#]+)';
/** A bare value the ID mode takes as it is: no spaces, slashes, query or fragment. */
export const ID_REGEX = '^[^\\s/?#]+$';
/** How every ID in Storydoc's API reference looks: 24 lowercase hexadecimal characters. */
export const STORYDOC_ID_REGEX = '^[0-9a-fA-F]{24}$';
/** What every mode of a field reads to its ID: docs/development.md › Design notes (resource locators). */
export const ACCEPTED = {
	Story:
		"its ID (24 hexadecimal characters), its editor address …/pages/editor/<story ID>, a version's editorUrl or versionUrl (the story it was made from), or an address with ?storyId=<story ID>",
	Version:
		'its ID (24 hexadecimal characters), its editorUrl …/pages/editor/<story ID>/<version ID>, its versionUrl …/pages/editor/<story ID>/versions/<version ID>, or an address with ?versionId=<version ID>',
} as const;
type Field = keyof typeof ACCEPTED;

// The editor's checks of a typed value; what they let through that names no ID, the node refuses.
/** http(s) with a digit after the host: the shape of every address that carries an ID. */
const ADDRESS_WITH_DIGIT = 'https?://[^\\s/?#]+[/?#]\\S*[0-9]\\S*';
/** Anything but a public link (`url` on www.storydoc.com/<16 hex>/…, `shortUrl` on view.storydoc.com). */
const NOT_A_PUBLIC_LINK =
	'(?!https?://(?:www\\.)?storydoc\\.com/[0-9a-fA-F]{16}/)(?!https?://view\\.storydoc\\.com/[^\\s/?#]+/?(?:[?#]\\S*)?$)[\\s\\S]*';

const regex = (pattern: string, errorMessage: string): INodePropertyRegexValidation => ({
	type: 'regex',
	properties: { regex: pattern, errorMessage },
});

const notAPublicLink = (field: Field) =>
	regex(
		NOT_A_PUBLIC_LINK,
		`"${field}" is a public link, which carries no ${field.toLowerCase()} ID. Accepted: ${ACCEPTED[field]}`,
	);

/** The ID mode: a bare ID, or an address (empty is left to the field's required check). */
const idModeValidation = (field: Field): INodePropertyRegexValidation[] => [
	notAPublicLink(field),
	regex(
		`(?:|[^\\s/?#]+|${ADDRESS_WITH_DIGIT})`,
		`"${field}" is not an ID (no spaces or slashes) or an address with one. Accepted: ${ACCEPTED[field]}`,
	),
];

/** The URL mode: an address, or a bare Storydoc ID. */
const urlModeValidation = (field: Field): INodePropertyRegexValidation[] => [
	notAPublicLink(field),
	regex(
		`(?:|[0-9a-fA-F]{24}|${ADDRESS_WITH_DIGIT})`,
		`"${field}" is not a ${field.toLowerCase()} address with an ID. Accepted: ${ACCEPTED[field]}`,
	),
];

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
				hint: `Accepted: ${ACCEPTED.Story}`,
				validation: urlModeValidation('Story'),
				extractValue: { type: 'regex', regex: EDITOR_SEGMENT_URL_REGEX },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: '61b1e50223b713000a41ca74',
				hint: "A story's or version's editor address is read to the story's ID too",
				validation: idModeValidation('Story'),
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
		'The personalized version: its ID, editorUrl or versionUrl, in either mode (not its public link)',
	modes: [
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '66a0b1c2d3e4f5a6b7c8d9e0',
			hint: 'Its editorUrl or versionUrl is read to its ID too; public links (url, shortUrl) carry none',
			validation: idModeValidation('Version'),
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder:
				'https://app.storydoc.com/pages/editor/61b1e50223b713000a41ca74/66a0b1c2d3e4f5a6b7c8d9e0',
			hint: `Accepted: ${ACCEPTED.Version}. Public links (url, shortUrl) carry no ID.`,
			validation: urlModeValidation('Version'),
			extractValue: { type: 'regex', regex: LAST_PATH_SEGMENT_URL_REGEX },
		},
	],
};
