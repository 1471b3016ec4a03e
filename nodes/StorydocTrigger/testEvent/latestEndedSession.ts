import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DAY_MS } from '../../Storydoc/helpers/dateWindows';
import { sessionLevel } from '../../engagement/levels';
import type { ReadingSession } from '../../engagement/session';
import { ReadingSessions } from '../../engagement/sessions';
import { analyticsEvents } from '../../Storydoc/transport/analytics';
import type { Settings } from '../settings';

export const TEST_SESSION_DAYS = 7;

/** Fetch Test Event of Reading Session Ended: the session of the last days whose end is the latest. */
export async function latestEndedSession(
	context: IPollFunctions,
	settings: Settings,
	now: number,
): Promise<ReadingSession> {
	const sessions = new ReadingSessions(settings.idleGapMs);
	const query = { ...settings.filters, from: now - TEST_SESSION_DAYS * DAY_MS, to: now };
	for await (const page of analyticsEvents.call(context, query, {})) {
		for (const event of page) sessions.add(event);
	}
	const ended = sessions.results(now).filter((session) => !session.mayBeOngoing);
	const latest = ended.reduce<ReadingSession | undefined>(
		(found, session) =>
			!found || Date.parse(session.lastEventAt) >= Date.parse(found.lastEventAt) ? session : found,
		undefined,
	);
	if (!latest) {
		throw new NodeOperationError(
			context.getNode(),
			`No reading session ended in the last ${TEST_SESSION_DAYS} days matches this trigger`,
			{
				description:
					'Open a version of the story (or the version) this trigger watches, wait for Session Ends After, then fetch a test event again; or loosen the filters.',
			},
		);
	}
	// The trigger counts no reader's earlier sessions: its items leave them unknown too.
	const session = { ...latest, readerSession: null, returningReader: null };
	return { ...session, ...sessionLevel(session, settings.levels) };
}
