import type { IDataObject } from 'n8n-workflow';

import type { AnalyticsEvent } from './events';
import { present } from './events';

/** A reader of one version, as plain JSON: first and last instants, sessions, their open sessions' last instants. */
export type Reader = [first: number, last: number, sessions: number, open: Record<string, number>];

/** What the trigger knows of one version's readers, from its events read so far (kept between polls). */
export interface VersionReaders {
	readers: Record<string, Reader>;
	firstReadAt: number | null;
	/** The instant of its latest event (0: none yet): the versions read longest ago are forgotten first. */
	lastActive: number;
}

export type ReaderEventType = 'returningReader' | 'newReader';

/** An item of Returning Reader or New Reader on a Version: the event that starts it, and what it means. */
export interface ReaderItem {
	type: ReaderEventType;
	instant: number;
	json: IDataObject;
}

export const noReaders = (): VersionReaders => ({
	readers: {},
	firstReadAt: null,
	// 0, not -Infinity: JSON keeps it when n8n stores the state.
	lastActive: 0,
});

const iso = (instant: number) => new Date(instant).toISOString();

/** One event (in time order) into a version's readers, and its item: docs/development.md › Returning and new readers. */
export function foldReaderEvent(
	version: VersionReaders,
	event: AnalyticsEvent,
	instant: number,
	isNew: boolean,
	idleGapMs: number,
): ReaderItem | undefined {
	if (!present(event.visitorId)) return undefined;
	version.lastActive = Math.max(version.lastActive, instant);
	version.firstReadAt = Math.min(version.firstReadAt ?? instant, instant);
	const sessionKey = present(event.sessionId) ? event.sessionId : '';
	const reader = version.readers[event.visitorId];
	if (!reader) {
		version.readers[event.visitorId] = [instant, instant, 1, { [sessionKey]: instant }];
		if (!isNew) return undefined;
		const versionReaders = Object.keys(version.readers).length;
		if (versionReaders === 1) return undefined;
		return {
			type: 'newReader',
			instant,
			json: {
				...event,
				versionReaders,
				versionFirstReadAt: iso(version.firstReadAt),
			},
		};
	}
	const [first, last] = reader;
	const open = reader[3];
	const newSession = !(sessionKey in open) || instant - open[sessionKey] > idleGapMs;
	reader[1] = Math.max(last, instant);
	open[sessionKey] = Math.max(open[sessionKey] ?? instant, instant);
	for (const [key, at] of Object.entries(open)) if (reader[1] - at > idleGapMs) delete open[key];
	if (!newSession) return undefined;
	reader[2]++;
	if (!isNew) return undefined;
	return {
		type: 'returningReader',
		instant,
		json: {
			...event,
			readerSession: reader[2],
			readerFirstReadAt: iso(first),
			readerLastReadAt: iso(last),
		},
	};
}
