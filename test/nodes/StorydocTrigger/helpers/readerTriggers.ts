/**
 * What the Returning Reader and New Reader tests share: the test's clock (triggerClock.ts), readers'
 * visits added to the sandbox, the trigger's look-back requests, and a trigger of either event.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import type { Json } from '../../../harness/n8n';
import type { SandboxHandle } from '../../../harness/sandbox';
import { pollingTrigger, useTestClock } from './triggerClock';

export const LIVE = SEED.versions.live.id;
export const ACCEPTED = SEED.versions.accepted.id;
export const DAY_SECONDS = 24 * 60 * 60;

export type ReaderEvent = 'returningReader' | 'newReader';

/** Call at the top of a test file whose sandbox reads `now: () => Date.now()`. */
export function readerTriggers(api: SandboxHandle) {
	const { at, iso } = useTestClock(api);

	/** One reader's events on a version, at seconds after the start, in one session (or none). */
	const read = (
		visitorId: string,
		seconds: number[],
		{ versionId = LIVE, sessionId = `${visitorId}-${seconds[0]}` as string | null } = {},
	) =>
		api.sandbox.addEvents(
			seconds.map((second, index) => ({
				versionId,
				visitorId,
				sessionId,
				eventCategory: 'view',
				eventName: `view_slide_${index + 1}`,
				timestamp: iso(second),
			})),
		);

	/** The trigger's look-back requests (those for one version). */
	const lookBacks = () =>
		api.sandbox.log.filter(
			(entry: Json) => entry.path === '/v2/analytics/events' && entry.query.versionId,
		);

	const readerTrigger = (event: ReaderEvent, parameters: INodeParameters = {}) =>
		pollingTrigger(api, {
			name: event === 'returningReader' ? 'When a reader comes back' : 'When someone new reads',
			type: 'n8n-nodes-storydoc.storydocTrigger',
			parameters: { event, sessionGapMinutes: 10, ...parameters },
			credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
		});

	return { at, iso, read, lookBacks, readerTrigger };
}
