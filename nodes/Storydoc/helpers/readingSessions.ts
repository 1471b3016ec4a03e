import type { IDataObject } from 'n8n-workflow';

import type { AnalyticsEvent } from './interfaces';

/** One reading session: a visit of one reader to one version, derived from its events only. */
export interface ReadingSession extends IDataObject {
	storyId: string;
	storyTitle: string | null;
	versionId: string;
	versionTitle: string | null;
	prospectName: string | null;
	prospectEmail: string | null;
	prospectPosition: string | null;
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

const present = (value: unknown): value is string => typeof value === 'string' && value !== '';

const instantOf = (timestamp: string) => {
	const instant = Date.parse(timestamp);
	return Number.isNaN(instant) ? Number.NEGATIVE_INFINITY : instant;
};

/** The slide number an event's name carries, if it is a slide view. */
export function slideNumber(eventName: unknown): number | undefined {
	const match = typeof eventName === 'string' ? SLIDE_VIEW.exec(eventName) : null;
	return match ? Number(match[1]) : undefined;
}

interface Tally {
	session: ReadingSession;
	firstInstant: number;
	lastInstant: number;
	slides: Set<number>;
	actions: Set<string>;
	/** When each detail was set: the earliest event with it gives it, whatever order events come in. */
	detailsAt: Partial<Record<(typeof DETAIL_FIELDS)[number], number>>;
}

function newTally(event: AnalyticsEvent, instant: number, sessionId: string | null): Tally {
	const session: ReadingSession = {
		storyId: event.storyId,
		storyTitle: null,
		versionId: event.versionId,
		versionTitle: null,
		prospectName: null,
		prospectEmail: null,
		prospectPosition: null,
		visitorId: null,
		sessionId,
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
	return {
		session,
		firstInstant: instant,
		lastInstant: instant,
		slides: new Set(),
		actions: new Set(),
		detailsAt: {},
	};
}

function count(tally: Tally, event: AnalyticsEvent, instant: number) {
	const { session } = tally;
	if (event.eventCategory === 'view') {
		session.views++;
		const slide = slideNumber(event.eventName);
		if (slide !== undefined) tally.slides.add(slide);
	} else if (event.eventCategory === 'click') {
		session.clicks++;
		if (present(event.eventName)) tally.actions.add(event.eventName);
	}
	if (instant < tally.firstInstant) {
		tally.firstInstant = instant;
		session.startedAt = event.timestamp;
	}
	if (instant >= tally.lastInstant) {
		tally.lastInstant = instant;
		session.lastEventAt = event.timestamp;
	}
	// The earliest event that carries a detail gives it: who read, and where and on what it began.
	for (const field of DETAIL_FIELDS) {
		const value = event[field];
		if (present(value) && instant < (tally.detailsAt[field] ?? Number.POSITIVE_INFINITY)) {
			session[field] = value;
			tally.detailsAt[field] = instant;
		}
	}
}

/**
 * Reading sessions from events in any order: by `sessionId`, and for events without one per reader
 * and version, split where no event came for `idleGapMs`. See docs/development.md › Design notes.
 */
export class ReadingSessions {
	private readonly bySessionId = new Map<string, Tally>();

	/** Events without a `sessionId`, per reader and version: split into sessions once all are read. */
	private readonly unsessioned = new Map<
		string,
		Array<{ event: AnalyticsEvent; instant: number }>
	>();

	constructor(private readonly idleGapMs: number) {}

	add(event: AnalyticsEvent): void {
		const instant = instantOf(event.timestamp);
		if (present(event.sessionId)) {
			const key = `${event.versionId}\u0000${event.sessionId}`;
			let tally = this.bySessionId.get(key);
			if (!tally) {
				tally = newTally(event, instant, event.sessionId);
				this.bySessionId.set(key, tally);
			}
			count(tally, event, instant);
			return;
		}
		const key = `${event.versionId}\u0000${present(event.visitorId) ? event.visitorId : ''}`;
		const events = this.unsessioned.get(key) ?? [];
		events.push({ event, instant });
		this.unsessioned.set(key, events);
	}

	private splitUnsessioned(): Tally[] {
		const tallies: Tally[] = [];
		for (const events of this.unsessioned.values()) {
			events.sort((a, b) => a.instant - b.instant);
			let tally: Tally | undefined;
			for (const { event, instant } of events) {
				if (!tally || instant - tally.lastInstant > this.idleGapMs) {
					tally = newTally(event, instant, null);
					tallies.push(tally);
				}
				count(tally, event, instant);
			}
		}
		return tallies;
	}

	/**
	 * Every session, oldest first, with its reader's place in what was read. `readUntil` is the end
	 * of the period read: a session whose last event is less than the idle gap before it may go on.
	 */
	results(readUntil: number): ReadingSession[] {
		const tallies = [...this.bySessionId.values(), ...this.splitUnsessioned()].sort(
			(a, b) =>
				a.firstInstant - b.firstInstant ||
				a.session.versionId.localeCompare(b.session.versionId) ||
				(a.session.visitorId ?? '').localeCompare(b.session.visitorId ?? '') ||
				(a.session.sessionId ?? '').localeCompare(b.session.sessionId ?? ''),
		);
		const readerSessions = new Map<string, number>();
		return tallies.map(({ session, firstInstant, lastInstant, slides, actions }) => {
			const slidesViewed = [...slides].sort((a, b) => a - b);
			let readerSession: number | null = null;
			if (session.visitorId !== null) {
				const reader = `${session.versionId}\u0000${session.visitorId}`;
				readerSession = (readerSessions.get(reader) ?? 0) + 1;
				readerSessions.set(reader, readerSession);
			}
			return {
				...session,
				readingSeconds: Math.round((lastInstant - firstInstant) / 1000),
				slidesViewed,
				deepestSlide: slidesViewed.length ? slidesViewed[slidesViewed.length - 1] : null,
				actionsClicked: [...actions],
				readerSession,
				returningReader: readerSession === null ? null : readerSession > 1,
				mayBeOngoing: readUntil - lastInstant < this.idleGapMs,
			};
		});
	}
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

/** Per version, from its sessions (oldest first, as `results` gives them). */
export function readingByVersion(sessions: ReadingSession[]): Map<string, VersionReading> {
	type Tallied = VersionReading & {
		returning: Set<string>;
		clicked: Set<string>;
		lastRead: number;
	};
	const byVersion = new Map<string, Tallied>();
	for (const session of sessions) {
		let reading = byVersion.get(session.versionId);
		if (!reading) {
			reading = {
				readingSessions: 0,
				returningReaders: 0,
				readersWhoClicked: 0,
				totalReadingSeconds: 0,
				averageReadingSeconds: 0,
				deepestSlide: null,
				lastReaderVisitorId: null,
				returning: new Set(),
				clicked: new Set(),
				lastRead: Number.NEGATIVE_INFINITY,
			};
			byVersion.set(session.versionId, reading);
		}
		reading.readingSessions++;
		reading.totalReadingSeconds += session.readingSeconds;
		if (session.deepestSlide !== null)
			reading.deepestSlide = Math.max(reading.deepestSlide ?? 0, session.deepestSlide);
		if (session.visitorId === null) continue;
		if (session.returningReader) reading.returning.add(session.visitorId);
		if (session.clicks > 0) reading.clicked.add(session.visitorId);
		const lastEvent = instantOf(session.lastEventAt);
		if (lastEvent >= reading.lastRead) {
			reading.lastRead = lastEvent;
			reading.lastReaderVisitorId = session.visitorId;
		}
	}
	const results = new Map<string, VersionReading>();
	for (const [versionId, { returning, clicked, lastRead: _lastRead, ...reading }] of byVersion) {
		results.set(versionId, {
			...reading,
			returningReaders: returning.size,
			readersWhoClicked: clicked.size,
			averageReadingSeconds: Math.round(reading.totalReadingSeconds / reading.readingSessions),
		});
	}
	return results;
}
