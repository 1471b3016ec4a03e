import type { IDataObject } from 'n8n-workflow';

import type { AnalyticsEvent } from './events';
import { ReadingSessions } from './sessions';
import { readingByVersion } from './versionReading';
import { VersionSummaries } from './versionSummary';

/** Summary per Version's fields for a version the period has no event for. */
export function notOpened(versionId: string, storyId: string | null): IDataObject {
	return {
		storyId,
		storyTitle: null,
		versionId,
		versionTitle: null,
		prospectName: null,
		prospectEmail: null,
		prospectPosition: null,
		views: 0,
		clicks: 0,
		uniqueVisitors: 0,
		uniqueSessions: 0,
		firstEventAt: null,
		lastEventAt: null,
		lastEventName: null,
		readingSessions: 0,
		returningReaders: 0,
		readersWhoClicked: 0,
		totalReadingSeconds: 0,
		averageReadingSeconds: 0,
		deepestSlide: null,
		secondsPerSlide: {},
		mostReadSlides: [],
		lastReaderVisitorId: null,
	};
}

/** A version's zeros in a period it was not read in, named as in the period it was read in. */
export function notOpenedAs(other: IDataObject): IDataObject {
	return {
		...notOpened(other.versionId as string, (other.storyId as string | null) ?? null),
		storyTitle: other.storyTitle,
		versionTitle: other.versionTitle,
		prospectName: other.prospectName,
		prospectEmail: other.prospectEmail,
		prospectPosition: other.prospectPosition,
	};
}

/** Summary per Version: its tally and the reading sessions, of every version or only the `wanted`. */
export class VersionEngagement {
	private readonly sessions: ReadingSessions;

	private readonly summaries = new VersionSummaries();

	constructor(
		private readonly wanted: ReadonlySet<string> | undefined,
		idleGapMs: number,
	) {
		this.sessions = new ReadingSessions(idleGapMs);
	}

	add(event: AnalyticsEvent): void {
		if (this.wanted && !this.wanted.has(event.versionId)) return;
		this.sessions.add(event);
		this.summaries.add(event);
	}

	/** By version, the most recently active first. */
	results(): Map<string, IDataObject> {
		const reading = readingByVersion(this.sessions);
		const byVersion = new Map<string, IDataObject>();
		for (const summary of this.summaries.results())
			byVersion.set(summary.versionId, { ...summary, ...reading.get(summary.versionId) });
		return byVersion;
	}
}
