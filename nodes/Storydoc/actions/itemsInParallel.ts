import type { IExecuteFunctions } from 'n8n-workflow';

import {
	DEFAULT_ITEMS_IN_PARALLEL,
	ITEMS_IN_PARALLEL_PARAMETER,
	MAX_ITEMS_IN_PARALLEL,
} from '../constants';
import { positiveIntegerField } from '../helpers/validation';

/** Request Options › Items in Parallel, a setting of the node (read once, from the first item). */
export function itemsInParallel(
	context: IExecuteFunctions,
	defaultValue = DEFAULT_ITEMS_IN_PARALLEL,
): number {
	return positiveIntegerField(
		context.getNode(),
		0,
		'Items in Parallel',
		context.getNodeParameter(ITEMS_IN_PARALLEL_PARAMETER, 0, defaultValue),
		MAX_ITEMS_IN_PARALLEL,
	);
}
