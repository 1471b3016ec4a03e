import type { IExecuteFunctions } from 'n8n-workflow';

import { fieldError } from '../../helpers/fieldError';
import { readerFilter } from '../../helpers/readerFilter';
import type { ReaderMatch } from '../../helpers/readerFilter';
import { itemParameter, runNode } from '../../helpers/runParameters';

/** Filters › Reader, for the outputs of one reader's events only: docs/development.md › Reader filter. */
export function readReader(
	context: IExecuteFunctions,
	itemIndex: number,
	output: string,
): ReaderMatch | undefined {
	const node = runNode(context);
	const reader = readerFilter(
		node,
		itemIndex,
		itemParameter(context, 'filters.reader', itemIndex, ''),
	);
	if (reader && output !== 'events' && output !== 'readingSessions')
		throw fieldError(
			node,
			itemIndex,
			'Reader',
			'filter applies to Raw Events and Summary per Reading Session only',
			"A version's or story's figures count its whole audience: choose one of them as Output, or remove the Reader filter.",
		);
	return reader;
}
