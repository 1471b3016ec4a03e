import type { IDataObject } from 'n8n-workflow';

import type { AnalyticsEvent, VersionFields } from './interfaces';
import { instantOf, present } from './versionSummary';

/** One reading session: a visit of one reader to one version, derived from its events only. */
export interface ReadingSession extends IDataObject, VersionFields {
	visitorId: string | null;
	sessionId: string | null;
	startedAt: string;
	lastEventAt: string;
	readingSeconds: number;
	views: number;
	clicks: number;
	slidesViewed: number[];
	deepestSlide: number | null;
	actionsClicked: string[];
	deviceType: string | null;
	deviceTypeName: string | null;
	locationCity: string | null;
	returningReader: boolean | null;
	readerSession: number | null;
	mayBeOngoing: boolean;
}

const DETAIL_FIELDS = [
	'visitorId',
	'storyTitle',
	'versionTitle',
	'prospectName',
	'prospectEmail',
	'prospectPosition',
	'deviceType',
	'deviceTypeName',
	'locationCity',
] as const;

/** A slide view's name in Storydoc's reference: `view_slide_3`. */
const SLIDE_VIEW = /^view_slide_(\d+)$/;

export function slideNumber(eventName: unknown): number | undefined {
	const match = typeof eventName === 'string' ? SLIDE_VIEW.exec(eventName) : null;
	return match ? Number(match[1]) : undefined;
}

/** A session still being read, as plain JSON: the trigger keeps it between polls. */
export interface OpenSession {
	session: ReadingSession;
	firstInstant: number;
	lastInstant: number;
	/** When each detail was set: the earliest event with it gives it, whatever order events come in. */
	detailsAt: Partial<Record<(typeof DETAIL_FIELDS)[number], number>>;
}

export function openSession(event: AnalyticsEvent, instant: number): OpenSession {
	// Written out: on Node 20 (n8n 1.x) a spread of versionOf(event) here cost 12 µs per session.
	const session: ReadingSession = {
		storyId: event.storyId,
		storyTitle: null,
		versionId: event.versionId,
		versionTitle: null,
		prospectName: null,
		prospectEmail: null,
		prospectPosition: null,
		visitorId: null,
		sessionId: present(event.sessionId) ? event.sessionId : null,
		startedAt: event.timestamp,
		lastEventAt: event.timestamp,
		readingSeconds: 0,
		views: 0,
		clicks: 0,
		slidesViewed: [],
		deepestSlide: null,
		actionsClicked: [],
		deviceType: null,
		deviceTypeName: null,
		locationCity: null,
		returningReader: null,
		readerSession: null,
		mayBeOngoing: false,
	};
	return { session, firstInstant: instant, lastInstant: instant, detailsAt: {} };
}

export function addToSession(open: OpenSession, event: AnalyticsEvent, instant: number) {
	const { session } = open;
	if (event.eventCategory === 'view') {
		session.views++;
		const slide = slideNumber(event.eventName);
		if (slide !== undefined && !session.slidesViewed.includes(slide))
			session.slidesViewed.push(slide);
	} else if (event.eventCategory === 'click') {
		session.clicks++;
		if (present(event.eventName) && !session.actionsClicked.includes(event.eventName))
			session.actionsClicked.push(event.eventName);
	}
	if (instant < open.firstInstant) {
		open.firstInstant = instant;
		session.startedAt = event.timestamp;
	}
	if (instant >= open.lastInstant) {
		open.lastInstant = instant;
		session.lastEventAt = event.timestamp;
	}
	for (const field of DETAIL_FIELDS) {
		const value = event[field];
		if (present(value) && instant < (open.detailsAt[field] ?? Number.POSITIVE_INFINITY)) {
			session[field] = value;
			open.detailsAt[field] = instant;
		}
	}
}

const readingSecondsOf = (open: OpenSession) =>
	Math.round((open.lastInstant - open.firstInstant) / 1000);

/** The session as an item: its reading time, and its slides in order with the deepest. */
export function finishSession(open: OpenSession, mayBeOngoing: boolean): ReadingSession {
	const slidesViewed = [...open.session.slidesViewed].sort((a, b) => a - b);
	return {
		...open.session,
		readingSeconds: readingSecondsOf(open),
		slidesViewed,
		deepestSlide: slidesViewed.length ? slidesViewed[slidesViewed.length - 1] : null,
		actionsClicked: [...open.session.actionsClicked],
		mayBeOngoing,
	};
}

