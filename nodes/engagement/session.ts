import type { IDataObject } from 'n8n-workflow';

import type { AnalyticsEvent, VersionFields } from './events';
import { present, slideNumber } from './events';
import type { SlideTimeline } from './slideTime';
import { secondsBySlide, slideMilliseconds } from './slideTime';

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
	/** Clicks per action name, in actionsClicked's order. */
	actionClicks: Record<string, number>;
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

/** A session still being read, as plain JSON: the trigger keeps it between polls. */
export interface OpenSession extends SlideTimeline {
	session: ReadingSession;
	firstInstant: number;
	lastInstant: number;
	/** When each detail was set: the earliest event with it gives it, whatever order events come in. */
	detailsAt: Partial<Record<(typeof DETAIL_FIELDS)[number], number>>;
	actionsAt: number[];
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
		actionClicks: {},
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

export function addMoment(open: OpenSession, instant: number) {
	const { moments } = open;
	let at = moments.length;
	while (at > 0 && moments[at - 1] > instant) at--;
	if (moments[at - 1] !== instant) moments.splice(at, 0, instant);
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
		if (present(event.eventName)) {
			addAction(open, event.eventName, instant);
			// `??=`: a session kept by a trigger before this field existed has none.
			const counts = (session.actionClicks ??= {});
			counts[event.eventName] = (counts[event.eventName] ?? 0) + 1;
		}
	}
	spanTo(open, event.timestamp, instant);
	for (const field of DETAIL_FIELDS) {
		const value = event[field];
		if (present(value) && !(instant > (open.detailsAt[field] ?? Number.POSITIVE_INFINITY)))
			setDetail(open, field, value, instant);
	}
}

export function mergeSessions(into: OpenSession, from: OpenSession) {
	const { session } = into;
	session.views += from.session.views;
	session.clicks += from.session.clicks;
	for (const slide of from.session.slidesViewed)
		if (!session.slidesViewed.includes(slide)) session.slidesViewed.push(slide);
	from.session.actionsClicked.forEach((name, index) =>
		addAction(into, name, from.actionsAt[index]),
	);
	const counts = (session.actionClicks ??= {});
	for (const [name, clicks] of Object.entries(from.session.actionClicks ?? {}))
		counts[name] = (counts[name] ?? 0) + clicks;
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
export const readingSecondsOf = (open: OpenSession) =>
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
		// At least one: a session a trigger kept from before the count existed has clicks uncounted.
		actionClicks: Object.fromEntries(
			open.session.actionsClicked.map((name) => [
				name,
				Math.max(1, open.session.actionClicks?.[name] ?? 0),
			]),
		),
		secondsPerSlide: secondsBySlide(slideMilliseconds(open)),
		mayBeOngoing,
	};
}
