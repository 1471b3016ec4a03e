import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CompareWith } from '../../../engagement/comparison';
import { compared, storyChange, versionChange } from '../../../engagement/comparison';
import type { AnalyticsEvent } from '../../../engagement/events';
import type { LevelRules } from '../../../engagement/levels';
import { versionLevel } from '../../../engagement/levels';
import { ReadingSessions } from '../../../engagement/sessions';
import { storySummariesOf, storySummaryOfNone } from '../../../engagement/storySummary';
import { VersionEngagement, notOpenedAs } from '../../../engagement/versionEngagement';
import { earlierPeriod, intoPeriods, readRanges } from '../../helpers/comparePeriod';
import type { Period } from '../../helpers/comparePeriod';
import { fieldError } from '../../helpers/fieldError';
import { itemParameter, runNode } from '../../helpers/runParameters';
import { optionField } from '../../helpers/validation';
import { analyticsEvents } from '../../transport/analytics';
import type { AnalyticsQuery } from '../../transport/analytics';
import type { StoryOptions } from './storyOutput';

const YEAR_MS = 365 * 86_400_000;

/** Options › Compare With, checked before any request: which outputs and periods it applies to. */
export function readCompareWith(
	context: IExecuteFunctions,
	itemIndex: number,
	{ output, story, query }: { output: string; story?: StoryOptions; query: AnalyticsQuery },
): CompareWith {
	const node = runNode(context);
	const compareWith = optionField(
		node,
		itemIndex,
		'Compare With',
		itemParameter(context, 'options.compareWith', itemIndex, 'none'),
		{
			none: 'Nothing',
			periodBefore: 'The Period Before',
			yearBefore: 'The Same Period a Year Before',
		},
	) as CompareWith;
	if (compareWith === 'none') return compareWith;
	const refuse = (problem: string, description: string) =>
		fieldError(node, itemIndex, 'Compare With', problem, description);
	if (output !== 'storySummary' && output !== 'versionSummary' && output !== 'itemVersions')
		throw refuse(
			"applies to Summary per Story, Summary per Version and Summary for Each Item's Version",
			'Choose one of them as Output, or set Compare With to Nothing.',
		);
	if (story && story.items !== 'story')
		throw refuse(
			'needs Items One per Story',
			'The earlier figures and the changes are nested in each story: choose One per Story.',
		);
	if (compareWith === 'yearBefore' && query.to - query.from >= YEAR_MS)
		throw refuse(
			'needs a period shorter than a year',
			'A year before a longer period overlaps it: shorten From–To, or choose The Period Before.',
		);
	return compareWith;
}

export interface ComparedRead {
	query: AnalyticsQuery;
	compareWith: Exclude<CompareWith, 'none'>;
	idleGapMs: number;
	concurrency: number;
	itemIndex: number;
	story?: StoryOptions;
	levels?: LevelRules;
}

/** Both periods from one read, range after range (within Parallel Page Requests): docs/development.md › Compare With. */
async function readBoth<T extends { add(event: AnalyticsEvent): void }>(
	context: IExecuteFunctions,
	{ query, compareWith, concurrency, itemIndex }: ComparedRead,
	earlier: Period,
	make: () => T,
): Promise<{ now: T; before: T }> {
	const now = make();
	const before = make();
	const add = intoPeriods(query.from, now, before);
	for (const range of readRanges(query, compareWith, earlier))
		for await (const page of analyticsEvents.call(context, range, { concurrency, itemIndex }))
			for (const event of page) add(event);
	return { now, before };
}

/** Summary per Story or per Version of the period, each item with `previous` and `change`. */
export async function comparedSummaries(
	context: IExecuteFunctions,
	read: ComparedRead,
): Promise<IDataObject[]> {
	const { query, story, levels, idleGapMs } = read;
	const earlier = earlierPeriod(query, read.compareWith, context.getTimezone());
	if (story) {
		const { now, before } = await readBoth(
			context,
			read,
			earlier,
			() => new ReadingSessions(idleGapMs),
		);
		const options = (period: Period) => ({
			lastSlide: story.lastSlide,
			timeZone: story.timeZone,
			from: period.from,
			to: period.to,
		});
		return compared(
			storySummariesOf(now, options(query)),
			storySummariesOf(before, options(earlier)),
			{
				key: 'storyId',
				zeroOf: (other, period) =>
					storySummaryOfNone(
						{ storyId: other.storyId as string, storyTitle: other.storyTitle as string | null },
						options(period === 'now' ? query : earlier),
					),
				change: storyChange,
			},
		);
	}
	const { now, before } = await readBoth(
		context,
		read,
		earlier,
		() => new VersionEngagement(undefined, idleGapMs),
	);
	const leveled = (engagement: VersionEngagement) =>
		[...engagement.results().values()].map((summary) => ({
			...summary,
			...versionLevel(summary, levels!),
		}));
	return compared(leveled(now), leveled(before), {
		key: 'versionId',
		zeroOf: (other) => {
			const zero = notOpenedAs(other);
			return { ...zero, ...versionLevel(zero, levels!) };
		},
		change: versionChange,
	});
}
