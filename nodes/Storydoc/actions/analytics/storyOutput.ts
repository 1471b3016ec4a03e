import type { IExecuteFunctions } from 'n8n-workflow';

import type { ReadingSession } from '../../../engagement/session';
import type { StorySummaryOptions } from '../../../engagement/storySummary';
import { storyRows, storySummaries } from '../../../engagement/storySummary';
import { fieldError, valueGiven } from '../../helpers/fieldError';
import { itemParameter, runNode } from '../../helpers/runParameters';
import { optionField } from '../../helpers/validation';
import { numberValue } from '../../helpers/values';
import type { AnalyticsQuery } from '../../transport/analytics';
import { MAX_SLIDE } from '../../constants';

export interface StoryOptions extends StorySummaryOptions {
	items: 'story' | 'slide' | 'day';
}

export function readStoryOptions(
	context: IExecuteFunctions,
	itemIndex: number,
	query: AnalyticsQuery,
): StoryOptions {
	const node = runNode(context);
	const items = optionField(
		node,
		itemIndex,
		'Items',
		itemParameter(context, 'storyItems', itemIndex, 'story'),
		{
			story: 'One per Story',
			slide: 'One per Story and Slide',
			day: 'One per Story and Day',
		},
	);
	const raw = itemParameter(context, 'lastSlide', itemIndex, 0);
	const slide = numberValue(raw === '' || raw === null ? 0 : raw);
	if (slide === undefined || !Number.isInteger(slide) || slide < 0 || slide > MAX_SLIDE) {
		throw fieldError(
			node,
			itemIndex,
			'Last Slide',
			`must be 0 (the deepest slide reached) or a whole number from 1 to ${MAX_SLIDE}`,
			valueGiven(raw),
		);
	}
	const lastSlide = slide === 0 ? undefined : slide;
	if (lastSlide !== undefined && !query.storyId) {
		throw fieldError(
			node,
			itemIndex,
			'Last Slide',
			'needs the Story filter',
			"Last Slide is one story's: choose that story in Filters › Story, or set Last Slide to 0 to take the deepest slide any reader reached.",
		);
	}
	return { items, lastSlide, timeZone: context.getTimezone(), from: query.from, to: query.to };
}

/** Summary per Story from the period's sessions, nested or flat. */
export function storyItems(sessions: ReadingSession[], { items, ...options }: StoryOptions) {
	const summaries = storySummaries(sessions, options);
	return items === 'story' ? summaries : storyRows(summaries, items);
}
