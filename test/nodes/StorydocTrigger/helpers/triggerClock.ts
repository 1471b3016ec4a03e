/**
 * What the trigger tests with a clock of their own share: Date.now set by the test (for the node and
 * a sandbox made with `now: () => Date.now()` alike), and a trigger node polled through n8n-core with
 * its static data, restarted as n8n restarts (only the JSON it stored is left).
 */
import type { IDataObject, WorkflowExecuteMode } from 'n8n-workflow';

import type { Json, PollerStateRow, TestItem, TriggerNode } from '../../../harness/n8n';
import { runDurablePoll, runPoll } from '../../../harness/n8n';
import type { SandboxHandle, TokenName } from '../../../harness/sandbox';

export const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Call at the top of a test file: each test starts on a whole minute, with the sandbox reset. */
export function useTestClock(api: SandboxHandle) {
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
	return { at, iso };
}

/** A Storydoc Trigger node with its static data: `poll` as n8n's scheduler (or the editor) runs it. */
export function pollingTrigger(api: SandboxHandle, node: TriggerNode) {
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

/**
 * The same node under n8n 2.x's durable scheduler: its poller_state row is all n8n keeps between
 * polls, so `restart()` leaves only the row's JSON. `poll()` expects the poll to succeed.
 */
export function durableTrigger(api: SandboxHandle, node: TriggerNode) {
	const row: PollerStateRow = {};
	return {
		activate: () => runDurablePoll(node, { credentials: api.credentials(), row, activation: true }),
		async poll() {
			const result = await runDurablePoll(node, { credentials: api.credentials(), row });
			expect(result.error).toBeUndefined();
			return result.items.map((item: TestItem) => item.json as Json);
		},
		restart() {
			row.cursor = JSON.parse(JSON.stringify(row.cursor));
		},
	};
}
