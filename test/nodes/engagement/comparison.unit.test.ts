/**
 * Compare With's arithmetic (nodes/engagement/comparison.ts): the change of a count, a share and a
 * level; an item read in one period only; the order of the items. That the earlier figures equal
 * a run of the earlier period on its own is the engine test's (getEvents.compare.test.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	compared,
	countChange,
	levelChange,
	rateChange,
	storyChange,
	versionChange,
} from '../../../nodes/engagement/comparison';

test('a count: the difference and the relative change; from 0 the relative change is null', () => {
	expect(countChange(12, 8)).toEqual({ difference: 4, relative: 0.5 });
	expect(countChange(8, 12)).toEqual({ difference: -4, relative: -0.333 });
	expect(countChange(5, 0)).toEqual({ difference: 5, relative: null });
	expect(countChange(0, 0)).toEqual({ difference: 0, relative: null });
});

test('a share: the difference in points, no relative change', () => {
	expect(rateChange(0.42, 0.5)).toEqual({ difference: -0.08, relative: null });
	expect(rateChange(0.3, 0)).toEqual({ difference: 0.3, relative: null });
});

test('a level: both, and the steps between them', () => {
	expect(levelChange('hot', 'cold')).toEqual({ before: 'cold', now: 'hot', difference: 2 });
	expect(levelChange('warm', 'hot')).toEqual({ before: 'hot', now: 'warm', difference: -1 });
});

const story = (storyId: string, readers: number, slides: IDataObject[] = []): IDataObject => ({
	storyId,
	readers,
	readingSessions: readers + 1,
	engagedReaders: readers,
	engagedReadersRate: readers ? 1 : 0,
	averageReadingSeconds: 30 * readers,
	funnel: { completionRate: readers ? 0.5 : 0 },
	bounceRate: 0,
	slides,
});

test("a story's change: each headline figure, and each slide of either period", () => {
	const now = story('s1', 12, [
		{ slide: 1, readersReached: 12, dropFromPrevious: 0 },
		{ slide: 2, readersReached: 6, dropFromPrevious: 6 },
	]);
	const before = story('s1', 8, [{ slide: 1, readersReached: 8, dropFromPrevious: 0 }]);
	expect(storyChange(now, before)).toEqual({
		readers: { difference: 4, relative: 0.5 },
		readingSessions: { difference: 4, relative: 0.444 },
		engagedReaders: { difference: 4, relative: 0.5 },
		engagedReadersRate: { difference: 0, relative: null },
		averageReadingSeconds: { difference: 120, relative: 0.5 },
		completionRate: { difference: 0, relative: null },
		bounceRate: { difference: 0, relative: null },
		slides: [
			{
				slide: 1,
				readersReached: { difference: 4, relative: 0.5 },
				dropFromPrevious: { difference: 0, relative: null },
			},
			{
				slide: 2,
				readersReached: { difference: 6, relative: null },
				dropFromPrevious: { difference: 6, relative: null },
			},
		],
	});
});

test("a version's change: views, clicks, sessions, reading time and level", () => {
	const now = {
		views: 10,
		clicks: 2,
		readingSessions: 3,
		totalReadingSeconds: 300,
		engagementLevel: 'hot',
	};
	const before = {
		views: 5,
		clicks: 0,
		readingSessions: 1,
		totalReadingSeconds: 60,
		engagementLevel: 'warm',
	};
	expect(versionChange(now, before)).toEqual({
		views: { difference: 5, relative: 1 },
		clicks: { difference: 2, relative: null },
		readingSessions: { difference: 2, relative: 2 },
		totalReadingSeconds: { difference: 240, relative: 4 },
		engagementLevel: { before: 'warm', now: 'hot', difference: 1 },
	});
});

test('items of the period in their order with previous and change, then those read only before, with zeros now', () => {
	const zeroOf = (other: IDataObject, period: 'now' | 'before') => ({
		...story(other.storyId as string, 0),
		period,
	});
	const items = compared([story('b', 5), story('a', 3)], [story('c', 4), story('a', 1)], {
		key: 'storyId',
		zeroOf,
		change: storyChange,
	});
	expect(
		items.map((item) => [item.storyId, item.readers, (item.previous as IDataObject).readers]),
	).toEqual([
		['b', 5, 0],
		['a', 3, 1],
		['c', 0, 4],
	]);
	expect((items[0].previous as IDataObject).period).toBe('before');
	expect(items[2].period).toBe('now');
	expect((items[2].change as IDataObject).readers).toEqual({ difference: -4, relative: -1 });
	expect((items[0].change as IDataObject).readers).toEqual({ difference: 5, relative: null });
});
