import type { IDataObject } from 'n8n-workflow';

import type { EngagementLevel } from './levels';

export type CompareWith = 'none' | 'periodBefore' | 'yearBefore';

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** A count or a time against before: the difference, and the relative change (null from 0). */
export const countChange = (now: number, before: number): IDataObject => ({
	difference: round3(now - before),
	relative: before === 0 ? null : round3((now - before) / before),
});

/** A share against before: the difference in points of the share; a relative change of a share is not given. */
export const rateChange = (now: number, before: number): IDataObject => ({
	difference: round3(now - before),
	relative: null,
});

const LEVEL_RANK: Record<EngagementLevel, number> = { cold: 0, warm: 1, hot: 2 };

/** An engagement level against before: both, and the steps between them (hot after cold is +2). */
export const levelChange = (now: EngagementLevel, before: EngagementLevel): IDataObject => ({
	before,
	now,
	difference: LEVEL_RANK[now] - LEVEL_RANK[before],
});

const number = (value: unknown) => (typeof value === 'number' ? value : 0);
const slidesOf = (summary: IDataObject) => (summary.slides ?? []) as IDataObject[];
const funnelOf = (summary: IDataObject) => (summary.funnel ?? {}) as IDataObject;

/** Summary per Story's headline figures now against before, and each slide's reach and drop. */
export function storyChange(now: IDataObject, before: IDataObject): IDataObject {
	const slides = new Set([...slidesOf(now), ...slidesOf(before)].map((slide) => slide.slide));
	const slide = (summary: IDataObject, at: unknown) =>
		slidesOf(summary).find((candidate) => candidate.slide === at) ?? {};
	return {
		readers: countChange(number(now.readers), number(before.readers)),
		readingSessions: countChange(number(now.readingSessions), number(before.readingSessions)),
		engagedReaders: countChange(number(now.engagedReaders), number(before.engagedReaders)),
		engagedReadersRate: rateChange(
			number(now.engagedReadersRate),
			number(before.engagedReadersRate),
		),
		averageReadingSeconds: countChange(
			number(now.averageReadingSeconds),
			number(before.averageReadingSeconds),
		),
		completionRate: rateChange(
			number(funnelOf(now).completionRate),
			number(funnelOf(before).completionRate),
		),
		bounceRate: rateChange(number(now.bounceRate), number(before.bounceRate)),
		slides: [...slides]
			.sort((a, b) => number(a) - number(b))
			.map((at) => ({
				slide: at,
				readersReached: countChange(
					number(slide(now, at).readersReached),
					number(slide(before, at).readersReached),
				),
				dropFromPrevious: countChange(
					number(slide(now, at).dropFromPrevious),
					number(slide(before, at).dropFromPrevious),
				),
			})),
	};
}

/** Summary per Version's headline figures now against before, and its engagement level. */
export function versionChange(now: IDataObject, before: IDataObject): IDataObject {
	const counts = ['views', 'clicks', 'readingSessions', 'totalReadingSeconds'];
	return {
		...Object.fromEntries(
			counts.map((field) => [field, countChange(number(now[field]), number(before[field]))]),
		),
		engagementLevel: levelChange(
			now.engagementLevel as EngagementLevel,
			before.engagementLevel as EngagementLevel,
		),
	};
}

export interface Comparison {
	key: string;
	/** The item's figures in a period it was not read in, its names kept from the other period. */
	zeroOf: (other: IDataObject, period: 'now' | 'before') => IDataObject;
	change: (now: IDataObject, before: IDataObject) => IDataObject;
}

/** The period's items with `previous` and `change`, then those read only before (zeros now). */
export function compared(
	now: IDataObject[],
	before: IDataObject[],
	{ key, zeroOf, change }: Comparison,
): IDataObject[] {
	const earlier = new Map(before.map((item) => [item[key], item]));
	const items = now.map((item) => {
		const previous = earlier.get(item[key]) ?? zeroOf(item, 'before');
		return { ...item, previous, change: change(item, previous) };
	});
	const current = new Set(now.map((item) => item[key]));
	for (const previous of before) {
		if (current.has(previous[key])) continue;
		const item = zeroOf(previous, 'now');
		items.push({ ...item, previous, change: change(item, previous) });
	}
	return items;
}
