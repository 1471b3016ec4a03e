/**
 * Get Events › Summary per Reading Session, and the reading fields of Summary per Version, through
 * n8n's engine against the sandbox: the seeded visits against sessions computed here from the
 * sandbox's own events, then crafted events for the edges (an idle gap, repeated timestamps, pages
 * answered out of order, events without a session, a session across a 92-day window's edge, a
 * session that may still be going on) and a bad Session Ends After; and, over generated visits
 * listed by the sandbox in time order and in two shuffles, every field of both summaries.
 */
import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';

import { DAY_MS } from '../../../../../sandbox/dates';
import { SEED } from '../../../../../sandbox/seed';
import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';
import {
	expectedSessions,
	sessionsByHand,
	slideOf,
	slidesOfVersion,
} from '../../../../../scripts/examples/sessions';
import { versionLevelByHand } from '../../../../../scripts/examples/levels';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const MINUTE = 60_000;
const api = useSandbox({ events: 3000, analyticsPageSize: 50, now: () => NOW });
beforeEach(() => api.sandbox.reset());

const iso = (ms: number) => new Date(ms).toISOString();
const LIVE = SEED.versions.live.id;
const EDITED = SEED.versions.edited.id;

async function getEvents(parameters: INodeParameters) {
	const { outputs, error } = await runWorkflow(
		storydocWorkflow({ resource: 'analytics', operation: 'getEvents', ...parameters }),
		{ credentials: api.credentials() },
	);
	return { items: (outputs.Storydoc ?? []).map((item) => item.json as Json), error };
}

/** The sandbox's events of the period, in the API's order. */
const eventsBetween = (from: number, to: number): Json[] =>
	api.sandbox.state.events.filter(
		(event: Json) => Date.parse(event.timestamp) >= from && Date.parse(event.timestamp) <= to,
	);
/** The sessions a seller would count by hand (scripts/examples/sessions.js), each its events. */
const sessionsOf = (from: number, to: number, gapMs: number): Json[][] =>
	sessionsByHand(eventsBetween(from, to), gapMs);

const secondsBetween = (a: Json, b: Json) =>
	Math.floor((Date.parse(b.timestamp) - Date.parse(a.timestamp)) / 1000);

