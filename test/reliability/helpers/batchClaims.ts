/**
 * What a write batch's run says about each of its items, read as a user reads it: the output items
 * (and error items, with Continue On Fail), the node's error and the report in its description
 * ("The other items of this run: Written: … Outcome unknown … Also failed: … Not sent: …").
 */
import type { Json, TestItem } from '../../harness/n8n';
import { pairedIndex } from '../../harness/n8n';

export type Claim =
	| { kind: 'written'; id: string | undefined; source: string }
	| { kind: 'unknown'; source: string }
	| { kind: 'failed'; source: string }
	| { kind: 'notSent'; source: string };

/** The message of a write that was not resent because it may have been processed. */
const UNKNOWN_OUTCOME =
	/^The (version may exist|update may have been applied) \(.+\); not resent, to avoid a duplicate$/;

const errorClaim = (message: string, source: string): Claim =>
	UNKNOWN_OUTCOME.test(message) ? { kind: 'unknown', source } : { kind: 'failed', source };

const REPORT_START = 'The other items of this run: ';
const REPORT_END = ' Run again only the items not written';
const HEADINGS = [
	'Written: ',
	'No other item was written.',
	'Outcome unknown (check in Storydoc): ',
	'Also failed: ',
	'Not sent: ',
] as const;

/** "item 3" or "items 1, 3 to 5" as the item indexes. */
function itemList(text: string): number[] {
	const match = /^items? (.+)$/.exec(text);
	if (!match) throw new Error(`not an item list: "${text}"`);
	return match[1].split(', ').flatMap((part) => {
		const [from, to] = part.split(' to ').map(Number);
		if (to === undefined) return [from];
		return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
	});
}

/** The report's sections, each its heading and its text without the closing period. */
function sections(report: string): Array<[(typeof HEADINGS)[number], string]> {
	const found = HEADINGS.map((heading) => [heading, report.indexOf(heading)] as const)
		.filter(([, at]) => at >= 0)
		.sort(([, a], [, b]) => a - b);
	return found.map(([heading, at], index) => {
		const end = index + 1 < found.length ? found[index + 1][1] : report.length;
		return [
			heading,
			report
				.slice(at + heading.length, end)
				.trim()
				.replace(/\.$/, ''),
		];
	});
}

/** Every item the report names, with what it says of it; undefined when there is no report. */
export function reportClaims(description: string): Array<[number, Claim]> | undefined {
	const start = description.indexOf(REPORT_START);
	if (start < 0) return undefined;
	const end = description.indexOf(REPORT_END, start);
	if (end < 0) throw new Error(`the report does not end as it should: ${description}`);
	const claims: Array<[number, Claim]> = [];
	for (const [heading, text] of sections(description.slice(start + REPORT_START.length, end))) {
		const source = `report › ${heading.trim()}`;
		if (heading === 'Written: ') {
			for (const entry of text.split(/; (?=item \d+)/)) {
				const match = /^item (\d+)(?: \((.*)\))?$/.exec(entry);
				if (!match) throw new Error(`not a written item: "${entry}"`);
				const id = /versionId (\w+)/.exec(match[2] ?? '')?.[1];
				claims.push([Number(match[1]), { kind: 'written', id, source }]);
			}
		} else if (heading === 'Also failed: ') {
			for (const entry of text.split(/; (?=item \d+ \()/)) {
				const match = /^item (\d+) \((.*)\)$/.exec(entry);
				if (!match) throw new Error(`not a failed item: "${entry}"`);
				claims.push([Number(match[1]), { kind: 'failed', source }]);
			}
		} else if (heading !== 'No other item was written.') {
			const kind = heading === 'Not sent: ' ? 'notSent' : 'unknown';
			for (const index of itemList(text)) claims.push([index, { kind, source }]);
		}
	}
	return claims;
}

/** Every claim the run makes, item by item (an item with none or several is a broken promise). */
export function runClaims(
	itemCount: number,
	outputs: { success: TestItem[]; failed: TestItem[] },
	error: Json | undefined,
): Claim[][] {
	const claims: Claim[][] = Array.from({ length: itemCount }, () => []);
	const add = (index: number, claim: Claim) => {
		if (!(index >= 0 && index < itemCount)) throw new Error(`a claim about item ${index}`);
		claims[index].push(claim);
	};
	for (const [output, items] of [
		['output', outputs.success],
		['error output', outputs.failed],
	] as const) {
		for (const item of items) {
			const source = `${output} item`;
			if (typeof item.json.error === 'string')
				add(pairedIndex(item), errorClaim(item.json.error, source));
			else add(pairedIndex(item), { kind: 'written', id: item.json.versionId as string, source });
		}
	}
	if (!error) return claims;
	const failedItem = error.context?.itemIndex as number;
	add(failedItem, errorClaim(error.message as string, "the node's error"));
	for (const [index, claim] of reportClaims(String(error.description ?? '')) ?? [])
		add(index, claim);
	return claims;
}
