/** Unit tests of the pure helpers that build a version's `data` and check the input. */
import type { ResourceMapperField } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { GroupShape, RepeatableGroup } from '../../../../nodes/Storydoc/helpers/storyFields';
import {
	groupShape,
	storyMapperFields,
	variableKind,
} from '../../../../nodes/Storydoc/helpers/storyFields';
import { ItemContext } from '../../../../nodes/Storydoc/helpers/fieldError';
import type { RowParameter, VersionDataInput } from '../../../../nodes/Storydoc/helpers/interfaces';
import { jsonObject } from '../../../../nodes/Storydoc/helpers/values';
import { enteredRows, groupRows } from '../../../../nodes/Storydoc/helpers/repeatableRows';
import {
	buildVersionData,
	daysToExpire,
	senderEmail,
} from '../../../../nodes/Storydoc/helpers/versionData';
import { SEED } from '../../../../sandbox/seed';
import { TEST_NODE as node } from '../../../harness/testNode';

const item = new ItemContext(node, 4);
const schema = storyMapperFields(SEED.stories.proposal, false);
const shapes = new Map<string, GroupShape>(
	SEED.stories.proposal.repeatables.map((group: RepeatableGroup) => [group.key, groupShape(group)]),
);

function build(overrides: Partial<VersionDataInput>) {
	return buildVersionData(item, {
		title: 'Proposal',
		variables: {
			mappingMode: 'defineBelow',
			value: { first_name: 'Hank', company: 'Globex' },
			schema,
		},
		inputJson: {},
		rows: [],
		additionalFields: {},
		enforceRequired: true,
		...overrides,
	});
}

