/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the runs and the seed come from the test's environment */
/**
 * Returning Reader and New Reader on a Version, over generated visits and polls, through n8n-core's
 * PollContext against the sandbox (2 events a page, so look-backs spill over several polls): with
 * restarts, polls failing midway (the key revoked at a generated request) and two polls at once from
 * one saved state (each on a copy, as n8n 2.x stages it, either commit kept), every reader event after
 * activation is emitted exactly once, with what the whole stream read at once says of it (an oracle
 * written here, apart from the node's fold). The seed is in the test's name; STORYDOC_PROPERTY_SEED
 * replays it, STORYDOC_READERS_RUNS sets the runs (25).
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../../../../sandbox/seed';
import type { Json, TestItem, TriggerNode } from '../../../harness/n8n';
import { runPoll } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';

const SEED_VALUE = Number(process.env.STORYDOC_PROPERTY_SEED ?? 40);
const RUNS = Number(process.env.STORYDOC_READERS_RUNS ?? 25);
const START = Date.parse('2026-06-01T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const GAP_MINUTES = 10;
const VERSIONS = [SEED.versions.live.id, SEED.versions.accepted.id, SEED.versions.edited.id];

let clock = START;
const api = useSandbox({
	events: 0,
	analyticsPageSize: 2,
	rateLimit: { max: 1_000_000 },
	now: () => Date.now(),
});
beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => clock));
afterEach(() => jest.restoreAllMocks());

interface Visit {
	version: number;
	reader: number;
	/** A session ID from a small set (so that one comes again), or none. */
	session: number | null;
	/** Before activation: days and minutes back; after: minutes into its step. */
	days: number;
	minute: number;
}

const visit = (days: fc.Arbitrary<number>, minute: fc.Arbitrary<number>) =>
	fc.record({
		version: fc.integer({ min: 0, max: VERSIONS.length - 1 }),
		reader: fc.integer({ min: 0, max: 3 }),
		session: fc.option(fc.integer({ min: 0, max: 1 }), { freq: 4 }),
		days,
		minute,
	});

const scheduleArbitrary = fc.record({
	history: fc.array(visit(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 1439 })), {
		maxLength: 90,
		size: 'max',
	}),
	steps: fc.array(
		fc.record({
			minutes: fc.integer({ min: 1, max: 30 }),
			visits: fc.array(visit(fc.constant(0), fc.integer({ min: 0, max: 29 })), { maxLength: 8 }),
			restart: fc.boolean(),
			// Its first visit at the instant of the latest event (on another version): the cursor's instant.
			tie: fc.boolean(),
			// The key revoked at this request of the Returning Reader poll (then restored).
			failAt: fc.option(fc.integer({ min: 0, max: 12 }), { freq: 3 }),
			// Two polls of each trigger at once from one saved state (n8n catching up missed poll
			// times), and which one's commit n8n keeps when both changed it.
			together: fc.option(fc.constantFrom('first' as const, 'second' as const), { freq: 2 }),
		}),
		{ minLength: 1, maxLength: 6 },
	),
});

interface Stamped {
	versionId: string;
	visitorId: string;
	sessionId: string | null;
	instant: number;
}

const toEvent = (visit: Visit, instant: number): Stamped => ({
	versionId: VERSIONS[visit.version],
	visitorId: `vis_${visit.reader}`,
	sessionId: visit.session === null ? null : `s${visit.reader}_${visit.session}`,
	instant,
});

