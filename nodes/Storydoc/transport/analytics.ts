import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { DEFAULT_PAGE_CONCURRENCY } from '../constants';
import { DAY_MS, isOutsideWindow, splitIntoWindows } from '../helpers/dateWindows';
import type { DateWindow } from '../helpers/dateWindows';
import { orderedPages } from '../helpers/orderedPages';
import type { Page } from '../helpers/orderedPages';
import type { AnalyticsEvent } from '../../engagement/events';
import type { StorydocContext } from './context';
import { storydocApiRequest } from './request';

/** `from` and `to` are inclusive instants (epoch ms). */
export interface AnalyticsQuery {
	from: number;
	to: number;
	storyId?: string;
	versionId?: string;
	userEmail?: string;
}

export interface AnalyticsPagingOptions {
	concurrency?: number;
	limit?: number;
	itemIndex?: number;
	/** Only the events it keeps are yielded and counted toward `limit` (Filters › Reader); the requests stay the same. */
	keep?: (event: AnalyticsEvent) => boolean;
}

interface EventsResponse {
	data?: unknown;
	pagination?: Partial<Record<'page' | 'pageSize' | 'total' | 'totalPages', number>> & {
		hasMore?: boolean;
	};
}

/** The analytics API's 403 for an organization without the Team plan (not a refused key). */
export const isTeamPlanError = (error: NodeApiError) =>
	error.httpCode === '403' && /team plan/i.test(error.message);

export const TEAM_PLAN_ADVICE =
	'Upgrade the organization to the Team plan, or use the Access Token of an organization that has it.';

/** Rewrites the errors whose generic advice would mislead (a 403 here is the plan, not the key). */
function explainAnalyticsError(error: unknown): unknown {
	if (!(error instanceof NodeApiError)) return error;
	if (isTeamPlanError(error)) {
		error.description = `Engagement analytics is part of Storydoc's Team plan. ${TEAM_PLAN_ADVICE}`;
	} else if (error.httpCode === '400' && /revoked|token/i.test(error.message)) {
		// Storydoc's reference: this 400 also answers an invalid token, not only a revoked one.
		error.description =
			'This API key was revoked in Storydoc, or is not valid. Create a new key (Automations in Storydoc) and put it in the Access Token of the Storydoc credential.';
	} else if (error.httpCode === '404' && /userEmail/.test(error.message)) {
		error.description =
			'"User Email" must be the email of a user of your Storydoc organization (the user who created the versions). Leave it empty to get events of every user.';
	}
	return error;
}

async function fetchEventsPage(
	context: StorydocContext,
	query: AnalyticsQuery,
	window: DateWindow,
	page: number,
	itemIndex: number | undefined,
): Promise<Page<AnalyticsEvent>> {
	const qs: IDataObject = { dateFrom: window.dateFrom, dateTo: window.dateTo, page };
	if (query.storyId) qs.storyId = query.storyId;
	if (query.versionId) qs.versionId = query.versionId;
	if (query.userEmail) qs.userEmail = query.userEmail;

	let body: EventsResponse;
	try {
		body = (await storydocApiRequest.call(context, {
			method: 'GET',
			path: '/v2/analytics/events',
			qs,
			itemIndex,
		})) as EventsResponse;
	} catch (error) {
		throw explainAnalyticsError(error);
	}

	const { data, pagination } = body ?? {};
	if (!Array.isArray(data) || !pagination || typeof pagination.hasMore !== 'boolean') {
		throw new NodeOperationError(
			context.getNode(),
			'The Storydoc API answered GET /v2/analytics/events without the expected "data" list and "pagination"',
			{ itemIndex, description: `Page ${page} of ${window.dateFrom} to ${window.dateTo}` },
		);
	}
	return {
		items: data as AnalyticsEvent[],
		hasMore: pagination.hasMore,
		totalPages: Number(pagination.totalPages) || page,
		pageSize: Number(pagination.pageSize) || data.length,
	};
}

