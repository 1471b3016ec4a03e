import type { IDataObject } from 'n8n-workflow';

/** The fields Version › Get returns with Simplify on, in this order. */
export const SIMPLE_VERSION_FIELDS = [
	'versionId',
	'title',
	'status',
	'storyId',
	'storyTitle',
	'url',
	'senderEmail',
	'expireAt',
	'acceptedAt',
	'updatedAt',
] as const;

/** The fields of an analytics event Get Events (Raw Events) returns with Simplify on, in this order. */
export const SIMPLE_EVENT_FIELDS = [
	'timestamp',
	'eventCategory',
	'eventName',
	'versionId',
	'versionTitle',
	'storyTitle',
	'prospectName',
	'prospectEmail',
	'visitorId',
	'locationCity',
] as const;

const valueOrNull = (value: unknown) => (value === undefined ? null : value);

/** A Version object reduced to `SIMPLE_VERSION_FIELDS` (a field the API left out is null). */
export function simplifyVersion(version: IDataObject): IDataObject {
	const sender = version.sender as IDataObject | null | undefined;
	return {
		versionId: valueOrNull(version.id),
		title: valueOrNull(version.title),
		status: valueOrNull(version.status),
		storyId: valueOrNull(version.storyId),
		storyTitle: valueOrNull(version.storyTitle),
		url: valueOrNull(version.url),
		senderEmail: valueOrNull(sender?.email),
		expireAt: valueOrNull(version.expireAt),
		acceptedAt: valueOrNull(version.acceptedAt),
		updatedAt: valueOrNull(version.updatedAt),
	};
}

/** An analytics event reduced to `SIMPLE_EVENT_FIELDS`. */
export function simplifyEvent(event: IDataObject): IDataObject {
	const simple: IDataObject = {};
	for (const field of SIMPLE_EVENT_FIELDS) simple[field] = valueOrNull(event[field]);
	return simple;
}
