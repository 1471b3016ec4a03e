/**
 * The event key (nodes/engagement/eventKey.ts) over generated events, seed printed: the `eventId`
 * where there is one; without one, a digest that a change of title or prospect leaves alone and a
 * change of any identifying field changes.
 */
import fc from 'fast-check';

import type { AnalyticsEvent } from '../../../nodes/engagement/events';
import { DIGEST_PREFIX, eventKeyOf } from '../../../nodes/engagement/eventKey';

const SEED = 66;
const RUNS = 2000;
const shown = { withId: 0, digests: 0 };
afterAll(() =>
	// eslint-disable-next-line no-console -- the property's counts and seed, for the log
	console.log(
		`event key property (seed ${SEED}, ${RUNS} runs): ${shown.withId} events with an eventId, ${shown.digests} digested`,
	),
);

const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });
const IDENTIFYING = {
	timestamp: fc
		.integer({ min: Date.parse('2025-01-01'), max: Date.parse('2027-01-01') })
		.map((ms) => new Date(ms).toISOString()),
	storyId: fc.string({ minLength: 1, maxLength: 4 }),
	versionId: fc.string({ minLength: 1, maxLength: 4 }),
	sessionId: text,
	visitorId: text,
	eventCategory: fc.option(fc.constantFrom('view', 'click'), { nil: null }),
	eventName: text,
	eventUrl: text,
	deviceType: text,
	deviceTypeName: text,
	locationCity: text,
	locationLatitude: fc.option(fc.double({ noNaN: true, min: -90, max: 90 }), { nil: null }),
	locationLongitude: fc.option(fc.double({ noNaN: true, min: -180, max: 180 }), { nil: null }),
};
const DESCRIBING = {
	storyTitle: text,
	versionTitle: text,
	versionCreatedAt: text,
	prospectName: text,
	prospectEmail: text,
	prospectPosition: text,
};
const event = fc.record({
	...IDENTIFYING,
	...DESCRIBING,
	eventId: fc.option(fc.stringMatching(/^evt_[0-9a-f]{16}$/), { nil: null, freq: 2 }),
}) as fc.Arbitrary<AnalyticsEvent>;
const identifying = fc.constantFrom(
	...(Object.keys(IDENTIFYING) as Array<keyof typeof IDENTIFYING>),
);
const describing = fc.constantFrom(...(Object.keys(DESCRIBING) as Array<keyof typeof DESCRIBING>));

test(`an event's key is its eventId, else a digest that only its identifying fields change (seed ${SEED})`, () => {
	fc.assert(
		fc.property(
			event,
			identifying,
			describing,
			fc.string({ maxLength: 12 }),
			(original, changed, renamed, other) => {
				const key = eventKeyOf(original);
				if (original.eventId) {
					shown.withId++;
					expect(key).toBe(original.eventId);
					return;
				}
				shown.digests++;
				expect(key.startsWith(DIGEST_PREFIX)).toBe(true);
				expect(eventKeyOf({ ...original })).toBe(key);
				expect(eventKeyOf({ ...original, [renamed]: `${other}!` })).toBe(key);
				const different = JSON.stringify(original[changed]) === JSON.stringify(`${other}?`);
				const moved = { ...original, [changed]: different ? `${other}??` : `${other}?` };
				expect(eventKeyOf(moved)).not.toBe(key);
			},
		),
		{ seed: SEED, numRuns: RUNS },
	);
});

test('an empty eventId is no ID: the event is digested', () => {
	const base = { timestamp: '2026-01-01T00:00:00.000Z', storyId: 's', versionId: 'v' };
	expect(eventKeyOf({ ...base, eventId: '' })).toBe(eventKeyOf({ ...base, eventId: null }));
	expect(eventKeyOf({ ...base, eventId: '' })).toMatch(/^digest:[0-9a-f]{32}$/);
});
