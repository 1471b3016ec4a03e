/**
 * Engagement levels: the node's rule (nodes/engagement/levels.ts) equal to docs/analytics.md's words worked
 * out by hand (scripts/examples/levels.js) over generated readings and thresholds, seed printed; the
 * edges crafted; the editor's defaults the same as the rule's.
 */
import fc from 'fast-check';

import type { LevelRules, Reading } from '../../../nodes/engagement/levels';
import { DEFAULT_LEVEL_RULES, levelOf, sessionLevel } from '../../../nodes/engagement/levels';
import { engagementLevelProperty } from '../../../nodes/Storydoc/descriptions/engagementLevel';
import { DEFAULT_RULES, levelByHand } from '../../../scripts/examples/levels';

const SEED = 55;
const RUNS = 3000;
const shown = { hot: 0, warm: 0, cold: 0, withShare: 0 };
afterAll(() =>
	// eslint-disable-next-line no-console -- the property's counts and seed, for the log
	console.log(
		`engagement levels property (seed ${SEED}, ${RUNS} runs): ${shown.hot} hot, ${shown.warm} warm, ${shown.cold} cold; ${shown.withShare} with a known last slide`,
	),
);

const reading = fc.record<Reading>({
	readingSeconds: fc.integer({ min: 0, max: 900 }),
	deepestSlide: fc.option(fc.integer({ min: 1, max: 40 }), { freq: 5 }),
	cameBack: fc.boolean(),
	clicked: fc.boolean(),
});

const rules = fc
	.record({
		a: fc.integer({ min: 1, max: 600 }),
		b: fc.integer({ min: 1, max: 600 }),
		p: fc.integer({ min: 1, max: 100 }),
		q: fc.integer({ min: 1, max: 100 }),
		lastSlide: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
		signsForHot: fc.integer({ min: 1, max: 4 }),
		returningCounts: fc.boolean(),
		clickedCounts: fc.boolean(),
	})
	.map(
		({ a, b, p, q, ...rest }): LevelRules => ({
			...rest,
			hotReadingSeconds: Math.max(a, b),
			warmReadingSeconds: Math.min(a, b),
			hotSlidePercent: Math.max(p, q),
			warmSlidePercent: Math.min(p, q),
		}),
	);

test(`the level and its signs are what the rule in docs/analytics.md says, for any reading and thresholds (seed ${SEED})`, () => {
	fc.assert(
		fc.property(reading, rules, (given, thresholds) => {
			const level = levelOf(given, thresholds);
			expect(level).toEqual(levelByHand(given, thresholds));
			shown[level.engagementLevel]++;
			if (thresholds.lastSlide > 0) shown.withShare++;
		}),
		{ seed: SEED, numRuns: RUNS },
	);
	expect(Math.min(shown.hot, shown.warm, shown.cold)).toBeGreaterThan(100);
});

const session = (fields: Partial<Reading>): Reading => ({
	readingSeconds: 0,
	deepestSlide: null,
	cameBack: false,
	clicked: false,
	...fields,
});

test.each<[string, Partial<Reading>, Partial<LevelRules>, string, string[]]>([
	['exactly Hot Reading Time is a sign', { readingSeconds: 180 }, {}, 'warm', ['readingTime']],
	['a second under it is warm by time alone', { readingSeconds: 179 }, {}, 'warm', []],
	['under Warm Reading Time, nothing else: cold', { readingSeconds: 59 }, {}, 'cold', []],
	[
		'read long and clicked: hot',
		{ readingSeconds: 200, clicked: true },
		{},
		'hot',
		['readingTime', 'clicked'],
	],
	[
		'came back and clicked, briefly: hot',
		{ readingSeconds: 5, cameBack: true, clicked: true },
		{},
		'hot',
		['returning', 'clicked'],
	],
	['the last slide unknown: reaching slide 40 is no sign', { deepestSlide: 40 }, {}, 'cold', []],
	['8 of 10 slides is 80 %', { deepestSlide: 8 }, { lastSlide: 10 }, 'warm', ['slidesReached']],
	['5 of 10 slides is warm by share', { deepestSlide: 5 }, { lastSlide: 10 }, 'warm', []],
	['4 of 10 slides: cold', { deepestSlide: 4 }, { lastSlide: 10 }, 'cold', []],
	[
		'29 of 100 at 29 %: no rounding down',
		{ deepestSlide: 29 },
		{ lastSlide: 100, hotSlidePercent: 29, warmSlidePercent: 29 },
		'warm',
		['slidesReached'],
	],
	['Signs for Hot 1: one sign is hot', { clicked: true }, { signsForHot: 1 }, 'hot', ['clicked']],
	[
		'clicking not counted: a click alone is cold',
		{ clicked: true },
		{ clickedCounts: false },
		'cold',
		[],
	],
	[
		'coming back not counted',
		{ cameBack: true, clicked: true },
		{ returningCounts: false },
		'warm',
		['clicked'],
	],
])('%s', (_, fields, overrides, level, signs) => {
	const result = levelOf(session(fields), { ...DEFAULT_LEVEL_RULES, ...overrides });
	expect(result).toEqual({ engagementLevel: level, engagementSigns: signs });
});

test("a trigger's session (returningReader null) never counts as coming back", () => {
	const item = { readingSeconds: 10, deepestSlide: 2, returningReader: null, clicks: 1 };
	expect(sessionLevel(item, DEFAULT_LEVEL_RULES)).toEqual({
		engagementLevel: 'warm',
		engagementSigns: ['clicked'],
	});
	expect(
		sessionLevel({ ...item, returningReader: true }, DEFAULT_LEVEL_RULES).engagementLevel,
	).toBe('hot');
});

test("the editor's defaults, the rule's and the oracle's of docs/analytics.md are the same", () => {
	const shownDefaults = Object.fromEntries(
		(engagementLevelProperty('item', undefined).options ?? []).map((option) => [
			(option as { name: string }).name,
			(option as { default: unknown }).default,
		]),
	);
	expect(shownDefaults).toEqual({ ...DEFAULT_LEVEL_RULES });
	expect(DEFAULT_RULES).toEqual({ ...DEFAULT_LEVEL_RULES });
});
