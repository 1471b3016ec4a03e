import type { IDataObject } from 'n8n-workflow';

// Hot, warm or cold: docs/development.md › Engagement levels (the defaults and the peers they follow).

export type EngagementLevel = 'hot' | 'warm' | 'cold';

/** The strong signs of interest, in the order an item lists them. */
export type EngagementSign = 'readingTime' | 'slidesReached' | 'returning' | 'clicked';

/** The user's thresholds (Engagement Level); percents are whole numbers so no share is rounded. */
export interface LevelRules {
	hotReadingSeconds: number;
	warmReadingSeconds: number;
	/** The story's last slide, for the share reached; 0 when unknown (the share then counts for nothing). */
	lastSlide: number;
	hotSlidePercent: number;
	warmSlidePercent: number;
	signsForHot: number;
	returningCounts: boolean;
	clickedCounts: boolean;
}

export const DEFAULT_LEVEL_RULES: Readonly<LevelRules> = {
	hotReadingSeconds: 180,
	warmReadingSeconds: 60,
	lastSlide: 0,
	hotSlidePercent: 80,
	warmSlidePercent: 50,
	signsForHot: 2,
	returningCounts: true,
	clickedCounts: true,
};

/** What a level is read from: a session's figures, or a version's over its sessions. */
export interface Reading {
	readingSeconds: number;
	deepestSlide: number | null;
	cameBack: boolean;
	clicked: boolean;
}

export interface EngagementFields extends IDataObject {
	engagementLevel: EngagementLevel;
	engagementSigns: EngagementSign[];
}

/** Whether the deepest slide is at least `percent` of the story's slides (integers: no rounding). */
function reached(reading: Reading, rules: LevelRules, percent: number): boolean {
	if (rules.lastSlide === 0 || reading.deepestSlide === null) return false;
	return reading.deepestSlide * 100 >= percent * rules.lastSlide;
}

/** Hot: Signs for Hot strong signs; warm: one, or the warm reading time or share; else cold. */
export function levelOf(reading: Reading, rules: LevelRules): EngagementFields {
	const signs: EngagementSign[] = [];
	if (reading.readingSeconds >= rules.hotReadingSeconds) signs.push('readingTime');
	if (reached(reading, rules, rules.hotSlidePercent)) signs.push('slidesReached');
	if (rules.returningCounts && reading.cameBack) signs.push('returning');
	if (rules.clickedCounts && reading.clicked) signs.push('clicked');
	const warm =
		signs.length > 0 ||
		reading.readingSeconds >= rules.warmReadingSeconds ||
		reached(reading, rules, rules.warmSlidePercent);
	const engagementLevel = signs.length >= rules.signsForHot ? 'hot' : warm ? 'warm' : 'cold';
	return { engagementLevel, engagementSigns: signs };
}

/** A reading session's level: `returningReader` is null where it is not known (the trigger's). */
export const sessionLevel = (
	session: {
		readingSeconds: number;
		deepestSlide: number | null;
		returningReader: boolean | null;
		clicks: number;
	},
	rules: LevelRules,
) =>
	levelOf(
		{
			readingSeconds: session.readingSeconds,
			deepestSlide: session.deepestSlide,
			cameBack: session.returningReader === true,
			clicked: session.clicks > 0,
		},
		rules,
	);

/** A version's level from Summary per Version: its sessions' time together, its deepest slide. */
export const versionLevel = (summary: IDataObject, rules: LevelRules) =>
	levelOf(
		{
			readingSeconds: Number(summary.totalReadingSeconds ?? 0),
			deepestSlide: typeof summary.deepestSlide === 'number' ? summary.deepestSlide : null,
			cameBack: Number(summary.returningReaders ?? 0) > 0,
			clicked: Number(summary.clicks ?? 0) > 0,
		},
		rules,
	);
