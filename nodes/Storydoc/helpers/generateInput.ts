import type { IDataObject } from 'n8n-workflow';

import type { ItemContext } from './fieldError';
import { isEmpty } from './values';
import { senderEmail } from './versionData';

/** A bare domain (`acme.com`) or an http(s) address with a dotted host, as Storydoc's reference accepts. */
const HOST = '(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}';
const WEBSITE_REGEX = new RegExp(`^(?:${HOST}|https?://${HOST}(?::\\d+)?(?:[/?#]\\S*)?)$`, 'i');
/** The body key as Storydoc's reference spells it, with a space. */
export const PRESENTATION_TYPE_KEY = 'presentation type';

export interface GenerateParameters {
	prompt: unknown;
	senderEmail: unknown;
	company?: unknown;
	website?: unknown;
	presentationType?: unknown;
}

const text = (value: unknown) =>
	typeof value === 'string' ? value.trim() : isEmpty(value) ? '' : String(value);

export function buildGenerateBody(item: ItemContext, input: GenerateParameters): IDataObject {
	const prompt = text(input.prompt);
	if (!prompt) {
		throw item.error(
			'Prompt',
			'is empty',
			'Describe the presentation: topic, audience, structure, tone and key points.',
		);
	}
	const body: IDataObject = { prompt, senderEmail: senderEmail(item, input.senderEmail) };
	const company = text(input.company);
	if (company) body.company = company;
	const website = text(input.website);
	if (website) {
		if (!WEBSITE_REGEX.test(website)) {
			throw item.error(
				'Website',
				'is neither a domain nor an http(s) address',
				`Use a domain such as acme.com or an address such as https://acme.com/about. Value given: ${JSON.stringify(input.website)}`,
			);
		}
		body.website = website;
	}
	const presentationType = text(input.presentationType);
	if (presentationType) body[PRESENTATION_TYPE_KEY] = presentationType;
	return body;
}
