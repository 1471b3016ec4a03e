import type { IExecuteFunctions } from 'n8n-workflow';

import type { ReadingSessions } from '../../../engagement/sessions';
import type { StorySummaryOptions } from '../../../engagement/storySummary';
import { storyRows } from '../../../engagement/storyRows';
import { storySummariesOf } from '../../../engagement/storySummary';
import { fieldError } from '../../helpers/fieldError';
import { itemParameter, runNode } from '../../helpers/runParameters';
import { optionField, slideOrZeroField } from '../../helpers/validation';
import type { AnalyticsQuery } from '../../transport/analytics';

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
	const slide = slideOrZeroField(
		node,
		itemIndex,
		'Last Slide',
		itemParameter(context, 'lastSlide', itemIndex, 0),
		'the deepest slide reached',
	);
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

/** Summary per Story from the period's sessions as read (none made an item), nested or flat. */
export function storyItems(sessions: ReadingSessions, { items, ...options }: StoryOptions) {
	const summaries = storySummariesOf(sessions, options);
	return items === 'story' ? summaries : storyRows(summaries, items);
}
