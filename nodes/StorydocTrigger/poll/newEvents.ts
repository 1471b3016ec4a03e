import type { IPollFunctions } from 'n8n-workflow';

import type { AnalyticsEvent } from '../../engagement/events';
import type { AnalyticsQuery } from '../../Storydoc/transport/analytics';
import { analyticsEvents } from '../../Storydoc/transport/analytics';

/** The rest of n8n's poll budget is for the pages in flight and handing the items over. */
const BUDGET_SHARE = 0.75;

/** When this poll stops requesting pages (docs/development.md › Design notes › The trigger's poll budget). */
export function pollDeadline(context: IPollFunctions, started: number): number {
	const budget =
		typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : Number.NaN;
	return Number.isFinite(budget) && budget > 0
		? started + budget * BUDGET_SHARE
		: Number.POSITIVE_INFINITY;
}

/** The events from the cursor on; past `deadline` it stops where the cursor can stand (in time order, past its instant). */
export async function readNewEvents(
	context: IPollFunctions,
	query: AnalyticsQuery,
	deadline: number,
): Promise<{ read: AnalyticsEvent[]; complete: boolean }> {
	const read: AnalyticsEvent[] = [];
	let inTimeOrder = true;
	let lastInstant = query.from;
	for await (const page of analyticsEvents.call(context, query)) {
		for (const event of page) {
			read.push(event);
			const instant = Date.parse(event.timestamp);
			if (instant < lastInstant) inTimeOrder = false;
			else if (instant > lastInstant) lastInstant = instant;
		}
		if (inTimeOrder && lastInstant > query.from && Date.now() >= deadline)
			return { read, complete: false };
	}
	return { read, complete: true };
}
