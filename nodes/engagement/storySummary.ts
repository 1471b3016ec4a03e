import type { IDataObject } from 'n8n-workflow';

import { daysOfPeriod, dayIn, weekOf } from './calendarDays';
import type { ReadingSession } from './session';
import type { ReadingSessions } from './sessions';
import type { StorySession } from './storySession';
import { finished, opened } from './storySession';

/** A session counts as engaged with a click, two slides or more, or ten seconds read (Digiphy's rule). */
export const ENGAGED_SECONDS = 10;

export interface StorySummaryOptions {
	/** The story's last slide, when the user knows it; else the deepest slide reached in the period. */
	lastSlide?: number;
	timeZone: string;
	from: number;
	to: number;
}

interface Reader {
	deepest: number;
	engaged: boolean;
}

interface Tally {
	storyId: string;
	storyTitle: string | null;
	sessions: number;
	readingSeconds: number;
	bounced: number;
	readers: Map<string, Reader>;
	withoutId: number;
	slideSeconds: Map<number, number>;
	slideViewers: Map<string, Set<string>>;
	devices: Map<string, Set<string>>;
	cities: Map<string, Set<string>>;
	days: Map<string, { sessions: number; readers: Set<string> }>;
	/** By week (its Monday): sessions, and each reader's deepest slide that week. */
	weeks: Map<string, { sessions: number; deepest: Map<string, number> }>;
	actions: Map<string, { readers: Set<string>; clicks: number }>;
	versions: Map<string, { versionTitle: string | null; readers: Set<string>; sessions: number }>;
}

const rate = (part: number, whole: number) =>
	whole ? Math.round((part / whole) * 1000) / 1000 : 0;

/** Most readers first, ties in code-point order of the name. */
const ranked = <T>(entries: Map<string, Set<string>>, make: (name: string, readers: number) => T) =>
	[...entries]
		.sort(([a, x], [b, y]) => y.size - x.size || (a < b ? -1 : a > b ? 1 : 0))
		.map(([name, readers]) => make(name, readers.size));

const add = (map: Map<string, Set<string>>, key: string | null, reader: string) => {
	if (key === null) return;
	const readers = map.get(key) ?? new Set<string>();
	readers.add(reader);
	map.set(key, readers);
};

function tallyOf(session: Pick<ReadingSession, 'storyId' | 'storyTitle'>): Tally {
	return {
		storyId: session.storyId,
		storyTitle: session.storyTitle,
		sessions: 0,
		readingSeconds: 0,
		bounced: 0,
		readers: new Map(),
		withoutId: 0,
		slideSeconds: new Map(),
		slideViewers: new Map(),
		devices: new Map(),
		cities: new Map(),
		days: new Map(),
		weeks: new Map(),
		actions: new Map(),
		versions: new Map(),
	};
}

function addSession(tally: Tally, story: StorySession, day: string, week: string) {
	const session = story.details;
	// A reader without a visitor ID is known by this session alone.
	const reader = session.visitorId ?? `session ${tally.sessions}`;
	if (session.visitorId === null) tally.withoutId++;
	tally.sessions++;
	tally.storyTitle ??= session.storyTitle;
	tally.readingSeconds += story.readingSeconds;
	const deepest = story.deepestSlide ?? 0;
	if (deepest <= 1 && session.clicks === 0) tally.bounced++;
	const engaged =
		session.clicks > 0 ||
		session.slidesViewed.length >= 2 ||
		story.readingSeconds >= ENGAGED_SECONDS;
	const known = tally.readers.get(reader);
	if (known) {
		known.deepest = Math.max(known.deepest, deepest);
		known.engaged ||= engaged;
	} else tally.readers.set(reader, { deepest, engaged });
	for (const slide of session.slidesViewed) add(tally.slideViewers, String(slide), reader);
	for (const [slide, seconds] of story.secondsPerSlide)
		tally.slideSeconds.set(slide, (tally.slideSeconds.get(slide) ?? 0) + seconds);
	add(tally.devices, session.deviceType, reader);
	add(tally.cities, session.locationCity, reader);
	addToCalendar(tally, reader, deepest, day, week);
	for (const [action, clicks] of story.actionClicks) {
		const clicked = tally.actions.get(action) ?? { readers: new Set<string>(), clicks: 0 };
		clicked.readers.add(reader);
		clicked.clicks += clicks;
		tally.actions.set(action, clicked);
	}
	const version = tally.versions.get(session.versionId) ?? {
		versionTitle: session.versionTitle,
		readers: new Set<string>(),
		sessions: 0,
	};
	version.versionTitle ??= session.versionTitle;
	version.readers.add(reader);
	version.sessions++;
	tally.versions.set(session.versionId, version);
}