/** What the whole stream says, read at once in time order: the oracle. */
function expected(events: Stamped[], eventIds: string[]) {
	const returning = new Map<string, Json>();
	const newReaders = new Map<string, Json>();
	const versions = new Map<
		string,
		{
			first: number;
			readers: Map<string, { first: number; last: number; n: number }>;
		}
	>();
	const iso = (instant: number) => new Date(instant).toISOString();
	const sessionOf = (event: Stamped) =>
		`${event.versionId} ${event.visitorId} ${event.sessionId ?? 'no session ID'}`;
	const sessionLast = new Map<string, number>();
	events.forEach((event, index) => {
		const version = versions.get(event.versionId) ?? { first: event.instant, readers: new Map() };
		versions.set(event.versionId, version);
		const isNew = event.instant > START;
		const reader = version.readers.get(event.visitorId);
		// A session: one session ID's events (or the reader's without one), split by the gap.
		const previous = sessionLast.get(sessionOf(event));
		sessionLast.set(sessionOf(event), event.instant);
		if (!reader) {
			version.readers.set(event.visitorId, { first: event.instant, last: event.instant, n: 1 });
			if (isNew && version.readers.size > 1)
				newReaders.set(eventIds[index], {
					versionReaders: version.readers.size,
					versionFirstReadAt: iso(version.first),
				});
			return;
		}
		if (previous === undefined || event.instant - previous > GAP_MINUTES * MINUTE) {
			reader.n++;
			if (isNew)
				returning.set(eventIds[index], {
					readerSession: reader.n,
					readerFirstReadAt: iso(reader.first),
					readerLastReadAt: iso(reader.last),
				});
		}
		reader.last = event.instant;
	});
	return { returningReader: returning, newReader: newReaders };
}

let triggersMade = 0;
const shown = { runs: 0, polls: 0, together: 0, items: 0 };
afterAll(() =>
	// eslint-disable-next-line no-console -- the property's counts and seed, for the log
	console.log(
		`readers property (seed ${SEED_VALUE}): ${shown.runs} runs, ${shown.polls} polls in its steps, ${shown.together} of them two at once from one saved state, ${shown.items} reader items, each checked against the oracle`,
	),
);

function trigger(event: 'returningReader' | 'newReader') {
	const node: TriggerNode = {
		name: event,
		type: 'n8n-nodes-storydoc.storydocTrigger',
		parameters: { event, sessionGapMinutes: GAP_MINUTES },
		credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
	};
	let staticData: IDataObject = {};
	// A workflow of its own per trigger and run (n8n keeps polls of one workflow apart).
	let workflowId = `${event} ${++triggersMade}`;
	const emitted = new Map<string, Json>();
	const doubled: string[] = [];
	const record = ({ items }: { items: TestItem[] }) => {
		for (const { json } of items) {
			const id = String(json.eventId);
			if (emitted.has(id)) doubled.push(id);
			emitted.set(id, json as Json);
		}
	};
	return {
		emitted,
		doubled,
		pending: () =>
			Object.keys(
				((staticData[`node:${event}`] as Json)?.readers?.pending as Json | undefined) ?? {},
			).length,
		async poll() {
			record(await runPoll(node, { credentials: api.credentials(), staticData, workflowId }));
		},
		/**
		 * Two polls started together from the saved state, each on a copy of it (n8n 2.x's staging),
		 * interleaved; n8n commits each that changed it, and the state kept is the last commit's.
		 */
		async together(keep: 'first' | 'second') {
			const saved = JSON.stringify(staticData);
			const copies = [JSON.parse(saved), JSON.parse(saved)] as IDataObject[];
			const results = await Promise.allSettled(
				copies.map((copy) =>
					runPoll(node, { credentials: api.credentials(), staticData: copy, workflowId }),
				),
			);
			const committed = copies.filter(
				(copy, index) => results[index].status === 'fulfilled' && JSON.stringify(copy) !== saved,
			);
			for (const result of results) {
				if (result.status === 'fulfilled') record(result.value);
				else if (!/revoked/.test(String(result.reason))) throw result.reason;
			}
			if (committed.length) staticData = keep === 'first' ? committed[0] : committed.at(-1)!;
		},
		restart() {
			staticData = JSON.parse(JSON.stringify(staticData));
			// A new process: what it knew of polls in flight is gone.
			workflowId = `${event} ${++triggersMade}`;
		},
	};
}

