import type { IDataObject } from 'n8n-workflow';

/** The version an analytics event is about, and its prospect: what every summary of events starts with. */
export interface VersionFields {
	storyId: string;
	storyTitle: string | null;
	versionId: string;
	versionTitle: string | null;
	prospectName: string | null;
	prospectEmail: string | null;
	prospectPosition: string | null;
}

/** One event of GET /v2/analytics/events. */
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

/** An event's time in ms; an unreadable one sorts first. */
export const instantOf = (timestamp: string) => {
	const instant = Date.parse(timestamp);
	return Number.isNaN(instant) ? Number.NEGATIVE_INFINITY : instant;
};

export const present = (value: unknown): value is string =>
	typeof value === 'string' && value !== '';

/** A slide view's name in Storydoc's reference: `view_slide_3`. */
const SLIDE_VIEW = /^view_slide_(\d+)$/;

export function slideNumber(eventName: unknown): number | undefined {
	const match = typeof eventName === 'string' ? SLIDE_VIEW.exec(eventName) : null;
	return match ? Number(match[1]) : undefined;
}
