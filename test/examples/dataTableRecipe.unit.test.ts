/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox */
/**
 * The Data Table recipe's columns, said three times: its page, docs/recipes/data-table-event-sync.md (what a user creates), the
 * real-app scenario's tables (e2e/warehouse/dataTables.js) and the PostgreSQL recipe's schema (the
 * same Raw Events fields). They must be one list, with the same types.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
/* eslint-disable-next-line @typescript-eslint/no-require-imports -- the e2e helper is untyped JavaScript */
const { EVENT_COLUMNS, STATE_COLUMNS } = require('../../e2e/warehouse/dataTables') as {
	EVENT_COLUMNS: Array<[string, string]>;
	STATE_COLUMNS: Array<[string, string]>;
};

/** The recipe page's `The tables` item: each column with the type its group ends with. */
function pageColumns(): { events: Array<[string, string]>; state: Array<[string, string]> } {
	const page = fs.readFileSync(
		path.join(ROOT, 'docs', 'recipes', 'data-table-event-sync.md'),
		'utf8',
	);
	const item = /- \*\*The tables\*\*: ([\s\S]*?)\n- /.exec(page)?.[1] ?? '';
	const [events, state] = item.replace(/\s+/g, ' ').split('; and `storydoc_sync_state`');
	const typed = (text: string): Array<[string, string]> =>
		[...text.matchAll(/((?:`\w+`(?:, | and )?)+) \((string|date|number)\)/g)].flatMap(
			([, names, type]) =>
				[...names.matchAll(/`(\w+)`/g)].map(([, name]) => [name, type] as [string, string]),
		);
	return {
		events: typed(events.replace(/^.*?columns \(Raw Events' fields\): /, '')),
		state: typed(state ?? ''),
	};
}

test("the recipe page's columns are the tables the real-app scenario makes", () => {
	expect(pageColumns()).toEqual({ events: EVENT_COLUMNS, state: STATE_COLUMNS });
});

test("the events table's columns are the PostgreSQL schema's, a date where it has a timestamptz", () => {
	const sql = fs.readFileSync(
		path.join(ROOT, 'examples', 'recipes', 'postgres-event-sync.sql'),
		'utf8',
	);
	const table = /CREATE TABLE IF NOT EXISTS storydoc_events \(([\s\S]*?)\n\);/.exec(sql)?.[1] ?? '';
	const TYPES: Record<string, string> = {
		text: 'string',
		timestamptz: 'date',
		'double precision': 'number',
	};
	const columns = [...table.matchAll(/^\s*"(\w+)" (text|timestamptz|double precision)/gm)].map(
		([, name, type]) => [name, TYPES[type]],
	);
	expect(columns).toEqual(EVENT_COLUMNS);
});
