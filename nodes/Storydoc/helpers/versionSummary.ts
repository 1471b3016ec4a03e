import type { IDataObject } from 'n8n-workflow';

/** The fields of an analytics event the summary reads (GET /v2/analytics/events, `data[]`). */
export interface AnalyticsEvent extends IDataObject {
	timestamp: string;
	storyId: string;
	versionId: string;
	storyTitle?: string | null;
	versionTitle?: string | null;
	prospectName?: string | null;
	prospectEmail?: string | null;
	prospectPosition?: string | null;
	eventName?: string | null;
	eventCategory?: string | null;
	visitorId?: string | null;
	sessionId?: string | null;
}

/** One item of the "Summary per Version" output: what a CRM sync writes back per prospect. */
export interface VersionSummary extends IDataObject {
	storyId: string;
	storyTitle: string | null;
	versionId: string;
	versionTitle: string | null;
	prospectName: string | null;
	prospectEmail: string | null;
	prospectPosition: string | null;
	views: number;
	clicks: number;
	uniqueVisitors: number;
	uniqueSessions: number;
	firstEventAt: string;
	lastEventAt: string;
	lastEventName: string | null;
}

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
	/** When each of the latest-value fields was last set, so events in any order give the same result. */
	setAt: Partial<Record<LatestValueField, number>>;
	visitors: Set<string>;
	sessions: Set<string>;
}

const instantOf = (timestamp: string) => {
	const instant = Date.parse(timestamp);
	return Number.isNaN(instant) ? Number.NEGATIVE_INFINITY : instant;
};

const present = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Folds events into one running tally per version, so a summary over any number of events holds
 * only one small record (and the distinct visitor and session ids) per version, never the events.
 *
 * Events may come in any order. Titles and prospect details are taken from the latest event that
 * has them: a gate form can fill in the prospect after the first views.
 */
export class VersionSummaries {
	private readonly tallies = new Map<string, Tally>();

	add(event: AnalyticsEvent): void {
		const instant = instantOf(event.timestamp);
		let tally = this.tallies.get(event.versionId);
		if (!tally) {
			tally = {
				summary: {
					storyId: event.storyId,
					storyTitle: null,
					versionId: event.versionId,
					versionTitle: null,
					prospectName: null,
					prospectEmail: null,
					prospectPosition: null,
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
		// `>=`: of events sharing the last timestamp, the one the API lists last counts as the last.
		if (instant >= tally.lastInstant) {
			tally.lastInstant = instant;
			summary.lastEventAt = event.timestamp;
			summary.lastEventName = event.eventName ?? null;
		}
		for (const field of LATEST_VALUE_FIELDS) {
			const value = event[field];
			if (present(value) && instant >= (tally.setAt[field] ?? Number.NEGATIVE_INFINITY)) {
				summary[field] = value;
				tally.setAt[field] = instant;
			}
		}
	}

	get size(): number {
		return this.tallies.size;
	}

	/** One summary per version, most recently active first (ties: by version ID, for a stable order). */
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
