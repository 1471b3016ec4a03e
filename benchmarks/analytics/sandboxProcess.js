'use strict';
/**
 * The sandbox of bench:analytics, in a process of its own as the API runs on another machine: its
 * work (building and serializing pages) would otherwise be billed to whichever side is measured.
 * Its events all fall in the last SPAN_DAYS days, so one query of at most 92 days reads them all
 * (`spanDays`: another span, for bench:warehouse's histories; `evenly`: its events spread evenly
 * over that span, not only over the seeded versions' lives, which end within a year).
 */
const { fork } = require('node:child_process');
const { once } = require('node:events');

const SPAN_DAYS = 90;
const EVENTS_PATH = '/v2/analytics/events';

/**
 * Starts it; resolves with its URL, the team token, the event ids in the API's order and the size of
 * the events' JSON, and `requestsSinceLastAsk()`: the analytics pages read since the last ask, the
 * most answered at once, and when each was answered (ms since the epoch, this machine's clock).
 */
async function startSandboxProcess({
	events,
	latencyMs,
	now,
	dealVersions = 0,
	dealStories = 0,
	spanDays = SPAN_DAYS,
	evenly = false,
}) {
	const settings = { events, latencyMs, now, dealVersions, dealStories, spanDays, evenly };
	const child = fork(__filename, ['--child', JSON.stringify(settings)], {
		stdio: 'inherit',
	});
	const [ready] = await once(child, 'message');
	return {
		...ready,
		async requestsSinceLastAsk() {
			child.send('requests');
			const [answer] = await once(child, 'message');
			return answer;
		},
		close: () => child.disconnect(),
	};
}

async function runChild({ events, latencyMs, now, dealVersions, dealStories, spanDays, evenly }) {
	const { startSandbox } = require('../../scripts/lib/sandbox');
	let answeredAt = [];
	const { sandbox, url } = await startSandbox({
		events,
		eventSpanDays: spanDays,
		eventsEvenly: evenly,
		dealVersions,
		dealStories,
		latencyMs,
		now: () => now,
		onRequest: (record) => {
			if (record.path === EVENTS_PATH) answeredAt.push(Date.now());
		},
	});
	process.on('message', () => {
		const pages = sandbox.log.filter((entry) => entry.path === EVENTS_PATH);
		process.send({
			pages: pages.length,
			mostInFlight: Math.max(0, ...pages.map((entry) => entry.inProgress)),
			answeredAt,
		});
		answeredAt = [];
		sandbox.clearLog();
	});
	process.on('disconnect', () => sandbox.close().then(() => process.exit(0)));
	process.send({
		url,
		token: sandbox.tokens.team,
		eventIds: sandbox.state.events.map((event) => event.eventId),
		eventJsonBytes: Buffer.byteLength(JSON.stringify(sandbox.state.events)),
	});
}

if (require.main === module && process.argv[2] === '--child') runChild(JSON.parse(process.argv[3]));

module.exports = { SPAN_DAYS, startSandboxProcess };