/** Every event of a query, a page per yield, oldest first: docs/development.md › Design notes. */
export async function* analyticsEvents(
	this: StorydocContext,
	query: AnalyticsQuery,
	{ concurrency = DEFAULT_PAGE_CONCURRENCY, limit, itemIndex, keep }: AnalyticsPagingOptions = {},
): AsyncGenerator<AnalyticsEvent[], void, undefined> {
	let remaining = limit ?? Number.POSITIVE_INFINITY;
	for (const window of splitIntoWindows(query.from, query.to)) {
		const pages = orderedPages((page) => fetchEventsPage(this, query, window, page, itemIndex), {
			concurrency,
			wanted: remaining,
			drop: (event) => isOutsideWindow(event.timestamp, window) || (keep ? !keep(event) : false),
		});
		for await (const events of pages) {
			const batch = events.length > remaining ? events.slice(0, remaining) : events;
			remaining -= batch.length;
			if (batch.length) yield batch;
			if (remaining <= 0) return;
		}
	}
}

export interface VersionHistoryQuery {
	versionId: string;
	from: number;
	to: number;
	/** The page of the first window to start at: where an earlier read stopped. */
	page: number;
	budget: { requests: number };
	deadline: number;
}

export type HistoryRead = { done: true } | { done: false; from: number; page: number };

/** A version's events in [from, to], oldest first, to `onPage` (true: enough); cut short, where to go on. */
export async function versionHistory(
	this: StorydocContext,
	{ versionId, from, to, page: firstPage, budget, deadline }: VersionHistoryQuery,
	onPage: (events: AnalyticsEvent[]) => boolean | void,
): Promise<HistoryRead> {
	let page = firstPage;
	for (const window of splitIntoWindows(from, to)) {
		for (; ; page++) {
			if (budget.requests <= 0 || Date.now() >= deadline)
				return { done: false, from: window.from, page };
			budget.requests--;
			const { items, hasMore } = await fetchEventsPage(
				this,
				{ versionId, from, to },
				window,
				page,
				undefined,
			);
			const enough = onPage(
				items.filter(
					(event) => event.versionId === versionId && !isOutsideWindow(event.timestamp, window),
				),
			);
			if (enough) return { done: true };
			// Past `to` (the API answers To's whole day) the rest is too: a later read must not skip this page.
			if (!hasMore || items.some((event) => Date.parse(event.timestamp) > window.to)) break;
		}
		page = 1;
	}
	return { done: true };
}

export interface ViewBeforeQuery {
	versionId: string;
	from: number;
	to: number;
	notBefore: Set<string>;
	/** Requests left for this and the checks running beside it; each page takes one. */
	budget: { requests: number };
}

/** Whether the version was viewed in [from, to]; a check cut short resumes at `checkedUntil`. */
export async function viewBefore(
	this: StorydocContext,
	{ versionId, from, to, notBefore, budget }: ViewBeforeQuery,
): Promise<{ found: boolean; checkedUntil: number }> {
	let found = false;
	const read = await versionHistory.call(
		this,
		{ versionId, from, to, page: 1, budget, deadline: Number.POSITIVE_INFINITY },
		(events) =>
			(found = events.some(
				(event) => event.eventCategory === 'view' && !notBefore.has(String(event.eventId ?? '')),
			)),
	);
	if (found) return { found, checkedUntil: to + 1 };
	return { found, checkedUntil: read.done ? to + 1 : read.from };
}

const LOOKBACK_STEPS_DAYS = [1, 7, 31];

/** The newest event `accept` takes, read backwards (Fetch Test Event): docs/development.md › Design notes. */
export async function latestEvent(
	this: StorydocContext,
	query: AnalyticsQuery,
	accept: (event: AnalyticsEvent) => boolean,
): Promise<AnalyticsEvent | undefined> {
	let rangeEnd = query.to;
	for (const days of [...LOOKBACK_STEPS_DAYS, Number.POSITIVE_INFINITY]) {
		if (rangeEnd < query.from) break;
		const rangeStart = Math.max(query.from, query.to - days * DAY_MS);
		for (const window of splitIntoWindows(rangeStart, rangeEnd).reverse()) {
			const firstPage = await fetchEventsPage(this, query, window, 1, undefined);
			for (let page = firstPage.totalPages; page >= 1; page--) {
				const { items } =
					page === 1 ? firstPage : await fetchEventsPage(this, query, window, page, undefined);
				let latest: AnalyticsEvent | undefined;
				for (const event of items) {
					if (isOutsideWindow(event.timestamp, window) || !accept(event)) continue;
					if (!latest || Date.parse(event.timestamp) >= Date.parse(latest.timestamp))
						latest = event;
				}
				if (latest) return latest;
			}
		}
		rangeEnd = rangeStart - 1;
	}
	return undefined;
}
