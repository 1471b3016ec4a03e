import type { INodeProperties } from 'n8n-workflow';

import { MAX_SLIDE } from '../constants';

/** Engagement Level's thresholds (defaults written out for n8n's lint; a test holds them to DEFAULT_LEVEL_RULES), as Get Events' summaries and Reading Session Ended show them. */
export function engagementLevelProperty(
	what: string,
	displayOptions: INodeProperties['displayOptions'],
	note = '',
): INodeProperties {
	return {
		displayName: 'Engagement Level',
		name: 'engagementLevel',
		type: 'collection',
		placeholder: 'Change a Threshold',
		default: {},
		description: `Each ${what} is hot, warm or cold. Strong signs: read at least Hot Reading Time, reached Hot Share of Slides, came back, clicked an action. Hot with Signs for Hot of them; warm with one, or at Warm Reading Time or Warm Share of Slides; else cold. The item lists its signs in engagementSigns.${note ? ` ${note}` : ''}`,
		displayOptions,
		options: [
			{
				displayName: 'Clicking an Action Counts',
				name: 'clickedCounts',
				type: 'boolean',
				default: true,
				description: 'Whether a click on a link or call to action is a strong sign',
			},
			{
				displayName: 'Coming Back Counts',
				name: 'returningCounts',
				type: 'boolean',
				default: true,
				description: "Whether a reader's second session or later is a strong sign",
			},
			{
				displayName: 'Hot Reading Time (Seconds)',
				name: 'hotReadingSeconds',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 180,
				description: 'Reading at least this long is a strong sign',
			},
			{
				displayName: 'Hot Share of Slides (%)',
				name: 'hotSlidePercent',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 100 },
				default: 80,
				description: "Reaching at least this share of the story's slides is a strong sign",
			},
			{
				displayName: 'Signs for Hot',
				name: 'signsForHot',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 4 },
				default: 2,
				description: 'How many strong signs make it hot',
			},
			{
				displayName: "Story's Last Slide",
				name: 'lastSlide',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_SLIDE },
				default: 0,
				description:
					"How many slides the story has, for the share reached. The API does not say: 0 leaves the share out. Needs the Story or Version filter, so that it is one story's.",
			},
			{
				displayName: 'Warm Reading Time (Seconds)',
				name: 'warmReadingSeconds',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 60,
				description: 'Reading at least this long makes it at least warm',
			},
			{
				displayName: 'Warm Share of Slides (%)',
				name: 'warmSlidePercent',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 100 },
				default: 50,
				description: "Reaching at least this share of the story's slides makes it at least warm",
			},
		],
	};
}
