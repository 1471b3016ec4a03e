import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DAY_MS, MAX_WINDOW_DAYS } from '../../Storydoc/helpers/dateWindows';
import { latestEvent } from '../../Storydoc/transport/analytics';
import { versionItems } from '../poll/results';
import type { Settings } from '../settings';
import { EVENT_WORDS, isReaderEvent, matchesType } from '../settings';
import { latestEndedSession } from './latestEndedSession';
import { latestReaderEvent } from './latestReaderEvent';
import { latestSlideOrQuiet } from './latestSlideOrQuiet';

/** Fetch Test Event: a real item of the event from recent history; the cursor and state are left alone. */
export async function fetchTestEvent(
	context: IPollFunctions,
	settings: Settings,
	now: number,
): Promise<IDataObject[]> {
	const { eventType } = settings;
	if (eventType === 'sessionEnded') return [await latestEndedSession(context, settings, now)];
	if (eventType === 'slideReached' || eventType === 'versionQuiet')
		return [await latestSlideOrQuiet(context, settings, now)];
	if (isReaderEvent(eventType)) return [await latestReaderEvent(context, settings, eventType, now)];

	const query = { ...settings.filters, from: now - MAX_WINDOW_DAYS * DAY_MS, to: now };
	const event = await latestEvent.call(context, query, matchesType(eventType));
	if (!event) {
		throw new NodeOperationError(
			context.getNode(),
			`No ${EVENT_WORDS[eventType]} event in the last ${MAX_WINDOW_DAYS} days matches this trigger`,
			{
				description:
					'Open a version of the story (or the version) this trigger watches, then fetch a test event again; or loosen the filters.',
			},
		);
	}
	return settings.output === 'versionSummary' ? versionItems([event]) : [event];
}