const pick = (json: Json, keys: string[]) =>
	Object.fromEntries(keys.map((key) => [key, json[key]]));

test(`every returning and new reader after activation is emitted once, as the whole stream says (seed ${SEED_VALUE}, ${RUNS} runs; STORYDOC_PROPERTY_SEED to replay)`, async () => {
	await fc.assert(
		fc.asyncProperty(scheduleArbitrary, async ({ history, steps }) => {
			clock = START;
			api.sandbox.reset();
			// Distinct instants: a visit's minute, plus its index in milliseconds.
			const stamped: Stamped[] = history.map((entry, index) =>
				toEvent(entry, START - entry.days * DAY - entry.minute * MINUTE + index),
			);
			const ids = (events: Stamped[]) =>
				api.sandbox
					.addEvents(
						events.map(({ instant, ...fields }) => ({
							...fields,
							eventCategory: 'view',
							timestamp: new Date(instant).toISOString(),
						})),
					)
					.map((added: Json) => String(added.eventId));
			const eventIds = ids(stamped);

			const triggers = {
				returningReader: trigger('returningReader'),
				newReader: trigger('newReader'),
			};
			for (const each of Object.values(triggers)) await each.poll();
			let stepStart = START;
			for (const step of steps) {
				const events = step.visits.map((entry, index) =>
					toEvent(entry, stepStart + 1 + Math.min(entry.minute, step.minutes - 1) * MINUTE + index),
				);
				const latest = stamped.reduce((a, b) => (b.instant > a.instant ? b : a), stamped[0]);
				if (step.tie && events.length && latest?.instant > START) {
					const other = VERSIONS[(VERSIONS.indexOf(latest.versionId) + 1) % VERSIONS.length];
					events[0] = { ...events[0], versionId: other, instant: latest.instant };
				}
				stamped.push(...events);
				eventIds.push(...ids(events));
				stepStart += step.minutes * MINUTE;
				clock = stepStart + MINUTE - 1;
				if (step.restart) for (const each of Object.values(triggers)) each.restart();
				if (step.failAt !== null)
					api.sandbox.setFault({
						route: 'GET /v2/analytics/events',
						type: 'revoked',
						after: step.failAt,
					});
				const poll = (each: ReturnType<typeof trigger>) => {
					shown.polls += step.together ? 2 : 1;
					if (step.together) shown.together += 2;
					return step.together ? each.together(step.together) : each.poll();
				};
				await poll(triggers.returningReader).catch((error: Error) => {
					if (!/revoked/.test(error.message)) throw error;
				});
				api.sandbox.clearFaults();
				await poll(triggers.newReader);
				stepStart = clock;
			}
			// A poll after the last failure, then look-backs that spilled over go on in the next polls.
			for (let drain = 0; drain < 10; drain++) {
				if (drain && !triggers.returningReader.pending() && !triggers.newReader.pending()) break;
				clock += MINUTE;
				for (const each of Object.values(triggers)) await each.poll();
			}

			const order = stamped.map((event, index) => ({ event, id: eventIds[index] }));
			order.sort((a, b) => a.event.instant - b.event.instant);
			const oracle = expected(
				order.map((entry) => entry.event),
				order.map((entry) => entry.id),
			);
			shown.runs++;
			shown.items += triggers.returningReader.emitted.size + triggers.newReader.emitted.size;
			for (const type of ['returningReader', 'newReader'] as const) {
				const keys = Object.keys([...oracle[type].values()][0] ?? {});
				const got = Object.fromEntries(
					[...triggers[type].emitted].map(([id, json]) => [
						id,
						pick(json, keys.length ? keys : Object.keys(json)),
					]),
				);
				expect({ type, doubled: triggers[type].doubled, items: got }).toEqual({
					type,
					doubled: [],
					items: Object.fromEntries(oracle[type]),
				});
			}
		}),
		{ seed: SEED_VALUE, numRuns: RUNS },
	);
}, 600_000);
