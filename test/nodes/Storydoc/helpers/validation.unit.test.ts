/** Unit tests of the pure analytics helpers: per-version summary and parameter validation. */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	optionalEmailField,
	parseDateField,
	positiveIntegerField,
	validateDateRange,
} from '../../dist/nodes/Storydoc/helpers/validation';
import type { AnalyticsEvent } from '../../dist/nodes/Storydoc/helpers/versionSummary';
import { VersionSummaries } from '../../dist/nodes/Storydoc/helpers/versionSummary';

const node: INode = {
	id: '1',
	name: 'Storydoc',
	type: 'n8n-nodes-storydoc.storydoc',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const event = (overrides: Partial<AnalyticsEvent>): AnalyticsEvent => ({
	sessionId: 's1',
	eventId: `e-${Math.random()}`,
	visitorId: 'v1',
	timestamp: '2026-01-01T10:00:00.000Z',
	storyId: 'story-1',
	storyTitle: 'Proposal',
	versionId: 'version-1',
	versionTitle: 'Proposal for Acme',
	prospectName: null,
	prospectEmail: null,
	prospectPosition: null,
	eventName: 'Slide 1 view',
	eventCategory: 'view',
	...overrides,
});

describe('VersionSummaries', () => {
	test('counts views, clicks, distinct visitors and sessions; first and last event per version', () => {
		const summaries = new VersionSummaries();
		[
			event({ timestamp: '2026-01-01T10:00:00.000Z', visitorId: 'v1', sessionId: 's1' }),
			event({
				timestamp: '2026-01-01T10:01:00.000Z',
				visitorId: 'v1',
				sessionId: 's1',
				eventCategory: 'click',
				eventName: 'CTA click',
			}),
			event({
				timestamp: '2026-01-02T09:00:00.000Z',
				visitorId: 'v2',
				sessionId: 's2',
				eventName: 'Slide 2 view',
			}),
			event({
				timestamp: '2026-01-02T09:05:00.000Z',
				visitorId: null,
				sessionId: null,
				eventName: 'Slide 3 view',
			}),
			event({
				versionId: 'version-2',
				versionTitle: 'Proposal for Globex',
				timestamp: '2026-01-01T12:00:00.000Z',
			}),
		].forEach((e) => summaries.add(e));

		expect(summaries.size).toBe(2);
		expect(summaries.results()).toEqual([
			{
				storyId: 'story-1',
				storyTitle: 'Proposal',
				versionId: 'version-1',
				versionTitle: 'Proposal for Acme',
				prospectName: null,
				prospectEmail: null,
				prospectPosition: null,
				views: 3,
				clicks: 1,
				uniqueVisitors: 2,
				uniqueSessions: 2,
				firstEventAt: '2026-01-01T10:00:00.000Z',
				lastEventAt: '2026-01-02T09:05:00.000Z',
				lastEventName: 'Slide 3 view',
			},
			expect.objectContaining({
				versionId: 'version-2',
				views: 1,
				clicks: 0,
				uniqueVisitors: 1,
				uniqueSessions: 1,
			}),
		]);
	});

	test('the prospect comes from the latest event that has it, whatever the order of events', () => {
		const events = [
			event({ timestamp: '2026-01-01T10:00:00.000Z' }),
			event({
				timestamp: '2026-01-02T10:00:00.000Z',
				prospectName: 'Ann',
				prospectEmail: 'ann@acme.test',
				prospectPosition: 'CFO',
			}),
			event({ timestamp: '2026-01-03T10:00:00.000Z', prospectName: 'Ann Lee' }),
			event({ timestamp: '2026-01-04T10:00:00.000Z', eventName: 'Last' }),
		];
		const orders = [events, [...events].reverse(), [events[2], events[0], events[3], events[1]]];
		const results = orders.map((order) => {
			const summaries = new VersionSummaries();
			order.forEach((e) => summaries.add(e));
			return summaries.results();
		});
		for (const result of results) {
			expect(result).toEqual(results[0]);
			expect(result[0]).toMatchObject({
				prospectName: 'Ann Lee',
				prospectEmail: 'ann@acme.test',
				prospectPosition: 'CFO',
				firstEventAt: '2026-01-01T10:00:00.000Z',
				lastEventAt: '2026-01-04T10:00:00.000Z',
				lastEventName: 'Last',
			});
		}
	});

	test('of events sharing the last timestamp, the one listed last is the last event', () => {
		const summaries = new VersionSummaries();
		summaries.add(event({ eventName: 'first listed' }));
		summaries.add(event({ eventName: 'second listed' }));
		expect(summaries.results()[0].lastEventName).toBe('second listed');
	});

	test('most recently active version first; ties by version ID', () => {
		const summaries = new VersionSummaries();
		summaries.add(event({ versionId: 'b', timestamp: '2026-01-05T00:00:00.000Z' }));
		summaries.add(event({ versionId: 'c', timestamp: '2026-01-01T00:00:00.000Z' }));
		summaries.add(event({ versionId: 'a', timestamp: '2026-01-05T00:00:00.000Z' }));
		expect(summaries.results().map((s) => s.versionId)).toEqual(['a', 'b', 'c']);
	});

	test('no events, no summaries', () => {
		expect(new VersionSummaries().results()).toEqual([]);
	});
});

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
