import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { AnalyticsEvent } from '../../engagement/events';
import { VersionSummaries } from '../../engagement/versionSummary';
import { isTeamPlanError, TEAM_PLAN_ADVICE } from '../../Storydoc/transport/analytics';

/** The plan error of the analytics API, said for this node: the whole trigger depends on it. */
export function explainTriggerError(error: unknown): unknown {
	if (error instanceof NodeApiError && isTeamPlanError(error)) {
		error.description = `The Storydoc Trigger reads views and clicks from Storydoc's analytics API, which is part of the Team plan. ${TEAM_PLAN_ADVICE}`;
	}
	return error;
}

/** One item per version with the counts of this poll's events and the latest of them, oldest activity first. */
export function versionItems(events: AnalyticsEvent[]): IDataObject[] {
	const summaries = new VersionSummaries();
	const latest = new Map<string, AnalyticsEvent>();
	for (const event of events) {
		summaries.add(event);
		latest.set(event.versionId, event);
	}
	return summaries
		.results()
		.reverse()
		.map((summary) => ({ ...summary, latestEvent: latest.get(summary.versionId) ?? null }));
}

/** A poll without a cursor starts from now; saying so shows a start n8n did not keep (Design notes). */
export async function startedFromNow(context: IPollFunctions, start: string): Promise<null> {
	const node = context.getNode().name;
	context.logger.info(
		`Storydoc Trigger "${node}": no saved cursor, so this poll starts from ${start} and emits no earlier event. That is expected at activation; on a later poll it means n8n did not keep the previous poll's cursor, and the events between the two starts are skipped (none is emitted twice)`,
		{ node, workflowId: context.getWorkflow().id, start },
	);
	return await nothingToEmit(context, start);
}

/** "Nothing to emit", the cursor committed first (Design notes); only a lost start warns. */
export async function nothingToEmit(context: IPollFunctions, start?: string): Promise<null> {
	try {
		await context.__commitCursor?.();
	} catch (error) {
		const node = context.getNode().name;
		const meta = { node, workflowId: context.getWorkflow().id, error: (error as Error).message };
		if (start) {
			context.logger.warn(
				`Storydoc Trigger "${node}": n8n did not save the cursor this poll started at ${start}. If the next poll finds none, it starts from its own time, and the events from ${start} until then are not emitted (none is emitted twice)`,
				meta,
			);
		} else {
			context.logger.debug(
				`Storydoc Trigger "${node}": n8n did not save this poll's cursor; if it is lost, the next poll reads the same events again and emits none of them twice`,
				meta,
			);
		}
	}
	return null;
}
