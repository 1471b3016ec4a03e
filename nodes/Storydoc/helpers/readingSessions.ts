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
	secondsPerSlide: Record<string, number>;
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
	actionsAt: number[];
	moments: number[];
	slideViews: Array<[number, number]>;
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
		secondsPerSlide: {},
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
		detailsAt: {},
		actionsAt: [],
		moments: [],
		slideViews: [],
	};
}

function addMoment(open: OpenSession, instant: number) {
	const { moments } = open;
	let at = moments.length;
	while (at > 0 && moments[at - 1] > instant) at--;
	if (moments[at - 1] !== instant) moments.splice(at, 0, instant);
}

/** Each slide's milliseconds, from its view to the next event: docs/development.md › Reading sessions. */
export function slideMilliseconds(open: OpenSession): Map<number, number> {
	const views = [...open.slideViews].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
	const { moments } = open;
	const milliseconds = new Map<number, number>();
	let next = 0;
	views.forEach(([instant, slide], index) => {
		const [previousInstant, previousSlide] = views[index - 1] ?? [];
		if (previousInstant === instant && previousSlide === slide) return;
		while (next < moments.length && moments[next] <= instant) next++;
		if (next === moments.length) return;
		const spent = previousInstant === instant ? 0 : moments[next] - instant;
		milliseconds.set(slide, (milliseconds.get(slide) ?? 0) + spent);
	});
	return milliseconds;
}

/** Whole seconds per slide, rounded down, slides ascending: `{ "3": 180 }`. */
export function secondsBySlide(milliseconds: Map<number, number>): Record<string, number> {
	const seconds: Record<string, number> = {};
	for (const slide of [...milliseconds.keys()].sort((a, b) => a - b))
		seconds[String(slide)] = Math.floor(milliseconds.get(slide)! / 1000);
	return seconds;
}

/** Kept in first-click order; ties in code-point order of the names. */
function addAction(open: OpenSession, name: string, instant: number) {
	const { actionsClicked } = open.session;
	const known = actionsClicked.indexOf(name);
	if (known !== -1) {
		if (open.actionsAt[known] <= instant) return;
		actionsClicked.splice(known, 1);
		open.actionsAt.splice(known, 1);
	}
	let at = actionsClicked.length;
	while (
		at > 0 &&
		(open.actionsAt[at - 1] > instant ||
			(open.actionsAt[at - 1] === instant && actionsClicked[at - 1] > name))
	)
		at--;
	actionsClicked.splice(at, 0, name);
	open.actionsAt.splice(at, 0, instant);
}

/** From the earliest event that has it; at one instant, the value first in code-point order. */
function setDetail(
	open: OpenSession,
	field: (typeof DETAIL_FIELDS)[number],
	value: string,
	instant: number,
) {
	const at = open.detailsAt[field] ?? Number.POSITIVE_INFINITY;
	if (instant < at || (instant === at && value < (open.session[field] as string))) {
		open.session[field] = value;
		open.detailsAt[field] = instant;
	}
}

function spanTo(open: OpenSession, timestamp: string, instant: number) {
	const { session } = open;
	if (
		instant < open.firstInstant ||
		(instant === open.firstInstant && timestamp < session.startedAt)
	) {
		open.firstInstant = instant;
		session.startedAt = timestamp;
	}
	if (
		instant > open.lastInstant ||
		(instant === open.lastInstant && timestamp < session.lastEventAt)
	) {
		open.lastInstant = instant;
		session.lastEventAt = timestamp;
	}
}

export function addToSession(open: OpenSession, event: AnalyticsEvent, instant: number) {
	const { session } = open;
	addMoment(open, instant);
	if (event.eventCategory === 'view') {
		session.views++;
		const slide = slideNumber(event.eventName);
		if (slide !== undefined) open.slideViews.push([instant, slide]);
		if (slide !== undefined && !session.slidesViewed.includes(slide))
			session.slidesViewed.push(slide);
	} else if (event.eventCategory === 'click') {
		session.clicks++;
		if (present(event.eventName)) addAction(open, event.eventName, instant);
	}
	spanTo(open, event.timestamp, instant);
	for (const field of DETAIL_FIELDS) {
		const value = event[field];
		if (present(value) && !(instant > (open.detailsAt[field] ?? Number.POSITIVE_INFINITY)))
			setDetail(open, field, value, instant);
	}
}

