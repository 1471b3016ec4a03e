'use strict';
/**
 * What the trigger scenarios read of the sandbox's log: a workflow's polls and the versions it looked
 * up, where the log stands, and waiting for n8n's next scheduled poll.
 */
const { waitFor: waitUntil } = require('../harness/waiting');

/**
 * n8n's scheduled polls come a minute apart; a scenario waits up to three, so that a poll late on a
 * busy machine only takes longer (the wait ends as soon as the poll is seen).
 */
const POLL_WAIT_MS = 180_000;
const waitFor = (find, what, timeoutMs = POLL_WAIT_MS) => waitUntil(find, what, timeoutMs);

/**
 * The click workflow's view of the sandbox log from `mark` on (its key: the sandbox's `team` unless
 * said): its requests, its answered polls and the versions it looked up (one per emitted click).
 */
function clickWorkflowLog(sandbox, mark, key = 'team') {
	const mine = () => sandbox.log.filter((entry) => entry.token === key && entry.seq > mark);
	return {
		all: mine,
		polls: () =>
			mine().filter((entry) => entry.path === '/v2/analytics/events' && entry.status !== null),
		lookedUp: () =>
			mine()
				.filter((entry) => entry.path.startsWith('/v2/versions/'))
				.map((entry) => entry.path.split('/').pop()),
	};
}

const lastSeq = (sandbox) => sandbox.log[sandbox.log.length - 1]?.seq ?? 0;
const click = (versionId, eventName) => ({ versionId, eventCategory: 'click', eventName });

/** What a failure message shows of the trigger's polls: when each arrived, what it read, its status. */
const pollQueries = (entries) =>
	entries.map(({ seq, time, status, query }) => ({
		seq,
		time,
		status,
		from: query.dateFrom,
		to: query.dateTo,
	}));

module.exports = { click, clickWorkflowLog, lastSeq, pollQueries, waitFor };
