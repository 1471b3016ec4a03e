/**
 * One reading session's clicks per action (`actionClicks`), also for a session a trigger kept in its
 * state before the field existed: that session, read back from JSON without it, goes on counting,
 * and each action it had clicked counts at least once.
 */
import type { AnalyticsEvent } from '../../../nodes/engagement/events';
import type { OpenSession } from '../../../nodes/engagement/session';
import { addToSession, finishSession, openSession } from '../../../nodes/engagement/session';

const event = (second: number, fields: Partial<AnalyticsEvent>): AnalyticsEvent => ({
	timestamp: new Date(Date.parse('2026-05-01T09:00:00Z') + second * 1000).toISOString(),
	storyId: 'story',
	versionId: 'v1',
	visitorId: 'vis_a',
	sessionId: 's1',
	eventCategory: 'click',
	eventName: 'CTA: Book',
	...fields,
});

function sessionOf(events: AnalyticsEvent[]): OpenSession {
	const open = openSession(events[0], Date.parse(events[0].timestamp));
	for (const each of events) addToSession(open, each, Date.parse(each.timestamp));
	return open;
}

test('clicks per action, in the order first clicked; views and nameless clicks count for none', () => {
	const open = sessionOf([
		event(0, { eventCategory: 'view', eventName: 'view_slide_1' }),
		event(10, { eventName: 'Link: Case study' }),
		event(20, {}),
		event(30, {}),
		event(40, { eventName: null }),
	]);
	const session = finishSession(open, false);
	expect(session.actionsClicked).toEqual(['Link: Case study', 'CTA: Book']);
	expect(session.actionClicks).toEqual({ 'Link: Case study': 1, 'CTA: Book': 2 });
	expect(session.clicks).toBe(4);
});

test('a session kept before actionClicks existed counts on from there, each action at least once', () => {
	const stored = JSON.parse(
		JSON.stringify(sessionOf([event(0, {}), event(10, {})])),
	) as OpenSession;
	delete (stored.session as Partial<OpenSession['session']>).actionClicks;
	expect(finishSession(stored, false).actionClicks).toEqual({ 'CTA: Book': 1 });
	addToSession(
		stored,
		event(20, { eventName: 'Link: Case study' }),
		Date.parse(event(20, {}).timestamp),
	);
	expect(finishSession(stored, false).actionClicks).toEqual({
		'CTA: Book': 1,
		'Link: Case study': 1,
	});
});