function addToCalendar(tally: Tally, reader: string, deepest: number, day: string, week: string) {
	const onDay = tally.days.get(day) ?? { sessions: 0, readers: new Set<string>() };
	onDay.sessions++;
	onDay.readers.add(reader);
	tally.days.set(day, onDay);
	const inWeek = tally.weeks.get(week) ?? { sessions: 0, deepest: new Map<string, number>() };
	inWeek.sessions++;
	inWeek.deepest.set(reader, Math.max(inWeek.deepest.get(reader) ?? 0, deepest));
	tally.weeks.set(week, inWeek);
}

/** The funnel and each slide's reach up to the last slide: reaching a slide is viewing it or a later one. */
function reachOf(tally: Tally, lastSlide: number | null) {
	const readers = [...tally.readers.values()];
	const opened = readers.length;
	const reached = (slide: number) => readers.filter((reader) => reader.deepest >= slide).length;
	const slides: IDataObject[] = [];
	let before = opened;
	for (let slide = 1; lastSlide !== null && slide <= lastSlide; slide++) {
		const readersReached = reached(slide);
		const readersViewed = tally.slideViewers.get(String(slide))?.size ?? 0;
		slides.push({
			slide,
			readersReached,
			shareOfOpeners: rate(readersReached, opened),
			dropFromPrevious: before - readersReached,
			readersViewed,
			averageSeconds: readersViewed
				? Math.floor((tally.slideSeconds.get(slide) ?? 0) / readersViewed)
				: 0,
		});
		before = readersReached;
	}
	const startedScrolling = reached(2);
	const completed = lastSlide === null ? 0 : reached(lastSlide);
	const funnel = {
		opened,
		startedScrolling,
		completed,
		startedScrollingRate: rate(startedScrolling, opened),
		completionRate: rate(completed, opened),
	};
	return { funnel, slides };
}

/** Each week's readers and their completion (reaching the last slide in a session of that week). */
function weekFigures(tally: Tally, weeks: string[], lastSlide: number | null) {
	return weeks.map((weekFrom) => {
		const week = tally.weeks.get(weekFrom);
		const deepest = [...(week?.deepest.values() ?? [])];
		const completed = lastSlide === null ? 0 : deepest.filter((slide) => slide >= lastSlide).length;
		return {
			weekFrom,
			readingSessions: week?.sessions ?? 0,
			readers: deepest.length,
			completionRate: rate(completed, deepest.length),
		};
	});
}

function calendarOf({ from, to, timeZone }: StorySummaryOptions) {
	const days = daysOfPeriod(from, to, timeZone);
	return { days, weeks: [...new Set(days.map(weekOf))] };
}

