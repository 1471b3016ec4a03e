import type { OpenSession, ReadingSession } from './session';
import { readingSecondsOf } from './session';
import { slideMilliseconds } from './slideTime';

/** What a story's tally reads of a session, finished or open (no copy); slides and actions in any order. */
export interface StorySession {
	details: Pick<
		ReadingSession,
		| 'storyId'
		| 'storyTitle'
		| 'versionId'
		| 'versionTitle'
		| 'visitorId'
		| 'deviceType'
		| 'locationCity'
		| 'clicks'
		| 'slidesViewed'
	>;
	startedAt: number;
	readingSeconds: number;
	deepestSlide: number | null;
	secondsPerSlide: Iterable<[number, number]>;
	actionClicks: Iterable<[string, number]>;
}

export const finished = (session: ReadingSession): StorySession => ({
	details: session,
	startedAt: Date.parse(session.startedAt),
	readingSeconds: session.readingSeconds,
	deepestSlide: session.deepestSlide,
	secondsPerSlide: Object.entries(session.secondsPerSlide).map(([slide, seconds]) => [
		Number(slide),
		seconds,
	]),
	actionClicks: Object.entries(session.actionClicks),
});

/** As finishSession would give it (session.ts), without the copy: the same figures. */
export function opened(open: OpenSession): StorySession {
	const { session } = open;
	const seconds = slideMilliseconds(open);
	for (const [slide, ms] of seconds) seconds.set(slide, Math.floor(ms / 1000));
	return {
		details: session,
		// An unreadable time is -Infinity here and NaN in a finished session: both refused by Intl.
		startedAt: open.firstInstant,
		readingSeconds: readingSecondsOf(open),
		deepestSlide: session.slidesViewed.length ? Math.max(...session.slidesViewed) : null,
		secondsPerSlide: seconds,
		actionClicks: session.actionsClicked.map((name) => [
			name,
			Math.max(1, session.actionClicks?.[name] ?? 0),
		]),
	};
}
