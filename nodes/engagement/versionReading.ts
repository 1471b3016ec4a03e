import type { IDataObject } from 'n8n-workflow';

import { readingSecondsOf } from './session';
import type { ReadingSessions } from './sessions';
import { mostRead, secondsBySlide, slideMilliseconds } from './slideTime';

/** What a version's reading sessions add to its summary (Get Events › Summary per Version). */
export interface VersionReading extends IDataObject {
	readingSessions: number;
	returningReaders: number;
	readersWhoClicked: number;
	totalReadingSeconds: number;
	averageReadingSeconds: number;
	deepestSlide: number | null;
	secondsPerSlide: Record<string, number>;
	mostReadSlides: number[];
	lastReaderVisitorId: string | null;
}

/** Per version, from the sessions' tallies, oldest first: no session is made an item. */
export function readingByVersion(sessions: ReadingSessions): Map<string, VersionReading> {
	const byVersion = new Map<
		string,
		Pick<VersionReading, 'readingSessions' | 'totalReadingSeconds' | 'deepestSlide'> & {
			returning: Set<string>;
			clicked: Set<string>;
			slideSeconds: Record<string, number>;
			lastRead: number;
			lastReaderVisitorId: string | null;
		}
	>();
	for (const { open, readerSession } of sessions.inOrder()) {
		const { session } = open;
		let reading = byVersion.get(session.versionId);
		if (!reading) {
			reading = {
				readingSessions: 0,
				totalReadingSeconds: 0,
				deepestSlide: null,
				returning: new Set(),
				clicked: new Set(),
				slideSeconds: {},
				lastRead: Number.NEGATIVE_INFINITY,
				lastReaderVisitorId: null,
			};
			byVersion.set(session.versionId, reading);
		}
		reading.readingSessions++;
		reading.totalReadingSeconds += readingSecondsOf(open);
		for (const slide of session.slidesViewed)
			reading.deepestSlide = Math.max(reading.deepestSlide ?? 0, slide);
		for (const [slide, spent] of Object.entries(secondsBySlide(slideMilliseconds(open))))
			reading.slideSeconds[slide] = (reading.slideSeconds[slide] ?? 0) + spent;
		if (session.visitorId === null) continue;
		if (readerSession !== null && readerSession > 1) reading.returning.add(session.visitorId);
		if (session.clicks > 0) reading.clicked.add(session.visitorId);
		if (open.lastInstant >= reading.lastRead) {
			reading.lastRead = open.lastInstant;
			reading.lastReaderVisitorId = session.visitorId;
		}
	}
	const results = new Map<string, VersionReading>();
	for (const [versionId, reading] of byVersion) {
		const secondsPerSlide = Object.fromEntries(
			Object.entries(reading.slideSeconds).sort(([a], [b]) => Number(a) - Number(b)),
		);
		results.set(versionId, {
			readingSessions: reading.readingSessions,
			returningReaders: reading.returning.size,
			readersWhoClicked: reading.clicked.size,
			totalReadingSeconds: reading.totalReadingSeconds,
			averageReadingSeconds: Math.floor(reading.totalReadingSeconds / reading.readingSessions),
			deepestSlide: reading.deepestSlide,
			secondsPerSlide,
			mostReadSlides: mostRead(secondsPerSlide),
			lastReaderVisitorId: reading.lastReaderVisitorId,
		});
	}
	return results;
}
