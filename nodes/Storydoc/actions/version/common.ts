import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type {
	AdditionalFields,
	ItemInput,
	RowParameter,
	VariablesParameter,
} from '../../helpers/versionData';
import { buildVersionData } from '../../helpers/versionData';

export function readVersionData(
	context: IExecuteFunctions,
	item: ItemInput,
	enforceRequired: boolean,
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
