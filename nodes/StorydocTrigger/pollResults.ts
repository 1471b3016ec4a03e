import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { AnalyticsEvent } from '../Storydoc/helpers/interfaces';
import { VersionSummaries } from '../Storydoc/helpers/versionSummary';
import { isTeamPlanError, TEAM_PLAN_ADVICE } from '../Storydoc/transport/analytics';

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

/** "Nothing to emit", after committing the cursor n8n's durable scheduler would otherwise drop (Design notes). */
export async function nothingToEmit(context: IPollFunctions): Promise<null> {
	try {
		await context.__commitCursor?.();
	} catch (error) {
		context.logger.warn(
			`Storydoc Trigger "${context.getNode().name}": could not save the poll's cursor`,
			{
				error: (error as Error).message,
			},
		);
	}
	return null;
}
