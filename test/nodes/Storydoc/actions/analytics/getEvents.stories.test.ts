/**
 * Get Events › Summary per Story through n8n's engine against the sandbox: the seeded visits, in a
 * workflow whose time zone is not UTC, equal field by field to the count by hand
 * (scripts/examples/stories.js) over Summary per Reading Session's items of the same period; Last
 * Slide with the Story filter; the flat forms; and bad input refused before any request.
 */
import type { INodeParameters } from 'n8n-workflow';

import { DAY_MS } from '../../../../../sandbox/dates';
import { SEED } from '../../../../../sandbox/seed';
import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';
import { storiesByHand } from '../../../../../scripts/examples/stories';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const ZONE = 'America/New_York';
const api = useSandbox({ events: 3000, analyticsPageSize: 200, now: () => NOW });
beforeEach(() => api.sandbox.reset());

const iso = (ms: number) => new Date(ms).toISOString();
const FROM = NOW - 30 * DAY_MS;
const PERIOD = { dateFrom: iso(FROM), dateTo: iso(NOW) };

async function getEvents(parameters: INodeParameters) {
	const { outputs, error } = await runWorkflow(
		storydocWorkflow(
			{ resource: 'analytics', operation: 'getEvents', ...PERIOD, ...parameters },
			{ settings: { timezone: ZONE } },
		),
		{ credentials: api.credentials() },
	);
	return { items: (outputs.Storydoc ?? []).map((item) => item.json as Json), error };
}

const storyFilter = (storyId: string) => ({
	filters: { storyId: { __rl: true, mode: 'id', value: storyId } },
});

test("one item per story, each figure as counted by hand over Summary per Reading Session, in the workflow's time zone", async () => {
	const sessions = await getEvents({ output: 'readingSessions' });
	const stories = await getEvents({ output: 'storySummary' });
	expect(sessions.error).toBeUndefined();
	expect(stories.error).toBeUndefined();
	const expected = storiesByHand(sessions.items, { timeZone: ZONE, from: FROM, to: NOW });
	expect(expected.length).toBeGreaterThan(1);
	expect(stories.items).toEqual(expected);
	for (const story of stories.items) {
		expect(story.days).toHaveLength(31);
		expect(story.lastSlideFrom).toBe('deepestReached');
	}
	const requests = api.sandbox.log.filter((entry: Json) => entry.path === '/v2/analytics/events');
	expect(requests.length).toBeGreaterThan(2);
});

test("Last Slide with the Story filter: the funnel's completed readers and one slide row each up to it", async () => {
	const storyId = SEED.versions.live.storyId;
	const sessions = await getEvents({ output: 'readingSessions', ...storyFilter(storyId) });
	const { items, error } = await getEvents({
		output: 'storySummary',
		lastSlide: 12,
		storyItems: 'slide',
		...storyFilter(storyId),
	});
	expect(error).toBeUndefined();
	const [story] = storiesByHand(sessions.items, {
		lastSlide: 12,
		timeZone: ZONE,
		from: FROM,
		to: NOW,
	});
	expect(items).toHaveLength(12);
	expect(items.map((row) => row.slide)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
	expect(
		items.map(({ slide, readersReached, readersViewed, averageSeconds }) => ({
			slide,
			readersReached,
			readersViewed,
			averageSeconds,
		})),
	).toEqual(
		(story.slides as Json[]).map(({ slide, readersReached, readersViewed, averageSeconds }) => ({
			slide,
			readersReached,
			readersViewed,
			averageSeconds,
		})),
	);
	expect(items[0]).toMatchObject({ storyId, storyReaders: story.readers, lastSlide: 12 });
});

test('One per Story and Day: a row per day of the period, days without a session included', async () => {
	const { items, error } = await getEvents({ output: 'storySummary', storyItems: 'day' });
	expect(error).toBeUndefined();
	const stories = new Set(items.map((row) => row.storyId));
	expect(items).toHaveLength(31 * stories.size);
	expect(items.some((row) => row.dayReadingSessions === 0)).toBe(true);
	expect(items[0]).toEqual(
		expect.objectContaining({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }),
	);
});

test('Last Slide without the Story filter is refused, naming the item and the field, before any request', async () => {
	const { error } = await getEvents({ output: 'storySummary', lastSlide: 8 });
	expect(error?.message).toMatch(/Last Slide/);
	expect(error?.message).toMatch(/item 0|\[item 0\]/i);
	expect(api.sandbox.log).toHaveLength(0);
});

test.each([[-1], [2.5], [1001], ['five']])(
	'Last Slide %j is refused, saying what it takes, before any request',
	async (lastSlide) => {
		const { error } = await getEvents({
			output: 'storySummary',
			lastSlide: typeof lastSlide === 'string' ? `={{ "${lastSlide}" }}` : lastSlide,
			...storyFilter(SEED.versions.live.storyId),
		});
		expect(error?.message).toMatch(
			/Item 0: "Last Slide" must be 0 \(the deepest slide reached\) or a whole number from 1 to 1000/,
		);
		expect(api.sandbox.log).toHaveLength(0);
	},
);
