import type { IDataObject, INode } from 'n8n-workflow';

import type { LevelRules } from '../../engagement/levels';
import { DEFAULT_LEVEL_RULES } from '../../engagement/levels';
import { fieldError, valueGiven } from './fieldError';
import { positiveIntegerField, slideOrZeroField } from './validation';
import { booleanValue } from './values';

/** One number of Engagement Level: its label, its bounds. */
const NUMBERS = {
	hotReadingSeconds: ['Hot Reading Time (Seconds)', Number.MAX_SAFE_INTEGER],
	warmReadingSeconds: ['Warm Reading Time (Seconds)', Number.MAX_SAFE_INTEGER],
	hotSlidePercent: ['Hot Share of Slides (%)', 100],
	warmSlidePercent: ['Warm Share of Slides (%)', 100],
	signsForHot: ['Signs for Hot', 4],
} as const;

const FLAGS = {
	returningCounts: 'Coming Back Counts',
	clickedCounts: 'Clicking an Action Counts',
} as const;

/**
 * Engagement Level's thresholds, checked before any request. `oneStory`: the Story or Version filter
 * is set, so that Story's Last Slide is one story's.
 */
export function readLevelRules(
	node: INode,
	itemIndex: number | undefined,
	given: IDataObject,
	oneStory: boolean,
	versionFilterAllowed = true,
): LevelRules {
	const rules: LevelRules = { ...DEFAULT_LEVEL_RULES };
	for (const [name, [label, max]] of Object.entries(NUMBERS)) {
		if (given[name] !== undefined)
			rules[name as keyof typeof NUMBERS] = positiveIntegerField(
				node,
				itemIndex,
				label,
				given[name],
				max,
			);
	}
	for (const [name, label] of Object.entries(FLAGS)) {
		if (given[name] === undefined) continue;
		const flag = booleanValue(given[name]);
		if (flag === undefined)
			throw fieldError(node, itemIndex, label, 'must be true or false', valueGiven(given[name]));
		rules[name as keyof typeof FLAGS] = flag;
	}
	rules.lastSlide = readLastSlide(node, itemIndex, given.lastSlide, oneStory, versionFilterAllowed);
	if (rules.warmReadingSeconds > rules.hotReadingSeconds)
		throw fieldError(
			node,
			itemIndex,
			'Warm Reading Time (Seconds)',
			`must not be above Hot Reading Time (${rules.hotReadingSeconds})`,
			valueGiven(rules.warmReadingSeconds),
		);
	if (rules.warmSlidePercent > rules.hotSlidePercent)
		throw fieldError(
			node,
			itemIndex,
			'Warm Share of Slides (%)',
			`must not be above Hot Share of Slides (${rules.hotSlidePercent})`,
			valueGiven(rules.warmSlidePercent),
		);
	return rules;
}

function readLastSlide(
	node: INode,
	itemIndex: number | undefined,
	raw: unknown,
	oneStory: boolean,
	versionFilterAllowed: boolean,
): number {
	const slide = slideOrZeroField(node, itemIndex, "Story's Last Slide", raw, 'the share left out');
	if (slide > 0 && !oneStory)
		throw fieldError(
			node,
			itemIndex,
			"Story's Last Slide",
			versionFilterAllowed ? 'needs the Story or Version filter' : 'needs the Story filter',
			`Story's Last Slide is one story's: choose that story in Filters › Story${versionFilterAllowed ? ' (or a version of it in Filters › Version)' : ''}, or set it to 0 to leave the share of slides out.`,
		);
	return slide;
}
