/**
 * The forms a user, a CRM field or a model may give a Story or Version field, taken from the sandbox
 * the way a real account hands them out, and what the node makes of each: the ID it names, or the
 * problem it reports (docs/addresses.md).
 */
import { storyEditorUrl } from '../../sandbox/links';
import { SEED } from '../../sandbox/seed';
import type { SandboxHandle } from './sandbox';

export type LocatorField = 'Story' | 'Version';

export const ADDRESS_FORMS = [
	'bare ID',
	'editorUrl',
	'versionUrl',
	"story's editor address",
	'public link (url)',
	'short link (shortUrl)',
] as const;
export type AddressForm = (typeof ADDRESS_FORMS)[number];

/** The seeded live version and the story it was made from. */
export const VERSION = SEED.versions.live.id;
export const STORY = SEED.stories.proposal.id;

interface VersionLinks {
	url: string;
	shortUrl: string;
	editorUrl: string;
	versionUrl: string;
}

export const isPublicLink = (form: AddressForm) =>
	form === 'public link (url)' || form === 'short link (shortUrl)';

/** What the node makes of a form given as this field. */
export function expectedReading(
	form: AddressForm,
	field: LocatorField,
): { id: string; problem?: undefined } | { id?: undefined; problem: string } {
	if (isPublicLink(form))
		return { problem: `is a public link, which carries no ${field.toLowerCase()} ID` };
	// A story's editor address names no version (docs/development.md › Design notes › Resource locators).
	if (field === 'Version' && form === "story's editor address")
		return { problem: 'is not a version address with an ID' };
	return { id: field === 'Story' ? STORY : VERSION };
}

/**
 * Call at the top of a test file, after `useSandbox`: the live version's addresses as the API
 * answers them, read once. `addressOf(form, field)` is the value of that form for that field.
 */
export function useAddressForms(api: SandboxHandle) {
	let links: VersionLinks | undefined;
	beforeAll(async () => {
		links = (await api.directGet(`/v2/versions/${VERSION}`)).body as VersionLinks;
		expect(links.editorUrl).toContain(`/${STORY}/${VERSION}`);
	});
	return function addressOf(form: AddressForm, field: LocatorField): string {
		if (!links) throw new Error('the addresses are read in beforeAll');
		switch (form) {
			case 'bare ID':
				return field === 'Story' ? STORY : VERSION;
			case 'editorUrl':
				return links.editorUrl;
			case 'versionUrl':
				return links.versionUrl;
			case "story's editor address":
				return storyEditorUrl(STORY);
			case 'public link (url)':
				return links.url;
			case 'short link (shortUrl)':
				return links.shortUrl;
		}
	};
}
