/**
 * What the Returning Reader and New Reader tests share: a clock the test moves (Date.now, for the
 * node and the sandbox alike), readers' visits added to the sandbox, and a trigger with its static data.
 */
import type { IDataObject, INodeParameters, WorkflowExecuteMode } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import type { Json, TestItem, TriggerNode } from '../../../harness/n8n';
import { runPoll } from '../../../harness/n8n';
import type { SandboxHandle, TokenName } from '../../../harness/sandbox';

export const LIVE = SEED.versions.live.id;
export const ACCEPTED = SEED.versions.accepted.id;
export const SECOND = 1000;
const MINUTE = 60 * SECOND;
export const DAY_SECONDS = 24 * 60 * 60;

export type ReaderEvent = 'returningReader' | 'newReader';

/** Call at the top of a test file whose sandbox reads `now: () => Date.now()`. */
export function readerTriggers(api: SandboxHandle) {
	const realNow = Date.now.bind(Date);
	let start = 0;
	let clock = 0;
	/** Sets the clock to `seconds` after the test's start. */
	const at = (seconds: number) => {
		clock = start + seconds * SECOND;
	};
	const iso = (seconds: number) => new Date(start + seconds * SECOND).toISOString();

	beforeEach(() => {
		api.sandbox.reset();
		start = Math.floor(realNow() / MINUTE) * MINUTE;
		at(0);
		jest.spyOn(Date, 'now').mockImplementation(() => clock);
	});
	afterEach(() => jest.restoreAllMocks());

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

	function readerTrigger(event: ReaderEvent, parameters: INodeParameters = {}) {
		const node: TriggerNode = {
			name: event === 'returningReader' ? 'When a reader comes back' : 'When someone new reads',
			type: 'n8n-nodes-storydoc.storydocTrigger',
			parameters: { event, sessionGapMinutes: 10, ...parameters },
			credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
		};
		let staticData: IDataObject = {};
		return {
			node,
			async poll(mode: WorkflowExecuteMode = 'trigger', token: TokenName = 'team') {
				const { items } = await runPoll(node, {
					credentials: api.credentials(token),
					staticData,
					mode,
				});
				return items.map((item: TestItem) => item.json as Json);
			},
			/** n8n restarted: only what it stored of the static data (JSON) is left. */
			restart() {
				staticData = JSON.parse(JSON.stringify(staticData));
			},
		};
	}

	return { at, iso, read, lookBacks, readerTrigger };
}
