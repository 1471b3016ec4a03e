/**
 * Version Went Quiet over generated reads, through n8n-core's PollContext against the sandbox on a
 * clock the test moves: whatever order the API lists the events in and wherever the polls fall, a
 * version is emitted at the first poll at least Quiet For after its last read known by then (read
 * since Quiet For before activation), once per such last read, with that last read and its views.
 */
import fc from 'fast-check';

import type { Json } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { pollingTrigger, useTestClock } from '../helpers/triggerClock';

const api = useSandbox({ events: 0, rateLimit: { max: 100000 }, now: () => Date.now() });
const { at, iso } = useTestClock(api);
const HOUR = 3600;
const DAY = 24 * HOUR;
const QUIET_DAYS = 2;
const END = 30 * DAY;
const VERSIONS = [
	'66d000000000000000000a01',
	'66d000000000000000000a02',
	'66d000000000000000000a03',
];
const RUNS = 25;
const PROPERTY_SEED = 4807;
const shown = { sets: 0, reads: 0, emitted: 0 };
afterAll(() =>
	// eslint-disable-next-line no-console -- the property's counts and seed, for the log
	console.log(
		`Version Went Quiet property (seed ${PROPERTY_SEED}): ${shown.sets} sets of reads, ${shown.reads} reads, ${shown.emitted} quiet versions emitted, each as counted by hand`,
	),
);

/** By hand: at each poll, each version whose last known read is Quiet For old, once per last read. */
function byHand(reads: Array<{ version: string; second: number }>, polls: number[]) {
	const emitted: Array<[number, string, number]> = [];
	const told = new Map<string, number>();
	for (const poll of polls) {
		const quiet: Array<[number, string, number]> = [];
		for (const version of VERSIONS) {
			const known = reads
				.filter((row) => row.version === version)
				.map((row) => row.second)
				.filter((second) => second >= -QUIET_DAYS * DAY && second <= poll);
			if (!known.length) continue;
			const last = Math.max(...known);
			if (poll - last < QUIET_DAYS * DAY || told.get(version) === last) continue;
			told.set(version, last);
			quiet.push([poll, version, last]);
		}
		// Quiet longest first; at one last read, in code-point order of their IDs.
		emitted.push(...quiet.sort((a, b) => a[2] - b[2] || (a[1] < b[1] ? -1 : 1)));
	}
	return emitted;
}

test(`each version once per last read, at the first poll Quiet For after it; any order and any polls (seed ${PROPERTY_SEED}, ${RUNS} runs)`, async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.record({
					version: fc.constantFrom(...VERSIONS),
					second: fc.integer({ min: -4 * DAY, max: 20 * DAY }),
				}),
				{ minLength: 1, maxLength: 25 },
			),
			fc.uniqueArray(fc.integer({ min: 1, max: END / HOUR - 1 }), {
				minLength: 1,
				maxLength: 12,
			}),
			fc.integer({ min: 1, max: 2 ** 30 }),
			async (reads, hours, orderSeed) => {
				api.sandbox.reset();
				at(0);
				const trigger = pollingTrigger(api, {
					name: 'When a proposal goes quiet',
					type: 'n8n-nodes-storydoc.storydocTrigger',
					parameters: { event: 'versionQuiet', quietDays: QUIET_DAYS },
					credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
				});
				api.sandbox.addEvents(
					reads.map((row) => ({
						versionId: row.version,
						visitorId: 'vis_anna',
						sessionId: null,
						eventCategory: 'view',
						eventName: 'view_slide_1',
						timestamp: iso(row.second),
					})),
				);
				api.sandbox.setEventOrder(orderSeed);
				await trigger.poll();
				const polls = [...hours.map((hour) => hour * HOUR).sort((a, b) => a - b), END];
				const emitted: Array<[number, string, number]> = [];
				const views = new Map<string, number>();
				for (const poll of polls) {
					at(poll);
					for (const item of await trigger.poll()) {
						emitted.push([
							poll,
							item.versionId,
							(Date.parse(item.lastEventAt) - Date.parse(iso(0))) / 1000,
						]);
						views.set(`${poll} ${item.versionId}`, item.views);
						expect(item.quietSince).toBe(
							iso((Date.parse(item.lastEventAt) - Date.parse(iso(0))) / 1000 + QUIET_DAYS * DAY),
						);
					}
					if (poll === polls[0]) trigger.restart();
				}
				const expected = byHand(reads, polls);
				expect(emitted).toEqual(expected);
				// Views: the version's reads in the totals' window (91 whole UTC days before the poll's day, to the poll).
				for (const [poll, version] of expected) {
					const start = new Date(iso(poll));
					start.setUTCHours(0, 0, 0, 0);
					const from = start.getTime() - 91 * DAY * 1000;
					const count = reads.filter(
						(row: Json) =>
							row.version === version && row.second <= poll && Date.parse(iso(row.second)) >= from,
					).length;
					expect(views.get(`${poll} ${version}`)).toBe(count);
				}
				shown.sets++;
				shown.reads += reads.length;
				shown.emitted += emitted.length;
			},
		),
		{ seed: PROPERTY_SEED, numRuns: RUNS },
	);
});