function mergeSessions(into: OpenSession, from: OpenSession) {
	const { session } = into;
	session.views += from.session.views;
	session.clicks += from.session.clicks;
	for (const slide of from.session.slidesViewed)
		if (!session.slidesViewed.includes(slide)) session.slidesViewed.push(slide);
	from.session.actionsClicked.forEach((name, index) =>
		addAction(into, name, from.actionsAt[index]),
	);
	for (const moment of from.moments) addMoment(into, moment);
	into.slideViews.push(...from.slideViews);
	spanTo(into, from.session.startedAt, from.firstInstant);
	spanTo(into, from.session.lastEventAt, from.lastInstant);
	for (const field of DETAIL_FIELDS) {
		const at = from.detailsAt[field];
		if (at !== undefined) setDetail(into, field, from.session[field] as string, at);
	}
}

/** Floored: the span is a lower bound of the reading time, and rounding up would overstate it. */
const readingSecondsOf = (open: OpenSession) =>
	Math.floor((open.lastInstant - open.firstInstant) / 1000);

/** The session as an item: its reading time, and its slides in order with the deepest. */
export function finishSession(open: OpenSession, mayBeOngoing: boolean): ReadingSession {
	const slidesViewed = [...open.session.slidesViewed].sort((a, b) => a - b);
	return {
		...open.session,
		readingSeconds: readingSecondsOf(open),
		slidesViewed,
		deepestSlide: slidesViewed.length ? slidesViewed[slidesViewed.length - 1] : null,
		actionsClicked: [...open.session.actionsClicked],
		secondsPerSlide: secondsBySlide(slideMilliseconds(open)),
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

	/** Every session, oldest first, each with its number among its reader's sessions of the version. */
	inOrder(): OrderedSession[] {
		const sessions = [...this.byKey.values()]
			.flat()
			.sort(
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
	secondsPerSlide: Record<string, number>;
	mostReadSlides: number[];
	lastReaderVisitorId: string | null;
}

/** Up to three slides, the most seconds first (ties: the lower slide), none without a second. */
function mostRead(seconds: Record<string, number>): number[] {
	return Object.entries(seconds)
		.filter(([, spent]) => spent > 0)
		.sort(([a, spentA], [b, spentB]) => spentB - spentA || Number(a) - Number(b))
		.slice(0, 3)
		.map(([slide]) => Number(slide));
}

/** Per version, from the sessions' tallies, oldest first: no session is made an item. */
export function readingByVersion(sessions: ReadingSessions): Map<string, VersionReading> {
	const byVersion = new Map<
		string,
		Pick<VersionReading, 'readingSessions' | 'totalReadingSeconds' | 'deepestSlide'> & {
			returning: Set<string>;
			clicked: Set<string>;
			slideSeconds: Record<string, number>;
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
				slideSeconds: {},
				lastRead: Number.NEGATIVE_INFINITY,
				lastReaderVisitorId: null,
			};
			byVersion.set(session.versionId, reading);
		}
		reading.readingSessions++;
		reading.totalReadingSeconds += readingSecondsOf(open);
		for (const slide of session.slidesViewed)
			reading.deepestSlide = Math.max(reading.deepestSlide ?? 0, slide);
		for (const [slide, spent] of Object.entries(secondsBySlide(slideMilliseconds(open))))
			reading.slideSeconds[slide] = (reading.slideSeconds[slide] ?? 0) + spent;
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
		const secondsPerSlide = Object.fromEntries(
			Object.entries(reading.slideSeconds).sort(([a], [b]) => Number(a) - Number(b)),
		);
		results.set(versionId, {
			readingSessions: reading.readingSessions,
			returningReaders: reading.returning.size,
			readersWhoClicked: reading.clicked.size,
			totalReadingSeconds: reading.totalReadingSeconds,
			averageReadingSeconds: Math.floor(reading.totalReadingSeconds / reading.readingSessions),
			deepestSlide: reading.deepestSlide,
			secondsPerSlide,
			mostReadSlides: mostRead(secondsPerSlide),
			lastReaderVisitorId: reading.lastReaderVisitorId,
		});
	}
	return results;
}