describe('Summary per Reading Session on the seeded visits', () => {
	test('one item per session, oldest first, each as counted by hand from the same events', async () => {
		const from = NOW - 60 * DAY_MS;
		const { items, error } = await getEvents({
			dateFrom: iso(from),
			dateTo: iso(NOW),
			output: 'readingSessions',
		});
		expect(error).toBeUndefined();
		const byHand = sessionsOf(from, NOW, 30 * MINUTE);
		expect(byHand.some((events) => events[0].sessionId === null)).toBe(true);
		const expected = expectedSessions(byHand);
		const starts = items.map((item) => Date.parse(item.startedAt));
		expect(starts).toEqual([...starts].sort((a, b) => a - b));
		// Compared field by field, each session found by its reader and start (ties of start between
		// two sessions may be listed in either order).
		const key = (session: Json) => `${session.versionId} ${session.visitorId} ${session.startedAt}`;
		const fields = Object.keys(expected[0]);
		const project = (session: Json) =>
			Object.fromEntries(fields.map((field) => [field, session[field]]));
		const byKey = (list: Json[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
		expect(byKey(items).map(project)).toEqual(byKey(expected));
		expect(items.some((item) => item.returningReader)).toBe(true);
		// The seeded sessions go in slide order from the cover: the deepest slide is how many were viewed
		// (unless the period began in the middle of one).
		for (const item of items.filter((candidate) => candidate.slidesViewed[0] === 1))
			expect(item.deepestSlide).toBe(item.slidesViewed.length);
	});

	test("Summary per Version: readers' sessions, returning readers, readers who clicked, reading time, the deepest slide, the last reader", async () => {
		const from = NOW - 60 * DAY_MS;
		const { items } = await getEvents({
			dateFrom: iso(from),
			dateTo: iso(NOW),
			output: 'versionSummary',
		});
		const byHand = sessionsOf(from, NOW, 30 * MINUTE);
		expect(items.length).toBeGreaterThan(2);
		for (const summary of items) {
			const sessions = byHand.filter((events) => events[0].versionId === summary.versionId);
			const readers = (test: (events: Json[]) => boolean) =>
				new Set(sessions.filter(test).map((events) => events[0].visitorId)).size;
			const seconds = sessions.map((events) =>
				secondsBetween(events[0], events[events.length - 1]),
			);
			const total = seconds.reduce((sum, value) => sum + value, 0);
			const latest = [...sessions].sort(
				(a, b) => Date.parse(a[a.length - 1].timestamp) - Date.parse(b[b.length - 1].timestamp),
			)[sessions.length - 1];
			expect(summary).toMatchObject({
				readingSessions: sessions.length,
				returningReaders: new Set(
					sessions
						.filter(
							(events) =>
								sessions.filter(
									(other) =>
										other[0].visitorId === events[0].visitorId &&
										Date.parse(other[0].timestamp) < Date.parse(events[0].timestamp),
								).length > 0,
						)
						.map((events) => events[0].visitorId),
				).size,
				readersWhoClicked: readers((events) => events.some((e) => e.eventCategory === 'click')),
				totalReadingSeconds: total,
				averageReadingSeconds: Math.floor(total / sessions.length),
				deepestSlide: Math.max(
					...sessions
						.flat()
						.map(slideOf)
						.filter((n) => !Number.isNaN(n)),
				),
				lastReaderVisitorId: latest[0].visitorId,
			});
		}
	});
});

describe('Summary per Reading Session on crafted visits', () => {
	/** Events on the seeded versions at the given minutes before NOW, with what they need. */
	const at = (minutesAgo: number, fields: Json = {}) => ({
		versionId: LIVE,
		visitorId: 'vis_anna',
		sessionId: null,
		eventCategory: 'view',
		eventName: 'view_slide_1',
		timestamp: iso(NOW - minutesAgo * MINUTE),
		...fields,
	});
	const craft = (events: Json[]) => {
		api.sandbox.state.events.length = 0;
		api.sandbox.addEvents(events);
	};
	const lastHours = (hours: number, extra: INodeParameters = {}) =>
		getEvents({
			dateFrom: iso(NOW - hours * 3_600_000),
			dateTo: iso(NOW),
			output: 'readingSessions',
			...extra,
		});

	test('without a sessionId: a gap of more than Session Ends After starts a new session; exactly that gap does not', async () => {
		craft([
			at(200),
			at(170, { eventName: 'view_slide_2' }),
			at(141, { eventCategory: 'click', eventName: 'CTA click: Book a meeting' }),
			at(100, { eventName: 'view_slide_4' }),
			at(100, { versionId: EDITED }),
		]);
		const { items } = await lastHours(5);
		expect(
			items.map((item) => [item.versionId, item.startedAt, item.readingSeconds, item.slidesViewed]),
		).toEqual([
			[LIVE, iso(NOW - 200 * MINUTE), 59 * 60, [1, 2]],
			[LIVE, iso(NOW - 100 * MINUTE), 0, [4]],
			[EDITED, iso(NOW - 100 * MINUTE), 0, [1]],
		]);
		expect(items[0]).toMatchObject({ clicks: 1, actionsClicked: ['CTA click: Book a meeting'] });
		expect(items.map((item) => [item.readerSession, item.returningReader])).toEqual([
			[1, false],
			[2, true],
			[1, false],
		]);
		const { items: longer } = await lastHours(5, { sessionGapMinutes: 45 });
		expect(longer.map((item) => item.readingSeconds)).toEqual([100 * 60, 0]);
	});

	test('events sharing a timestamp, a visitor unknown, a session ID split where its reader paused longer than Session Ends After', async () => {
		craft([
			at(300, { sessionId: 's-long', visitorId: 'vis_ben' }),
			at(300, { sessionId: 's-long', visitorId: 'vis_ben', eventName: 'view_slide_2' }),
			at(60, { sessionId: 's-long', visitorId: 'vis_ben', eventName: 'view_slide_3' }),
			at(90, { visitorId: null }),
			at(80, { visitorId: null, eventCategory: 'click', eventName: 'CTA click: Download PDF' }),
		]);
		const { items } = await lastHours(6);
		expect(items).toHaveLength(3);
		expect(items[0]).toMatchObject({
			sessionId: 's-long',
			readingSeconds: 0,
			views: 2,
			slidesViewed: [1, 2],
			readerSession: 1,
			returningReader: false,
		});
		expect(items[1]).toMatchObject({
			visitorId: null,
			sessionId: null,
			readingSeconds: 600,
			readerSession: null,
			returningReader: null,
		});
		// Four hours later, under the same session ID: a second visit, as the trigger counts it.
		expect(items[2]).toMatchObject({
			sessionId: 's-long',
			startedAt: iso(NOW - 60 * MINUTE),
			views: 1,
			slidesViewed: [3],
			readerSession: 2,
			returningReader: true,
		});
		const { items: daylong } = await lastHours(6, { sessionGapMinutes: 300 });
		expect(daylong[0]).toMatchObject({ sessionId: 's-long', readingSeconds: 240 * 60, views: 3 });
	});

	test('pages answered out of order give the same sessions as one page after another', async () => {
		const events: Json[] = [];
		for (let reader = 0; reader < 12; reader++)
			for (let step = 0; step < 20; step++)
				events.push(
					at(600 - reader * 7 - step, {
						visitorId: `vis_${reader % 5}`,
						sessionId: reader % 3 ? `s-${reader}` : null,
						eventName: `view_slide_${step + 1}`,
					}),
				);
		craft(events);
		// The second page is answered late: whichever order the pages come in, the result is the same.
		api.sandbox.setFault({
			route: 'GET /v2/analytics/events',
			type: 'slow',
			delayMs: 200,
			after: 1,
		});
		const { items: parallel } = await lastHours(12, { options: { concurrency: 4 } });
		api.sandbox.clearFaults();
		const { items: oneByOne } = await lastHours(12, { options: { concurrency: 1 } });
		expect(parallel.length).toBeGreaterThan(5);
		expect(parallel).toEqual(oneByOne);
	});

	test('a session across the edge of two 92-day windows is one session', async () => {
		// The node reads a period of 100 days as two windows; the second starts at UTC midnight.
		const from = NOW - 100 * DAY_MS;
		const edge = Math.floor(from / DAY_MS) * DAY_MS + 92 * DAY_MS;
		craft([
			{ ...at(0, { sessionId: 's-edge' }), timestamp: iso(edge - 2 * MINUTE) },
			{
				...at(0, { sessionId: 's-edge', eventName: 'view_slide_2' }),
				timestamp: iso(edge + MINUTE),
			},
			{ ...at(0, { eventName: 'view_slide_3' }), timestamp: iso(edge - MINUTE) },
			{ ...at(0, { eventName: 'view_slide_4' }), timestamp: iso(edge + 2 * MINUTE) },
		]);
		const { items } = await getEvents({
			dateFrom: iso(from),
			dateTo: iso(NOW),
			output: 'readingSessions',
		});
		expect(
			api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events'),
		).toHaveLength(2);
		expect(items.map((item) => [item.sessionId, item.readingSeconds, item.slidesViewed])).toEqual([
			['s-edge', 180, [1, 2]],
			[null, 180, [3, 4]],
		]);
	});

	test('a session whose last event is more recent than Session Ends After may still be going on', async () => {
		craft([at(50, { sessionId: 's-done' }), at(10, { sessionId: 's-open', visitorId: 'vis_ben' })]);
		const { items } = await lastHours(2);
		expect(items.map((item) => [item.sessionId, item.mayBeOngoing])).toEqual([
			['s-done', false],
			['s-open', true],
		]);
		const { items: shortGap } = await lastHours(2, { sessionGapMinutes: 5 });
		expect(shortGap.map((item) => item.mayBeOngoing)).toEqual([false, false]);
	});

	test('Session Ends After outside 1 to 1440 fails the node before any request, naming the item and the field', async () => {
		const { error } = await lastHours(2, { sessionGapMinutes: 0 });
		expect(error.message).toBe(
			'Item 0: "Session Ends After (Minutes)" must be a whole number from 1 to 1440',
		);
		expect(api.sandbox.log).toHaveLength(0);
	});
});

describe('whatever order the API lists the events in', () => {
	const RUNS = 12;
	const PROPERTY_SEED = 46;
	const shown = { sets: 0, sessions: 0, versions: 0 };
	afterAll(() =>
		// eslint-disable-next-line no-console -- the property's counts and seed, for the log
		console.log(
			`Get Events permutation property (seed ${PROPERTY_SEED}): ${shown.sets} event sets listed in 3 orders each, ${shown.sessions} sessions and ${shown.versions} version summaries compared field by field`,
		),
	);
	const visit = fc.record({
		minute: fc.integer({ min: 1, max: 180 }),
		second: fc.integer({ min: 0, max: 59 }),
		version: fc.constantFrom(LIVE, EDITED),
		reader: fc.constantFrom('vis_anna', 'vis_ben', null),
		session: fc.constantFrom('s-1', 's-2', null),
		click: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 2 }),
		slide: fc.integer({ min: 1, max: 6 }),
	});

	test(`Summary per Reading Session and per Version: every field as the definition says, the same in time order and in two shuffles (seed ${PROPERTY_SEED}, ${RUNS} runs)`, async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(visit, { minLength: 1, maxLength: 120 }),
				fc.integer({ min: 1, max: 2 ** 30 }),
				async (visits, shuffleSeed) => {
					api.sandbox.reset();
					api.sandbox.state.events.length = 0;
					const events = api.sandbox.addEvents(
						visits.map((row) => ({
							versionId: row.version,
							visitorId: row.session === 's-1' ? 'vis_anna' : row.session ? 'vis_ben' : row.reader,
							sessionId: row.session,
							eventCategory: row.click === null ? 'view' : 'click',
							eventName: row.click === null ? `view_slide_${row.slide}` : `cta_${row.click}`,
							timestamp: iso(NOW - row.minute * MINUTE - row.second * 1000),
						})),
					);
					const period = {
						dateFrom: iso(NOW - 4 * 3_600_000),
						dateTo: iso(NOW),
						options: { concurrency: 4 },
					};
					const runs = [];
					for (const order of [null, shuffleSeed, shuffleSeed + 1]) {
						api.sandbox.setEventOrder(order);
						const sessions = await getEvents({ ...period, output: 'readingSessions' });
						const versions = await getEvents({ ...period, output: 'versionSummary' });
						expect(sessions.error).toBeUndefined();
						runs.push({ sessions: sessions.items, versions: versions.items });
					}
					expect(runs[1]).toEqual(runs[0]);
					expect(runs[2]).toEqual(runs[0]);
					const readUntil = Math.min(Date.parse(period.dateTo), NOW);
					const byHand = sessionsByHand(events, 30 * MINUTE);
					const expected = expectedSessions(byHand, { readUntil, gapMs: 30 * MINUTE });
					expect(runs[0].sessions).toEqual(expected);
					// Time on each slide per version: its sessions' summed, counted by hand; its level from them.
					for (const version of runs[0].versions)
						expect(version).toMatchObject({
							...slidesOfVersion(
								byHand.filter((session: Json[]) => session[0].versionId === version.versionId),
							),
							...versionLevelByHand(
								expected.filter((session: Json) => session.versionId === version.versionId),
							),
						});
					shown.sets++;
					shown.sessions += runs[0].sessions.length;
					shown.versions += runs[0].versions.length;
				},
			),
			{ seed: PROPERTY_SEED, numRuns: RUNS },
		);
	});
});