/** Which session an event belongs to: its version and session ID, or its version and reader. */
export function sessionKey(event: AnalyticsEvent): string {
	return present(event.sessionId)
		? `session ${event.versionId} ${event.sessionId}`
		: `reader ${event.versionId} ${present(event.visitorId) ? event.visitorId : ''}`;
}

/** Reading sessions from events in any order: docs/development.md › Reading sessions. */
export class ReadingSessions {
	private readonly bySessionId = new Map<string, OpenSession>();

	/** Events without a `sessionId`, per reader and version: split into sessions once all are read. */
	private readonly unsessioned = new Map<
		string,
		Array<{ event: AnalyticsEvent; instant: number }>
	>();

	constructor(private readonly idleGapMs: number) {}

	add(event: AnalyticsEvent): void {
		const instant = instantOf(event.timestamp);
		const key = sessionKey(event);
		if (present(event.sessionId)) {
			let open = this.bySessionId.get(key);
			if (!open) {
				open = openSession(event, instant);
				this.bySessionId.set(key, open);
			}
			addToSession(open, event, instant);
			return;
		}
		const events = this.unsessioned.get(key) ?? [];
		events.push({ event, instant });
		this.unsessioned.set(key, events);
	}

	private splitUnsessioned(): OpenSession[] {
		const sessions: OpenSession[] = [];
		for (const events of this.unsessioned.values()) {
			events.sort((a, b) => a.instant - b.instant);
			let open: OpenSession | undefined;
			for (const { event, instant } of events) {
				if (!open || instant - open.lastInstant > this.idleGapMs) {
					open = openSession(event, instant);
					sessions.push(open);
				}
				addToSession(open, event, instant);
			}
		}
		return sessions;
	}

	/** Every session, oldest first, each with its number among its reader's sessions of the version. */
	inOrder(): OrderedSession[] {
		const sessions = [...this.bySessionId.values(), ...this.splitUnsessioned()].sort(
			(a, b) =>
				a.firstInstant - b.firstInstant ||
				a.session.versionId.localeCompare(b.session.versionId) ||
				(a.session.visitorId ?? '').localeCompare(b.session.visitorId ?? '') ||
				(a.session.sessionId ?? '').localeCompare(b.session.sessionId ?? ''),
		);
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

/** What a version's reading sessions add to its summary (Get Events › Summary per Version). */
export interface VersionReading extends IDataObject {
	readingSessions: number;
	returningReaders: number;
	readersWhoClicked: number;
	totalReadingSeconds: number;
	averageReadingSeconds: number;
	deepestSlide: number | null;
	lastReaderVisitorId: string | null;
}

/** Per version, from the sessions' tallies, oldest first: no session is made an item. */
export function readingByVersion(sessions: ReadingSessions): Map<string, VersionReading> {
	const byVersion = new Map<
		string,
		Pick<VersionReading, 'readingSessions' | 'totalReadingSeconds' | 'deepestSlide'> & {
			returning: Set<string>;
			clicked: Set<string>;
			lastRead: number;
			lastReaderVisitorId: string | null;
		}
	>();
	for (const { open, readerSession } of sessions.inOrder()) {
		const { session } = open;
		let reading = byVersion.get(session.versionId);
		if (!reading) {
			reading = {
				readingSessions: 0,
				totalReadingSeconds: 0,
				deepestSlide: null,
				returning: new Set(),
				clicked: new Set(),
				lastRead: Number.NEGATIVE_INFINITY,
				lastReaderVisitorId: null,
			};
			byVersion.set(session.versionId, reading);
		}
		reading.readingSessions++;
		reading.totalReadingSeconds += readingSecondsOf(open);
		for (const slide of session.slidesViewed)
			reading.deepestSlide = Math.max(reading.deepestSlide ?? 0, slide);
		if (session.visitorId === null) continue;
		if (readerSession !== null && readerSession > 1) reading.returning.add(session.visitorId);
		if (session.clicks > 0) reading.clicked.add(session.visitorId);
		if (open.lastInstant >= reading.lastRead) {
			reading.lastRead = open.lastInstant;
			reading.lastReaderVisitorId = session.visitorId;
		}
	}
	const results = new Map<string, VersionReading>();
	for (const [versionId, reading] of byVersion) {
		results.set(versionId, {
			readingSessions: reading.readingSessions,
			returningReaders: reading.returning.size,
			readersWhoClicked: reading.clicked.size,
			totalReadingSeconds: reading.totalReadingSeconds,
			averageReadingSeconds: Math.round(reading.totalReadingSeconds / reading.readingSessions),
			deepestSlide: reading.deepestSlide,
			lastReaderVisitorId: reading.lastReaderVisitorId,
		});
	}
	return results;
}
