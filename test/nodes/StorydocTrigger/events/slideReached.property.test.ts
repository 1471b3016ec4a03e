/**
 * Slide Reached over generated visits, through n8n-core's PollContext against the sandbox: whatever
 * order the API lists each poll's events in and wherever the polls fall, each reader of each version
 * is emitted once, at the first view of Slide or a later slide, with the session so far counted by
 * hand (scripts/examples/sessions.js) from the events up to that instant.
 */
import fc from 'fast-check';

import { SEED } from '../../../../sandbox/seed';
import { expectedSessions, sessionsByHand, slideOf } from '../../../../scripts/examples/sessions';
import type { Json } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import { pollingTrigger, useTestClock } from '../helpers/triggerClock';

const api = useSandbox({ events: 0, rateLimit: { max: 100000 }, now: () => Date.now() });
const { at, iso } = useTestClock(api);
const SLIDE = 3;
const GAP_MINUTES = 2;
const RUNS = 40;
const PROPERTY_SEED = 4803;
const shown = { sets: 0, events: 0, emitted: 0 };
afterAll(() =>
	// eslint-disable-next-line no-console -- the property's counts and seed, for the log
	console.log(
		`Slide Reached property (seed ${PROPERTY_SEED}): ${shown.sets} event sets, ${shown.events} events, ${shown.emitted} readers emitted, each compared with a count by hand`,
	),
);

const readerOf = (event: Json) =>
	event.visitorId
		? `${event.versionId} visitor ${event.visitorId}`
		: event.sessionId
			? `${event.versionId} session ${event.sessionId}`
			: undefined;
const instant = (event: Json) => Date.parse(event.timestamp);

/** What the trigger must emit, by hand: per reader, the first instant a slide ≥ SLIDE was viewed. */
function byHand(events: Json[]) {
	const first = new Map<string, { at: number; slide: number; event: Json }>();
	for (const event of events) {
		const reader = readerOf(event);
		const slide = event.eventCategory === 'view' ? slideOf(event) : Number.NaN;
		if (!reader || !(slide >= SLIDE)) continue;
		const known = first.get(reader);
		if (!known || instant(event) < known.at || (instant(event) === known.at && slide < known.slide))
			first.set(reader, { at: instant(event), slide, event });
	}
	return [...first].map(([reader, { at: reachedAt, slide, event }]) => {
		const upTo = events.filter((candidate) => instant(candidate) <= reachedAt);
		const sessions = sessionsByHand(upTo, GAP_MINUTES * 60_000).filter((session: Json[]) =>
			session.includes(event),
		);
		const [session] = expectedSessions(sessions);
		return { reader, at: reachedAt, slide, session };
	});
}

const visit = fc.record({
	second: fc.integer({ min: 1, max: 900 }),
	version: fc.constantFrom(SEED.versions.live.id, SEED.versions.edited.id),
	reader: fc.constantFrom('vis_anna', 'vis_ben', null),
	session: fc.constantFrom('s-1', 's-2', null),
	click: fc.option(fc.constant('cta'), { freq: 4 }),
	slide: fc.integer({ min: 1, max: 5 }),
});

test(`each reader once, at the first view of the slide or past it, with the session so far; any order and any polls (seed ${PROPERTY_SEED}, ${RUNS} runs)`, async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(visit, { minLength: 8, maxLength: 60 }),
			fc.uniqueArray(fc.integer({ min: 1, max: 899 }), { maxLength: 5 }),
			fc.integer({ min: 1, max: 2 ** 30 }),
			async (visits, cuts, orderSeed) => {
				api.sandbox.reset();
				at(0);
				const trigger = pollingTrigger(api, {
					name: 'When a reader reaches slide 3',
					type: 'n8n-nodes-storydoc.storydocTrigger',
					parameters: { event: 'slideReached', slide: SLIDE, sessionGapMinutes: GAP_MINUTES },
					credentials: { storydocApi: { id: '1', name: 'Storydoc sandbox' } },
				});
				await trigger.poll();
				const events = api.sandbox.addEvents(
					visits.map((row) => ({
						versionId: row.version,
						// One reader per session ID, as Storydoc's are; without one, any reader or none.
						visitorId: row.session === 's-1' ? 'vis_anna' : row.session ? 'vis_ben' : row.reader,
						sessionId: row.session,
						eventCategory: row.click ? 'click' : 'view',
						eventName: row.click ? 'cta' : `view_slide_${row.slide}`,
						timestamp: iso(row.second),
					})),
				);
				api.sandbox.setEventOrder(orderSeed);
				const emitted: Json[] = [];
				for (const cut of [...cuts.sort((a, b) => a - b), 900]) {
					at(cut);
					emitted.push(...(await trigger.poll()));
					if (cut === cuts[0]) trigger.restart();
				}
				const expected = byHand(events);
				const key = (item: Json) =>
					`${item.versionId} ${item.visitorId ?? ''} ${item.sessionId ?? ''}`;
				expect(emitted.length).toBe(expected.length);
				expect(
					emitted.map((item) => [item.reachedAt, item.slideReached, readerOf(item)]).sort(),
				).toEqual(
					expected.map((row) => [new Date(row.at).toISOString(), row.slide, row.reader]).sort(),
				);
				for (const row of expected) {
					const item = emitted.find((candidate) => readerOf(candidate) === row.reader);
					expect(key(item)).toBeDefined();
					expect(item).toMatchObject({
						startedAt: row.session.startedAt,
						lastEventAt: row.session.lastEventAt,
						readingSeconds: row.session.readingSeconds,
						views: row.session.views,
						clicks: row.session.clicks,
						slidesViewed: row.session.slidesViewed,
						secondsPerSlide: row.session.secondsPerSlide,
					});
				}
				shown.sets++;
				shown.events += events.length;
				shown.emitted += emitted.length;
			},
		),
		{ seed: PROPERTY_SEED, numRuns: RUNS },
	);
});
