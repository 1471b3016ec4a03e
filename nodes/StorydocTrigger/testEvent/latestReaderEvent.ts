import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DAY_MS } from '../../Storydoc/helpers/dateWindows';
import type { AnalyticsEvent } from '../../engagement/events';
import { analyticsEvents } from '../../Storydoc/transport/analytics';
import { TEST_SESSION_DAYS } from './latestEndedSession';
import type { ReaderEventType, ReaderItem, VersionReaders } from '../../engagement/readers';
import { foldReaderEvent, noReaders } from '../../engagement/readers';
import type { Settings } from '../settings';

const NONE_FOUND: Record<ReaderEventType, string> = {
	returningReader: 'No reader came back to a version',
	newReader: 'No new reader opened a version that others had read',
};

/** Fetch Test Event of Returning Reader and New Reader: the latest in the last days, by those days' events. */
export async function latestReaderEvent(
	context: IPollFunctions,
	settings: Settings,
	type: ReaderEventType,
	now: number,
): Promise<IDataObject> {
	const query = { ...settings.filters, from: now - TEST_SESSION_DAYS * DAY_MS, to: now };
	const events: Array<{ event: AnalyticsEvent; instant: number }> = [];
	for await (const page of analyticsEvents.call(context, query, {})) {
		for (const event of page) events.push({ event, instant: Date.parse(event.timestamp) });
	}
	events.sort((a, b) => a.instant - b.instant);
	const versions = new Map<string, VersionReaders>();
	let latest: ReaderItem | undefined;
	for (const { event, instant } of events) {
		if (!Number.isFinite(instant)) continue;
		const version = versions.get(event.versionId) ?? noReaders();
		versions.set(event.versionId, version);
		const item = foldReaderEvent(version, event, instant, true, settings.idleGapMs);
		if (item?.type === type) latest = item;
	}
	if (!latest) {
		throw new NodeOperationError(
			context.getNode(),
			`${NONE_FOUND[type]} in the last ${TEST_SESSION_DAYS} days that matches this trigger`,
			{
				description:
					"Fetch Test Event looks for one in the last days' events only. Open a version of the story (or the version) this trigger watches as the reader would, then fetch a test event again; or loosen the filters.",
			},
		);
	}
	return latest.json;
}