/** What `fn` threw: the helpers under test throw NodeOperationError (the first test checks it). */
const failure = (fn: () => unknown): NodeOperationError => {
	try {
		fn();
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('expected a failure');
};

describe('simple fields', () => {
	test('sender email: trimmed; empty or malformed fail naming the item and field', () => {
		expect(senderEmail(item, ' sam@acme.test ')).toBe('sam@acme.test');
		const error = failure(() => senderEmail(item, 'sam@acme'));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Item 4: "Sender Email" is not a valid email address');
		expect(error.context.itemIndex).toBe(4);
	});

	test('days to expire: empty is permanent, whole numbers from 1, numeric text accepted', () => {
		expect(daysToExpire(item, undefined)).toBeUndefined();
		expect(daysToExpire(item, '')).toBeUndefined();
		expect(daysToExpire(item, '7')).toBe(7);
		for (const bad of [0, -3, 1.5, 'week', true])
			expect(() => daysToExpire(item, bad)).toThrow(
				'"Days to Expire" must be a whole number of at least 1',
			);
	});

	test('JSON objects: parsed from text or taken as they are', () => {
		expect(jsonObject(item, 'X', '{"a":1}')).toEqual({ a: 1 });
		expect(jsonObject(item, 'X', { a: 1 })).toEqual({ a: 1 });
		expect(jsonObject(item, 'X', ' ')).toBeUndefined();
		expect(() => jsonObject(item, 'X', '"a"')).toThrow(
			'Item 4: "X" must be a JSON object ({ ... })',
		);
	});

	test('a JSON syntax error says where, without quoting the text (it may hold a password)', () => {
		const error = failure(() =>
			jsonObject(item, 'Extra Data (JSON)', '{"password": "s3cret-value", region: EMEA}'),
		);
		expect(error.message).toBe('Item 4: "Extra Data (JSON)" is not valid JSON');
		expect(error.description).toMatch(/double quotes/);
		expect(`${error.message} ${error.description}`).not.toContain('s3cret');
	});

	test('types the spec does not show are text', () => {
		expect(['text', 'richtext', 'video', undefined].map(variableKind)).toEqual([
			'text',
			'text',
			'text',
			'text',
		]);
		expect(['number', 'date', 'logo', 'array', 'LOGO'].map(variableKind)).toEqual([
			'number',
			'date',
			'logo',
			'array',
			'logo',
		]);
	});
});

describe('buildVersionData', () => {
	test('logo as a domain, a URL or an object; dates as written, a picked date as YYYY-MM-DD', () => {
		const data = build({
			variables: {
				mappingMode: 'defineBelow',
				value: {
					first_name: 'Hank',
					company: 'Globex',
					company_logo: { domain: 'Globex.test', theme: 'light' },
					proposal_date: '2026-03-05T00:00:00',
				},
				schema,
			},
		});
		expect(data.company_logo).toEqual({ domain: 'globex.test', theme: 'light' });
		expect(data.proposal_date).toBe('2026-03-05');
		expect(
			build({
				variables: { value: { first_name: 'a', company: 'b', proposal_date: 'Q2 2026' }, schema },
			}).proposal_date,
		).toBe('Q2 2026');
		expect(
			build({
				variables: {
					value: { first_name: 'a', company: 'b', proposal_date: new Date('2026-07-09T00:00:00Z') },
					schema,
				},
			}).proposal_date,
		).toBe('2026-07-09');
	});

	test('a date variable given an object (not a date) names the item and the field', () => {
		expect(() =>
			build({
				variables: {
					value: { first_name: 'a', company: 'b', proposal_date: { when: 'soon' } },
					schema,
				},
			}),
		).toThrow(/Item 4: "Values to Send › proposal_date" must be a date or text/);
	});

	test('auto-map without a stored schema sends every input field (like n8n mappers do)', () => {
		const data = build({
			variables: { mappingMode: 'autoMapInputData', value: null, schema: [] },
			inputJson: { a: 1, b: 'x' },
			enforceRequired: false,
		});
		expect(data).toEqual({ a: 1, b: 'x', title: 'Proposal' });
	});

	test('fields the user removed from the mapper are not sent, even when auto-mapped', () => {
		const removed = schema.map(
			(field): ResourceMapperField =>
				field.id === 'last_name' ? { ...field, removed: true } : field,
		);
		const data = build({
			variables: { mappingMode: 'autoMapInputData', value: null, schema: removed },
			inputJson: { first_name: 'Hank', company: 'Globex', last_name: 'Scorpio' },
		});
		expect(data.last_name).toBeUndefined();
	});

	test('later sources win: variables, then rows, then additional fields, then extra data, then Title', () => {
		const data = build({
			additionalFields: {
				extraData:
					'{"company": "Extra", "title": "Extra title", "products": [{"name": "A", "price": "12.5"}]}',
			},
		});
		expect(data).toEqual({
			first_name: 'Hank',
			company: 'Extra',
			title: 'Proposal',
			products: [{ name: 'A', price: 12.5 }],
		});
	});

	test('update: nothing is required, an empty title is left for the operation to fill in', () => {
		expect(
			build({
				title: '',
				variables: { value: {}, schema: storyMapperFields(SEED.stories.proposal, true) },
				enforceRequired: false,
			}),
		).toEqual({});
	});

	test('a required variable left empty fails before anything is sent', () => {
		const error = failure(() =>
			build({ variables: { value: { company: 'Globex', first_name: ' ' }, schema } }),
		);
		expect(error.message).toBe('Item 4: "Values to Send › first_name" is required by the story');
	});
});

describe('repeatable rows', () => {
	test('rows from an array: numbers converted, generated keys dropped, nested groups checked', () => {
		expect(
			groupRows(
				item,
				'Values to Send › pricing_items',
				[{ id: 'x', name: 'A', price: '10' }],
				shapes.get('pricing_items')!,
			),
		).toEqual([{ name: 'A', price: 10 }]);
		const error = failure(() =>
			groupRows(
				item,
				'Values to Send › team_members',
				[{ name: 'Dana', skills: [{ skill: 'x' }, { level: 2 }] }],
				shapes.get('team_members')!,
			),
		);
		expect(error.message).toBe(
			'Item 4: "Values to Send › team_members › skills" row 2 has a key the group "Skills" does not have: "level"',
		);
		expect(error.description).toBe('A row of "Skills" holds: skill.');
		// Keys every object inherits are not fields of a group either.
		expect(() =>
			groupRows(item, 'Rows', '[{"constructor": 1}]', shapes.get('pricing_items')!),
		).toThrow('has a key the group "Pricing items" does not have: "constructor"');
	});

	test('rows entered in the editor: parents first whatever the order, nested rows by Parent Row', () => {
		const row = (parentRow: number, ...cells: Array<[string, string]>): RowParameter => ({
			parentRow,
			cells: { cell: cells.map(([field, value]) => ({ field, value })) },
		});
		const groups = enteredRows(
			item,
			[
				row(2, ['team_members.skills.skill', 'B']),
				row(1, ['team_members.name', 'One']),
				row(1, ['team_members.skills.skill', 'A']),
				row(1, ['team_members.name', 'Two']),
			],
			shapes,
		);
		expect(Object.fromEntries(groups)).toEqual({
			team_members: [
				{ name: 'One', skills: [{ skill: 'A' }] },
				{ name: 'Two', skills: [{ skill: 'B' }] },
			],
		});
	});
});
