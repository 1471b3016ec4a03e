import type { IDataObject } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import type { AnalyticsEvent } from '../../engagement/events';
import type { OpenSession, ReadingSession } from '../../engagement/session';
import { addToSession, finishSession, openSession } from '../../engagement/session';
import { sessionKey } from '../../engagement/sessions';

/** Sessions kept open between polls; past it, the longest idle end early: docs/development.md › Design notes. */
export const MAX_OPEN_SESSIONS = 1000;

type OpenSessions = Record<string, OpenSession>;

function readOpenSessions(staticData: IDataObject): OpenSessions {
	const stored = (staticData.readingSessions as { open?: unknown } | undefined)?.open;
	if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
	const open: OpenSessions = {};
	for (const [key, value] of Object.entries(stored as Record<string, Partial<OpenSession>>)) {
		if (value?.session?.versionId && Number.isFinite(value.lastInstant))
			open[key] = { moments: [], slideViews: [], ...value } as OpenSession;
	}
	return open;
}

const byStart = (a: OpenSession, b: OpenSession) =>
	a.firstInstant - b.firstInstant || a.session.versionId.localeCompare(b.session.versionId);

/** A poll's new events folded into the open sessions: docs/development.md › Reading Session Ended. */
export function endSessions(
	previous: OpenSessions,
	fresh: AnalyticsEvent[],
	readUntil: number,
	idleGapMs: number,
): { ended: ReadingSession[]; open: OpenSessions } {
	const open = new Map(Object.entries(previous).map(([key, session]) => [key, deepCopy(session)]));
	const ended: OpenSession[] = [];
	for (const event of fresh) {
		const instant = Date.parse(event.timestamp);
		const key = sessionKey(event);
		let session = open.get(key);
		if (session && instant - session.lastInstant > idleGapMs) {
			ended.push(session);
			session = undefined;
		}
		if (!session) {
			session = openSession(event, instant);
			open.set(key, session);
		}
		addToSession(session, event, instant);
	}
	for (const [key, session] of open) {
		if (readUntil - session.lastInstant <= idleGapMs) continue;
		ended.push(session);
		open.delete(key);
	}
	const cut = [...open].sort(([, a], [, b]) => a.lastInstant - b.lastInstant);
	const cutShort = cut.slice(0, Math.max(0, open.size - MAX_OPEN_SESSIONS));
	for (const [key] of cutShort) open.delete(key);
	return {
		ended: [
			...ended.sort(byStart).map((session) => finishSession(session, false)),
			...cutShort
				.map(([, session]) => session)
				.sort(byStart)
				.map((session) => finishSession(session, true)),
		],
		open: Object.fromEntries(open),
	};
}

/** A poll's ended sessions; the open ones are kept in the node's static data, beside the cursor. */
export function sessionsEndedByPoll(
	staticData: IDataObject,
	fresh: AnalyticsEvent[],
	readUntil: number,
	idleGapMs: number,
): ReadingSession[] {
	const { ended, open } = endSessions(readOpenSessions(staticData), fresh, readUntil, idleGapMs);
	staticData.readingSessions = { open };
	return ended;
}
