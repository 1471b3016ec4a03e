import type { INode } from 'n8n-workflow';

import type { AnalyticsEvent } from '../../engagement/events';
import { fieldError, valueGiven } from './fieldError';
import { isEmailAddress } from './values';

export type ReaderMatch = (event: AnalyticsEvent) => boolean;

/** The reference shows `vis_aa11bb22cc33dd44`, but promises no format: any token of ID characters. */
const VISITOR_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

const trimmedLower = (value: unknown) =>
	typeof value === 'string' ? value.trim().toLowerCase() : undefined;

/** The Reader filter, checked before any request: empty means no filter. */
export function readerFilter(
	node: INode,
	itemIndex: number,
	value: unknown,
): ReaderMatch | undefined {
	const given = typeof value === 'number' ? String(value) : value;
	const reader = typeof given === 'string' ? given.trim() : given;
	if (reader === undefined || reader === null || reader === '') return undefined;
	if (typeof reader === 'string' && reader.includes('@')) {
		if (!isEmailAddress(reader)) throw invalid(node, itemIndex, value);
		const email = reader.toLowerCase();
		return (event) => trimmedLower(event.prospectEmail) === email;
	}
	if (typeof reader !== 'string' || !VISITOR_ID.test(reader)) throw invalid(node, itemIndex, value);
	return (event) => event.visitorId === reader;
}

function invalid(node: INode, itemIndex: number, value: unknown) {
	return fieldError(
		node,
		itemIndex,
		'Reader',
		'is neither an email address nor a visitor ID',
		`${valueGiven(value)}. Give the reader's email (prospectEmail, e.g. name@company.com) or visitor ID (visitorId, e.g. vis_aa11bb22cc33dd44), or leave it empty for every reader.`,
	);
}
