import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { GENERATE_ITEMS_IN_PARALLEL, GENERATE_TIMEOUT_SECONDS } from '../../constants';
import { buildGenerateBody } from '../../helpers/generateInput';
import { ItemContext } from '../../helpers/fieldError';
import { storydocApiRequest } from '../../transport';
import type { ItemRequest } from '../node.type';
import { senderEmailField } from '../version/common.descriptions';

const properties: INodeProperties[] = [
	{
		displayName:
			'Generation takes 30 to 90 seconds per item and creates a new Live story each time. Use its <code>pageId</code> as the Story ID of Version › Create to personalize it.',
		name: 'generateNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder:
			'A one-pager for Acme Corp: how our analytics cut their reporting time, for their CFO, confident tone',
		description: 'What the presentation is about: topic, audience, structure, tone and key points',
	},
	{
		...senderEmailField,
		description:
			'Email of the Storydoc user who owns the new story and sends it; must be a user of your organization',
	},
	{
		displayName: 'Company',
		name: 'company',
		type: 'string',
		default: '',
		placeholder: 'Acme Corp',
		description:
			'The company the presentation is about. Storydoc infers it from Website when empty.',
	},
	{
		displayName: 'Website',
		name: 'website',
		type: 'string',
		default: '',
		placeholder: 'acme.com',
		description:
			"A domain or an http(s) address. The story takes its colors, fonts and logo from it (or Storydoc's defaults when that fails).",
	},
	{
		displayName: 'Presentation Type',
		name: 'presentationType',
		type: 'string',
		default: '',
		placeholder: 'General presentation',
		description:
			"A document class that selects Storydoc's AI template for it. Empty uses Storydoc's default (General presentation); a type Storydoc does not support fails the item with Storydoc's message.",
	},
];

/** It changes Storydoc: Retry On Fail replays it instead of sending it twice (actions/writeReplay.ts). */
export const isWrite = true;

export const defaultItemsInParallel = GENERATE_ITEMS_IN_PARALLEL;

export const description = updateDisplayOptions(
	{ show: { resource: ['story'], operation: ['generate'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): ItemRequest {
	const item = new ItemContext(this.getNode(), itemIndex);
	const body = buildGenerateBody(item, {
		prompt: this.getNodeParameter('prompt', itemIndex),
		senderEmail: this.getNodeParameter('senderEmail', itemIndex),
		company: this.getNodeParameter('company', itemIndex, ''),
		website: this.getNodeParameter('website', itemIndex, ''),
		presentationType: this.getNodeParameter('presentationType', itemIndex, ''),
	});
	return async () => {
		const result = (await storydocApiRequest.call(this, {
			method: 'POST',
			path: '/v2/stories/generate',
			body,
			itemIndex,
			defaultTimeoutSeconds: GENERATE_TIMEOUT_SECONDS,
			ifOutcomeUnknown: 'A story may have been generated',
			howToCheck:
				'Look for it before running this item again: Story › Get Many with Status Live lists it (the newest story, with the prompt’s subject as its title).',
		})) as IDataObject;
		return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
			itemData: { item: itemIndex },
		});
	};
}
