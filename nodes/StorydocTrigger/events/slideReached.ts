import type { IDataObject } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import type { AnalyticsEvent } from '../../engagement/events';
import { present, slideNumber } from '../../engagement/events';
import type { OpenSession, ReadingSession } from '../../engagement/session';
import { addToSession, finishSession, openSession } from '../../engagement/session';
import { sessionKey } from '../../engagement/sessions';
import { MAX_OPEN_SESSIONS } from './sessionEnded';

/** Readers remembered per version once they reached the slide; past it, the longest unseen are forgotten. */
export const MAX_READERS_REACHED = 10_000;

export interface SlideReached extends ReadingSession {
	slideReached: number;
	reachedAt: string;
}

export interface SlideReachedState {
	open: Record<string, OpenSession>;
	reached: Record<string, number>;
}

export function readSlideReachedState(staticData: IDataObject): SlideReachedState {
	const stored = (staticData.slideReached ?? {}) as Partial<SlideReachedState>;
	const open: Record<string, OpenSession> = {};
	for (const [key, value] of Object.entries(stored.open ?? {}))
		if (value?.session?.versionId && Number.isFinite(value.lastInstant)) open[key] = value;
	const reached: Record<string, number> = {};
	for (const [key, value] of Object.entries(stored.reached ?? {}))
		if (Number.isFinite(value)) reached[key] = value;
	return { open, reached };
}

/** The reader, as the API tells readers apart: its visitor ID, else its session ID. */
function readerKey(event: AnalyticsEvent): string | undefined {
	if (present(event.visitorId)) return `${event.versionId} visitor ${event.visitorId}`;
	if (present(event.sessionId)) return `${event.versionId} session ${event.sessionId}`;
	return undefined;
}

/** Events by instant, oldest first: each instant is folded whole before anything is emitted at it. */
function byInstant(events: AnalyticsEvent[]): Array<[number, AnalyticsEvent[]]> {
	const groups = new Map<number, AnalyticsEvent[]>();
	for (const event of events) {
		const instant = Date.parse(event.timestamp);
		if (!Number.isFinite(instant)) continue;
		const group = groups.get(instant);
		if (group) group.push(event);
		else groups.set(instant, [event]);
	}
	return [...groups].sort(([a], [b]) => a - b);
}

/** The lowest slide at or past `slide` each reader viewed at this instant, readers in a fixed order. */
function reachesAt(group: AnalyticsEvent[], slide: number) {
	const lowest = new Map<string, { event: AnalyticsEvent; slide: number }>();
	for (const event of group) {
		const viewed = event.eventCategory === 'view' ? slideNumber(event.eventName) : undefined;
		const reader = readerKey(event);
		if (viewed === undefined || viewed < slide || reader === undefined) continue;
		const known = lowest.get(reader);
		if (!known || viewed < known.slide) lowest.set(reader, { event, slide: viewed });
	}
	return [...lowest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A poll's new events folded in: docs/development.md › Slide Reached. */
export function slidesReached(
	previous: SlideReachedState,
	fresh: AnalyticsEvent[],
	{ slide, idleGapMs, readUntil }: { slide: number; idleGapMs: number; readUntil: number },
): { emitted: SlideReached[]; state: SlideReachedState } {
	const open = new Map(Object.entries(previous.open).map(([key, value]) => [key, deepCopy(value)]));
	const reached = new Map(Object.entries(previous.reached));
	const emitted: SlideReached[] = [];
	for (const [instant, group] of byInstant(fresh)) {
		for (const event of group) {
			const key = sessionKey(event);
			let session = open.get(key);
			if (!session || instant - session.lastInstant > idleGapMs) {
				session = openSession(event, instant);
				open.set(key, session);
			}
			addToSession(session, event, instant);
			const reader = readerKey(event);
			if (reader !== undefined && reached.has(reader)) reached.set(reader, instant);
		}
		for (const [reader, reach] of reachesAt(group, slide)) {
			if (reached.has(reader)) continue;
			reached.set(reader, instant);
			emitted.push({
				...finishSession(open.get(sessionKey(reach.event))!, true),
				slideReached: reach.slide,
				reachedAt: reach.event.timestamp,
			});
		}
	}
	for (const [key, session] of open)
		if (readUntil - session.lastInstant > idleGapMs) open.delete(key);
	const keptOpen = [...open].sort(([, a], [, b]) => b.lastInstant - a.lastInstant);
	const keptReached = [...reached].sort(([, a], [, b]) => b - a);
	return {
		emitted,
		state: {
			open: Object.fromEntries(keptOpen.slice(0, MAX_OPEN_SESSIONS)),
			reached: Object.fromEntries(keptReached.slice(0, MAX_READERS_REACHED)),
		},
	};
}
