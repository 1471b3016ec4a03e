import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { outputProperties } from '../../descriptions/output';
import { STORY_OUTPUT, readOutput } from '../../helpers/output';
import { booleanField, positiveIntegerField } from '../../helpers/validation';
import { listStories } from '../../transport/stories';
import type { ItemRequest } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Archived', value: 'Archived' },
					{ name: 'Draft', value: 'Draft' },
					{ name: 'Live', value: 'Live' },
				],
				default: 'Live',
				description:
					'Only stories with this status. Without this filter, stories of every status are returned.',
			},
		],
	},
	...outputProperties(STORY_OUTPUT, { withSimplify: false }),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['story'], operation: ['getAll'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): ItemRequest {
	const returnAll = booleanField(
		this.getNode(),
		itemIndex,
		'Return All',
		this.getNodeParameter('returnAll', itemIndex),
	);
	const limit = returnAll
		? undefined
		: positiveIntegerField(
				this.getNode(),
				itemIndex,
				'Limit',
				this.getNodeParameter('limit', itemIndex),
			);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as { status?: string };
	const shape = readOutput(this, itemIndex, STORY_OUTPUT);

	return async () => {
		// The API returns the whole list in one answer (no paging), so Limit is applied here.
		const stories = await listStories.call(this, filters.status, itemIndex);
		return this.helpers.constructExecutionMetaData(
			this.helpers.returnJsonArray(stories.slice(0, limit).map(shape)),
			{ itemData: { item: itemIndex } },
		);
	};
}
