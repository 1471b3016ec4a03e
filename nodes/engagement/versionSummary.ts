import type { IDataObject } from 'n8n-workflow';

import type { AnalyticsEvent, VersionFields } from './events';
import { instantOf, present } from './events';

export interface VersionSummary extends IDataObject, VersionFields {
	views: number;
	clicks: number;
	uniqueVisitors: number;
	uniqueSessions: number;
	firstEventAt: string;
	lastEventAt: string;
	lastEventName: string | null;
}

/** The event's version, its titles and prospect still unknown (later events fill them in). */
const versionOf = (event: AnalyticsEvent): VersionFields => ({
	storyId: event.storyId,
	storyTitle: null,
	versionId: event.versionId,
	versionTitle: null,
	prospectName: null,
	prospectEmail: null,
	prospectPosition: null,
});

const LATEST_VALUE_FIELDS = [
	'storyTitle',
	'versionTitle',
	'prospectName',
	'prospectEmail',
	'prospectPosition',
] as const;
type LatestValueField = (typeof LATEST_VALUE_FIELDS)[number];

interface Tally {
	summary: VersionSummary;
	firstInstant: number;
	lastInstant: number;
	/** When each latest-value field was set, so events in any order give the same result. */
	setAt: Partial<Record<LatestValueField, number>>;
	visitors: Set<string>;
	sessions: Set<string>;
}

/** A running tally per version, never the events; prospect details from the latest event with them. */
export class VersionSummaries {
	private readonly tallies = new Map<string, Tally>();

	add(event: AnalyticsEvent): void {
		const instant = instantOf(event.timestamp);
		let tally = this.tallies.get(event.versionId);
		if (!tally) {
			tally = {
				summary: {
					...versionOf(event),
					views: 0,
					clicks: 0,
					uniqueVisitors: 0,
					uniqueSessions: 0,
					firstEventAt: event.timestamp,
					lastEventAt: event.timestamp,
					lastEventName: event.eventName ?? null,
				},
				firstInstant: instant,
				lastInstant: instant,
				setAt: {},
				visitors: new Set(),
				sessions: new Set(),
			};
			this.tallies.set(event.versionId, tally);
		}
		const { summary } = tally;

		if (event.eventCategory === 'view') summary.views++;
		else if (event.eventCategory === 'click') summary.clicks++;
		if (present(event.visitorId)) tally.visitors.add(event.visitorId);
		if (present(event.sessionId)) tally.sessions.add(event.sessionId);

		if (instant < tally.firstInstant) {
			tally.firstInstant = instant;
			summary.firstEventAt = event.timestamp;
		}
		// At one instant, the name last in code-point order: the API promises no order to go by.
		const name = event.eventName ?? null;
		if (
			instant > tally.lastInstant ||
			(instant === tally.lastInstant && (name ?? '') >= (summary.lastEventName ?? ''))
		) {
			tally.lastInstant = instant;
			summary.lastEventAt = event.timestamp;
			summary.lastEventName = name;
		}
		for (const field of LATEST_VALUE_FIELDS) {
			const value = event[field];
			if (!present(value)) continue;
			const at = tally.setAt[field] ?? Number.NEGATIVE_INFINITY;
			if (instant > at || (instant === at && value >= (summary[field] ?? ''))) {
				summary[field] = value;
				tally.setAt[field] = instant;
			}
		}
	}

	get size(): number {
		return this.tallies.size;
	}

	results(): VersionSummary[] {
		return [...this.tallies.values()]
			.sort(
				(a, b) =>
					b.lastInstant - a.lastInstant || a.summary.versionId.localeCompare(b.summary.versionId),
			)
			.map(({ summary, visitors, sessions }) => ({
				...summary,
				uniqueVisitors: visitors.size,
				uniqueSessions: sessions.size,
			}));
	}
}
