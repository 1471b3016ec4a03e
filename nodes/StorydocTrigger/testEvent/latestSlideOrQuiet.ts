import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DAY_MS, MAX_WINDOW_DAYS } from '../../Storydoc/helpers/dateWindows';
import type { AnalyticsEvent } from '../../engagement/events';
import { analyticsEvents } from '../../Storydoc/transport/analytics';
import { TEST_SESSION_DAYS } from './latestEndedSession';
import type { Settings } from '../settings';
import { slidesReached } from '../events/slideReached';
import { quietItem, quietLookBack, quietTotals, totalsFrom } from '../events/versionQuiet';

function nothingFound(context: IPollFunctions, what: string, advice: string) {
	return new NodeOperationError(context.getNode(), `${what} matches this trigger`, {
		description: `${advice}, then fetch a test event again; or loosen the filters.`,
	});
}

/** Fetch Test Event of Slide Reached: of the last days' readers, the latest to reach the slide. */
async function latestSlideReached(context: IPollFunctions, settings: Settings, now: number) {
	const events: AnalyticsEvent[] = [];
	const query = { ...settings.filters, from: now - TEST_SESSION_DAYS * DAY_MS, to: now };
	for await (const page of analyticsEvents.call(context, query, {})) events.push(...page);
	const { emitted } = slidesReached({ open: {}, reached: {} }, events, {
		slide: settings.slide,
		idleGapMs: settings.idleGapMs,
		readUntil: now,
	});
	const latest = emitted[emitted.length - 1];
	if (latest) return latest;
	throw nothingFound(
		context,
		`No reader reaching slide ${settings.slide} in the last ${TEST_SESSION_DAYS} days`,
		`Open a version this trigger watches and go to slide ${settings.slide}`,
	);
}

/** Fetch Test Event of Version Went Quiet: the version of the last 92 days that went quiet last. */
async function latestQuietVersion(context: IPollFunctions, settings: Settings, now: number) {
	const query = { ...settings.filters, from: totalsFrom(now), to: now };
	const { state } = await quietLookBack(context, query, Number.POSITIVE_INFINITY);
	const quiet = Object.entries(state.lastRead)
		.filter(([, instant]) => now - instant >= settings.quietMs)
		.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0];
	if (!quiet) {
		throw nothingFound(
			context,
			`No version read in the last ${MAX_WINDOW_DAYS} days and quiet for ${settings.quietMs / DAY_MS} days`,
			'Lower Quiet For',
		);
	}
	const [versionId, last] = quiet;
	const figures = await quietTotals(context, versionId, { ...settings, readUntil: now });
	return quietItem(versionId, figures, {
		last,
		quietMs: settings.quietMs,
		readUntil: now,
		levels: settings.levels,
	});
}

export async function latestSlideOrQuiet(
	context: IPollFunctions,
	settings: Settings,
	now: number,
): Promise<IDataObject> {
	return settings.eventType === 'slideReached'
		? await latestSlideReached(context, settings, now)
		: await latestQuietVersion(context, settings, now);
}
