/**
 * The node reads values that expressions give the way n8n reads a typed field, through n8n-workflow's
 * own `validateFieldType` (helpers/validation.ts), keeping its own rules on top: empty text and
 * Infinity are not numbers, and every refusal names the item and the field before any request.
 */
import type { INodeParameters } from 'n8n-workflow';
import { validateFieldType } from 'n8n-workflow';

import {
	optionField,
	positiveIntegerField,
} from '../../../../dist/nodes/Storydoc/helpers/validation';
import { booleanValue, numberValue } from '../../../../dist/nodes/Storydoc/helpers/values';
import { runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { TEST_NODE as node } from '../../../harness/testNode';

describe('numberValue and booleanValue agree with validateFieldType', () => {
	test.each([
		[25, 25],
		['25', 25],
		[' 2.5 ', 2.5],
		['1e3', 1000],
		[-4, -4],
	])('%j is the number %j, as n8n reads it', (given, expected) => {
		expect(numberValue(given)).toBe(expected);
		expect(validateFieldType('x', given, 'number')).toEqual({ valid: true, newValue: expected });
	});

	test.each([
		[''],
		['   '],
		['all'],
		[true],
		[null],
		[undefined],
		[{}],
		[Infinity],
		['1e400'],
		[Number.NaN],
	])('%j is not a number here', (given) => {
		expect(numberValue(given)).toBeUndefined();
	});

	test.each([
		[true, true],
		[false, false],
		['true', true],
		['FALSE', false],
		[' true ', true],
		[1, true],
		[0, false],
		['1', true],
		['0', false],
	])('%j is %j, as n8n reads a boolean', (given, expected) => {
		expect(booleanValue(given)).toBe(expected);
		expect(
			validateFieldType('x', typeof given === 'string' ? given.trim() : given, 'boolean'),
		).toEqual({ valid: true, newValue: expected });
	});

	test.each([['yes'], ['no'], [2], [''], [null], [undefined], [[]]])(
		'%j is not true or false',
		(given) => {
			expect(booleanValue(given)).toBeUndefined();
		},
	);
});

describe('field readers keep the node messages', () => {
	test('positiveIntegerField: numeric text is read, its range is checked, the item and field are named', () => {
		expect(positiveIntegerField(node, 0, 'Limit', '7')).toBe(7);
		expect(() => positiveIntegerField(node, 3, 'Limit', '0')).toThrow(
			'Item 3: "Limit" must be a whole number of at least 1',
		);
		expect(() => positiveIntegerField(node, 1, 'Parallel Page Requests', 11, 10)).toThrow(
			'Item 1: "Parallel Page Requests" must be a whole number from 1 to 10',
		);
	});

	test('optionField: one of the listed values, each named in the message otherwise', () => {
		const options = { events: 'Each Event', versions: 'One Item per Version' };
		expect(optionField(node, 0, 'Output', 'versions', options)).toBe('versions');
		expect(() => optionField(node, 2, 'Output', 'all', options)).toThrow(
			'Item 2: "Output" must be "events" (Each Event) or "versions" (One Item per Version)',
		);
		expect(() => optionField(node, 2, 'Output', undefined, options)).toThrow('Item 2: "Output"');
	});
});

describe('through the engine: values from expressions', () => {
	const api = useSandbox();
	const getAll = (extra: INodeParameters) => ({ resource: 'story', operation: 'getAll', ...extra });

	test('Return All "1" reads every story; "0" keeps the Limit, given as text', async () => {
		const all = await runWorkflow(storydocWorkflow(getAll({ returnAll: '={{ "1" }}', limit: 2 })), {
			credentials: api.credentials(),
		});
		const limited = await runWorkflow(
			storydocWorkflow(getAll({ returnAll: '={{ 0 }}', limit: '={{ "2" }}' })),
			{
				credentials: api.credentials(),
			},
		);
		expect(all.error).toBeUndefined();
		expect(limited.error).toBeUndefined();
		expect(all.outputs.Storydoc.length).toBeGreaterThan(2);
		expect(limited.outputs.Storydoc).toHaveLength(2);
	});

	test('Return All "yes" is refused naming the item and the field, before any request', async () => {
		api.sandbox.clearLog();
		const { error } = await runWorkflow(storydocWorkflow(getAll({ returnAll: '={{ "yes" }}' })), {
			credentials: api.credentials(),
		});
		expect(error.message).toBe('Item 0: "Return All" must be true or false');
		expect(api.sandbox.log).toEqual([]);
	});
});
