/** Unit tests of the per-version summary of analytics events. */
import type { AnalyticsEvent } from '../../../nodes/engagement/events';
import { VersionSummaries } from '../../../nodes/engagement/versionSummary';

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

	test('of events sharing the last timestamp, the name last in code-point order is the last event, whatever order they are listed in', () => {
		for (const names of [
			['b listed first', 'a listed second'],
			['a listed first', 'b listed second'],
		]) {
			const summaries = new VersionSummaries();
			for (const eventName of names) summaries.add(event({ eventName, prospectName: eventName }));
			expect(summaries.results()[0]).toMatchObject({
				lastEventName: names.find((name) => name.startsWith('b')),
				prospectName: names.find((name) => name.startsWith('b')),
			});
		}
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