function summaryOf(
	tally: Tally,
	options: StorySummaryOptions,
	{ days, weeks }: ReturnType<typeof calendarOf>,
): IDataObject {
	const readers = [...tally.readers.values()];
	const deepestReached =
		readers.reduce((deepest, reader) => Math.max(deepest, reader.deepest), 0) || null;
	const lastSlide = options.lastSlide ?? deepestReached;
	const engagedReaders = readers.filter((reader) => reader.engaged).length;
	const { funnel, slides } = reachOf(tally, lastSlide);
	return {
		storyId: tally.storyId,
		storyTitle: tally.storyTitle,
		periodFrom: new Date(options.from).toISOString(),
		periodTo: new Date(options.to).toISOString(),
		timeZone: options.timeZone,
		readers: readers.length,
		readersWithoutId: tally.withoutId,
		readingSessions: tally.sessions,
		engagedReaders,
		engagedReadersRate: rate(engagedReaders, readers.length),
		totalReadingSeconds: tally.readingSeconds,
		averageReadingSeconds: tally.sessions ? Math.floor(tally.readingSeconds / tally.sessions) : 0,
		bouncedSessions: tally.bounced,
		bounceRate: rate(tally.bounced, tally.sessions),
		lastSlide,
		lastSlideFrom: options.lastSlide === undefined ? 'deepestReached' : 'option',
		deepestSlideReached: deepestReached,
		funnel,
		slides,
		devices: ranked(tally.devices, (deviceType, count) => ({ deviceType, readers: count })),
		cities: ranked(tally.cities, (city, count) => ({ city, readers: count })),
		days: days.map((date) => ({
			date,
			readingSessions: tally.days.get(date)?.sessions ?? 0,
			readers: tally.days.get(date)?.readers.size ?? 0,
		})),
		weeks: weekFigures(tally, weeks, lastSlide),
		actions: [...tally.actions]
			.sort(
				([a, x], [b, y]) =>
					y.readers.size - x.readers.size || y.clicks - x.clicks || (a < b ? -1 : a > b ? 1 : 0),
			)
			.map(([action, { readers: who, clicks }]) => ({ action, readers: who.size, clicks })),
		versions: [...tally.versions]
			.sort(([a, x], [b, y]) => y.readers.size - x.readers.size || (a < b ? -1 : a > b ? 1 : 0))
			.map(([versionId, version]) => ({
				versionId,
				versionTitle: version.versionTitle,
				readers: version.readers.size,
				readingSessions: version.sessions,
			})),
	};
}

/** One summary per story of `sessions` (oldest first), stories most read first. */
function summariesOf(
	sessions: Iterable<StorySession>,
	options: StorySummaryOptions,
): IDataObject[] {
	const day = dayIn(options.timeZone);
	const weeks = new Map<string, string>();
	const tallies = new Map<string, Tally>();
	for (const session of sessions) {
		const tally = tallies.get(session.details.storyId) ?? tallyOf(session.details);
		tallies.set(session.details.storyId, tally);
		const date = day(session.startedAt);
		const week = weeks.get(date) ?? weekOf(date);
		weeks.set(date, week);
		addSession(tally, session, date, week);
	}
	const calendar = calendarOf(options);
	return [...tallies.values()]
		.sort(
			(a, b) =>
				b.readers.size - a.readers.size ||
				(a.storyId < b.storyId ? -1 : a.storyId > b.storyId ? 1 : 0),
		)
		.map((tally) => summaryOf(tally, options, calendar));
}

/** Get Events › Summary per Story from the sessions as items (oldest first, as ReadingSessions.results lists them). */
export function storySummaries(
	sessions: ReadingSession[],
	options: StorySummaryOptions,
): IDataObject[] {
	return summariesOf(sessions.map(finished), options);
}

/** The same from the sessions as read, none made an item first: what the node runs (docs/development.md › Summary per Story). */
export function storySummariesOf(
	sessions: ReadingSessions,
	options: StorySummaryOptions,
): IDataObject[] {
	return summariesOf(
		(function* () {
			for (const open of sessions.sorted()) yield opened(open);
		})(),
		options,
	);
}

/** A story's summary for a period without its sessions (Compare With: read only in the other period). */
export function storySummaryOfNone(
	story: { storyId: string; storyTitle: string | null },
	options: StorySummaryOptions,
): IDataObject {
	const tally = tallyOf(story);
	return summaryOf(tally, options, calendarOf(options));
}
