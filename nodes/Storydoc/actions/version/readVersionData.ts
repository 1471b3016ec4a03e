import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemContext } from '../../helpers/fieldError';
import type { AdditionalFields, RowParameter, VariablesParameter } from '../../helpers/interfaces';
import { buildVersionData } from '../../helpers/versionData';

/** The `data` of a Create or Update from the item's parameters; Create requires the story's variables. */
export function readVersionData(
	context: IExecuteFunctions,
	item: ItemContext,
	{ enforceRequired }: { enforceRequired: boolean },
): IDataObject {
	const { itemIndex } = item;
	return buildVersionData(item, {
		title: context.getNodeParameter('title', itemIndex, ''),
		// Read whole: n8n's own per-field checks would stop at the first problem with a generic message.
		variables: context.getNodeParameter('variables', itemIndex, {}) as VariablesParameter,
		inputJson: context.getInputData()[itemIndex]?.json ?? {},
		rows: context.getNodeParameter('repeatableRows.rows', itemIndex, []) as RowParameter[],
		additionalFields: context.getNodeParameter(
			'additionalFields',
			itemIndex,
			{},
		) as AdditionalFields,
		enforceRequired,
	});
}
