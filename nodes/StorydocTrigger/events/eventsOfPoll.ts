import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { AnalyticsEvent } from '../../engagement/events';
import { sessionLevel } from '../../engagement/levels';
import { firstViews, readFirstViewState } from './firstView';
import { sessionsEndedByPoll } from './sessionEnded';
import type { Settings } from '../settings';
import { isReaderEvent, matchesType } from '../settings';
import { readSlideReachedState, slidesReached } from './slideReached';
import { readerEvents, readReadersState } from './readers';
import { quietVersions, readQuietState } from './versionQuiet';

interface PollRead {
	fresh: AnalyticsEvent[];
	pollFrom: number;
	readUntil: number;
	deadline: number;
}

/** A poll's emits for the Event, and its state: saved with the cursor only if every look-back succeeded. */
export async function eventsOfPoll(
	context: IPollFunctions,
	staticData: IDataObject,
	settings: Settings,
	{ fresh, pollFrom, readUntil, deadline }: PollRead,
): Promise<IDataObject[]> {
	const { eventType, idleGapMs } = settings;
	if (eventType === 'firstView') {
		const found = await firstViews(context, readFirstViewState(staticData), fresh, deadline);
		staticData.firstViews = { ...found.state };
		if (found.state.pending.length) {
			const log = { node: context.getNode().name, workflowId: context.getWorkflow().id };
			context.logger.info(
				`Storydoc Trigger "${log.node}": ${found.state.pending.length} versions wait for the next poll to check whether they were viewed before`,
				log,
			);
		}
		return found.emitted;
	}
	if (eventType === 'sessionEnded')
		return sessionsEndedByPoll(staticData, fresh, readUntil, idleGapMs).map((session) =>
			Object.assign(session, sessionLevel(session, settings.levels)),
		);
	if (eventType === 'slideReached') {
		const found = slidesReached(readSlideReachedState(staticData), fresh, {
			slide: settings.slide,
			idleGapMs,
			readUntil,
		});
		staticData.slideReached = { ...found.state };
		return found.emitted;
	}
	if (eventType === 'versionQuiet') {
		const found = await quietVersions(context, readQuietState(staticData), fresh, {
			quietMs: settings.quietMs,
			idleGapMs,
			readUntil,
			deadline,
			levels: settings.levels,
		});
		staticData.quiet = { ...found.state };
		return found.emitted;
	}
	if (isReaderEvent(eventType)) {
		const found = await readerEvents(context, readReadersState(staticData), fresh, {
			pollFrom,
			type: eventType,
			idleGapMs,
			deadline,
		});
		staticData.readers = { ...found.state };
		return found.emitted;
	}
	return fresh.filter(matchesType(eventType));
}
