import type { AnalyticsEvent } from './events';
import { instantOf, present } from './events';
import type { OpenSession, ReadingSession } from './session';
import { addToSession, finishSession, mergeSessions, openSession } from './session';

/** Which session an event belongs to: its version and session ID, or its version and reader. */
export function sessionKey(event: AnalyticsEvent): string {
	return present(event.sessionId)
		? `session ${event.versionId} ${event.sessionId}`
		: `reader ${event.versionId} ${present(event.visitorId) ? event.visitorId : ''}`;
}

/** Reading sessions from events in any order: docs/development.md › Reading sessions. */
export class ReadingSessions {
	private readonly byKey = new Map<string, OpenSession[]>();

	constructor(private readonly idleGapMs: number) {}

	add(event: AnalyticsEvent): void {
		const instant = instantOf(event.timestamp);
		const key = sessionKey(event);
		const sessions = this.byKey.get(key);
		if (!sessions) {
			const open = openSession(event, instant);
			addToSession(open, event, instant);
			this.byKey.set(key, [open]);
			return;
		}
		// From the end: events mostly come in time order, so this is usually the last session.
		let at = sessions.length - 1;
		while (at >= 0 && sessions[at].firstInstant - this.idleGapMs > instant) at--;
		if (!this.touches(sessions, at, instant)) {
			const open = openSession(event, instant);
			addToSession(open, event, instant);
			sessions.splice(at + 1, 0, open);
			return;
		}
		const open = sessions[at];
		addToSession(open, event, instant);
		if (this.touches(sessions, at - 1, instant)) {
			mergeSessions(sessions[at - 1], open);
			sessions.splice(at, 1);
		}
	}

	private touches(sessions: OpenSession[], index: number, instant: number): boolean {
		if (index < 0) return false;
		const last = sessions[index].lastInstant;
		// `===` too: events without a readable time (-Infinity) are one session of their own.
		return instant === last || instant - last <= this.idleGapMs;
	}

	/** Every session, oldest first (ties by version, visitor, session ID). */
	sorted(): OpenSession[] {
		return [...this.byKey.values()]
			.flat()
			.sort(
				(a, b) =>
					a.firstInstant - b.firstInstant ||
					a.session.versionId.localeCompare(b.session.versionId) ||
					(a.session.visitorId ?? '').localeCompare(b.session.visitorId ?? '') ||
					(a.session.sessionId ?? '').localeCompare(b.session.sessionId ?? ''),
			);
	}

	/** Every session, oldest first, each with its number among its reader's sessions of the version. */
	inOrder(): OrderedSession[] {
		const sessions = this.sorted();
		const readerSessions = new Map<string, number>();
		return sessions.map((open) => {
			const { versionId, visitorId } = open.session;
			if (visitorId === null) return { open, readerSession: null };
			const reader = `${versionId} ${visitorId}`;
			const readerSession = (readerSessions.get(reader) ?? 0) + 1;
			readerSessions.set(reader, readerSession);
			return { open, readerSession };
		});
	}

	/** Every session as an item; one whose last event is within the gap of `readUntil` may go on. */
	results(readUntil: number): ReadingSession[] {
		return this.inOrder().map(({ open, readerSession }) => {
			const session = finishSession(open, readUntil - open.lastInstant < this.idleGapMs);
			if (readerSession !== null) {
				session.readerSession = readerSession;
				session.returningReader = readerSession > 1;
			}
			return session;
		});
	}
}

export interface OrderedSession {
	open: OpenSession;
	readerSession: number | null;
}
