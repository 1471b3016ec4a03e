import type { IDataObject } from 'n8n-workflow';

import type { AnalyticsEvent } from './interfaces';
import { ReadingSessions, readingByVersion } from './readingSessions';
import { VersionSummaries } from './versionSummary';

/** What Summary for Each Item's Version gives a version the period has no event for. */
export function notOpened(versionId: string, storyId: string | null): IDataObject {
	return {
		opened: false,
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

/** Summary per Version's figures of the wanted versions only; the others' events are read past. */
export class VersionEngagement {
	private readonly sessions: ReadingSessions;

	private readonly summaries = new VersionSummaries();

	constructor(
		private readonly wanted: ReadonlySet<string>,
		idleGapMs: number,
	) {
		this.sessions = new ReadingSessions(idleGapMs);
	}

	add(event: AnalyticsEvent): void {
		if (!this.wanted.has(event.versionId)) return;
		this.sessions.add(event);
		this.summaries.add(event);
	}

	results(): Map<string, IDataObject> {
		const reading = readingByVersion(this.sessions);
		const byVersion = new Map<string, IDataObject>();
		for (const summary of this.summaries.results())
			byVersion.set(summary.versionId, {
				opened: true,
				...summary,
				...reading.get(summary.versionId),
			});
		return byVersion;
	}
}
