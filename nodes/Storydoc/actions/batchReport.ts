import type { INodeExecutionData } from 'n8n-workflow';

import { isUnknownOutcome } from '../transport';
import type { ItemOutcome } from '../helpers/parallelItems';

/** The IDs a write's output names, for a re-run to skip it. */
const ID_KEYS = ['pageId', 'versionId'];

function writtenIds(output: INodeExecutionData[]): string {
	const ids = output.flatMap(({ json }) =>
		ID_KEYS.filter((key) => typeof json[key] === 'string').map((key) => `${key} ${json[key]}`),
	);
	return ids.length ? ` (${ids.join(', ')})` : '';
}

/** "items 3, 5 to 9": n8n counts items from 0, as the error messages do. */
function itemList(indexes: number[]): string {
	const parts: string[] = [];
	for (let start = 0; start < indexes.length; ) {
		let end = start;
		while (end + 1 < indexes.length && indexes[end + 1] === indexes[end] + 1) end++;
		parts.push(end === start ? `${indexes[start]}` : `${indexes[start]} to ${indexes[end]}`);
		start = end + 1;
	}
	return `${indexes.length === 1 ? 'item' : 'items'} ${parts.join(', ')}`;
}

/**
 * What the other items of a failed write batch did, for the node's error: written (with IDs), outcome
 * unknown, failed, not sent. Without it a re-run could not tell which items to leave out.
 */
export function batchReport(
	outcomes: Map<number, ItemOutcome<INodeExecutionData[]>>,
	failedItem: number,
): string {
	const written: string[] = [];
	const unknown: number[] = [];
	const failed: string[] = [];
	const notSent: number[] = [];
	for (const [index, outcome] of [...outcomes].sort(([a], [b]) => a - b)) {
		if (index === failedItem) continue;
		if ('output' in outcome) written.push(`item ${index}${writtenIds(outcome.output)}`);
		else if ('stopped' in outcome) notSent.push(index);
		else if (isUnknownOutcome(outcome.error)) unknown.push(index);
		else failed.push(`item ${index} (${(outcome.error as Error).message})`);
	}
	const parts = [
		written.length ? `Written: ${written.join('; ')}.` : 'No other item was written.',
		unknown.length ? `Outcome unknown (check in Storydoc): ${itemList(unknown)}.` : '',
		failed.length ? `Also failed: ${failed.join('; ')}.` : '',
		notSent.length ? `Not sent: ${itemList(notSent)}.` : '',
	];
	return `The other items of this run: ${parts.filter(Boolean).join(' ')} Run again only the items not written, or turn on Continue On Fail (Settings › On Error) to get every written item as output.`;
}
