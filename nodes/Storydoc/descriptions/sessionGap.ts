import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_SESSION_GAP_MINUTES, MAX_SESSION_GAP_MINUTES } from '../constants';

/** Session Ends After (Minutes), as Get Events' summaries and the trigger's Reading Session Ended show it. */
export function sessionGapProperty(
	description: string,
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Session Ends After (Minutes)',
		name: 'sessionGapMinutes',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_SESSION_GAP_MINUTES },
		default: DEFAULT_SESSION_GAP_MINUTES,
		description,
		displayOptions,
	};
}
