'use strict';
/**
 * Engagement levels worked out by hand, as docs/analytics.md › Engagement levels words them: the
 * oracle the node's levels are held to (nodes/engagement/levels.ts is not read here).
 */

/** The defaults docs/analytics.md gives. */
const DEFAULT_RULES = {
	hotReadingSeconds: 180,
	warmReadingSeconds: 60,
	lastSlide: 0,
	hotSlidePercent: 80,
	warmSlidePercent: 50,
	signsForHot: 2,
	returningCounts: true,
	clickedCounts: true,
};

/** The first slide at which `percent` of the story is reached; Infinity when the story's length is unknown. */
const slideFor = (percent, lastSlide) =>
	lastSlide > 0 ? Math.ceil((percent * lastSlide) / 100) : Number.POSITIVE_INFINITY;

/**
 * @param {{ readingSeconds: number, deepestSlide: number | null, cameBack: boolean, clicked: boolean }} reading
 * @returns {{ engagementLevel: string, engagementSigns: string[] }}
 */
function levelByHand(reading, rules = DEFAULT_RULES) {
	const deepest = reading.deepestSlide ?? 0;
	const readLong = reading.readingSeconds >= rules.hotReadingSeconds;
	const reachedMost = deepest >= slideFor(rules.hotSlidePercent, rules.lastSlide);
	const signs = [
		readLong && 'readingTime',
		reachedMost && 'slidesReached',
		rules.returningCounts && reading.cameBack && 'returning',
		rules.clickedCounts && reading.clicked && 'clicked',
	].filter(Boolean);
	let engagementLevel = 'cold';
	if (signs.length >= rules.signsForHot) engagementLevel = 'hot';
	else if (
		signs.length > 0 ||
		reading.readingSeconds >= rules.warmReadingSeconds ||
		deepest >= slideFor(rules.warmSlidePercent, rules.lastSlide)
	)
		engagementLevel = 'warm';
	return { engagementLevel, engagementSigns: signs };
}

/** A session item's level (returningReader null: not known, so not a sign). */
const sessionLevelByHand = (session, rules) =>
	levelByHand(
		{
			readingSeconds: session.readingSeconds,
			deepestSlide: session.deepestSlide,
			cameBack: session.returningReader === true,
			clicked: session.clicks > 0,
		},
		rules,
	);

/** A version's level from its session items: their reading time summed, the deepest slide of any. */
function versionLevelByHand(sessions, rules) {
	const slides = sessions.map((session) => session.deepestSlide ?? 0);
	return levelByHand(
		{
			readingSeconds: sessions.reduce((sum, session) => sum + session.readingSeconds, 0),
			deepestSlide: slides.length && Math.max(...slides) > 0 ? Math.max(...slides) : null,
			cameBack: sessions.some((session) => session.returningReader === true),
			clicked: sessions.some((session) => session.clicks > 0),
		},
		rules,
	);
}

module.exports = { DEFAULT_RULES, levelByHand, sessionLevelByHand, versionLevelByHand };
