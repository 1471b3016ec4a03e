/** Unit tests of the parameter readers (dates, date ranges, emails, whole numbers). */
import { NodeOperationError } from 'n8n-workflow';

import {
	optionalEmailField,
	parseDateField,
	positiveIntegerField,
	validateDateRange,
} from '../../../../nodes/Storydoc/helpers/validation';
import { TEST_NODE as node } from '../../../harness/testNode';

describe('validation', () => {
	const expectFieldError = (fn: () => unknown, message: string) => {
		let caught: unknown;
		try {
			fn();
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(NodeOperationError);
		// The assertion above fails the test when it is not one.
		const error = caught as NodeOperationError;
		expect(error.message).toBe(message);
		expect(error.context.itemIndex).toBe(2);
		return error;
	};

	test.each([
		['2026-01-31T00:00:00Z', 'UTC', '2026-01-31T00:00:00.000Z'],
		['2026-01-31T00:00:00+02:00', 'UTC', '2026-01-30T22:00:00.000Z'],
		// n8n's date picker gives no offset: read in the workflow's time zone.
		['2026-01-31T00:00:00', 'Europe/Berlin', '2026-01-30T23:00:00.000Z'],
		['2026-07-31T00:00:00', 'America/New_York', '2026-07-31T04:00:00.000Z'],
		['2026-01-31', 'UTC', '2026-01-31T00:00:00.000Z'],
	])('parseDateField(%s in %s) → %s', (value, zone, iso) => {
		expect(new Date(parseDateField(node, 2, 'From', value, zone)).toISOString()).toBe(iso);
	});

	test('a Date object is read as its instant', () => {
		expect(parseDateField(node, 2, 'From', new Date('2026-01-31T00:00:00Z'), 'Asia/Tokyo')).toBe(
			Date.parse('2026-01-31T00:00:00Z'),
		);
	});

	test.each(['', '   ', undefined, null])('an empty date (%j) is required', (value) => {
		const error = expectFieldError(
			() => parseDateField(node, 2, 'To', value, 'UTC'),
			'Item 2: "To" is required',
		);
		expect(error.description).toMatch(/\$now/);
	});

	test.each(['yesterday', '2026-13-45', 'not a date'])('%s is not a valid date', (value) => {
		const error = expectFieldError(
			() => parseDateField(node, 2, 'From', value, 'UTC'),
			'Item 2: "From" is not a valid date',
		);
		expect(error.description).toContain(JSON.stringify(value));
	});

	test('From after To names both', () => {
		const error = expectFieldError(
			() =>
				validateDateRange(
					node,
					2,
					Date.parse('2026-02-01T00:00:00Z'),
					Date.parse('2026-01-01T00:00:00Z'),
				),
			'Item 2: "From" is after "To"',
		);
		expect(error.description).toBe(
			'From is 2026-02-01T00:00:00.000Z and To is 2026-01-01T00:00:00.000Z (UTC).',
		);
		expect(() => validateDateRange(node, 2, 5, 5)).not.toThrow();
	});

	test.each([
		['', undefined],
		['  ', undefined],
		[undefined, undefined],
		[' ann@acme.test ', 'ann@acme.test'],
		['a.b+c@sub.example.co', 'a.b+c@sub.example.co'],
	])('optional email %j → %j', (value, expected) => {
		expect(optionalEmailField(node, 2, 'User Email', value)).toBe(expected);
	});

	test.each(['ann', 'ann@', '@acme.test', 'ann@acme', 'ann @acme.test', 'a@b@c.test'])(
		'%s is not an email',
		(value) => {
			expectFieldError(
				() => optionalEmailField(node, 2, 'User Email', value),
				'Item 2: "User Email" is not a valid email address',
			);
		},
	);

	test('positive whole numbers within bounds', () => {
		expect(positiveIntegerField(node, 2, 'Limit', 1)).toBe(1);
		expect(positiveIntegerField(node, 2, 'Limit', '25')).toBe(25);
		for (const value of [0, -1, 1.5, 'x', '', null, undefined]) {
			expectFieldError(
				() => positiveIntegerField(node, 2, 'Limit', value),
				'Item 2: "Limit" must be a whole number of at least 1',
			);
		}
		expectFieldError(
			() => positiveIntegerField(node, 2, 'Parallel Page Requests', 11, 10),
			'Item 2: "Parallel Page Requests" must be a whole number from 1 to 10',
		);
	});
});
