/** A session's moments (each event's instant, ascending) and its slide views: what slide time is read from. */
export interface SlideTimeline {
	moments: number[];
	slideViews: Array<[instant: number, slide: number]>;
}

/** Each slide's milliseconds, from its view to the next event: docs/development.md › Reading sessions. */
export function slideMilliseconds(open: SlideTimeline): Map<number, number> {
	const views = [...open.slideViews].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
	const { moments } = open;
	const milliseconds = new Map<number, number>();
	let next = 0;
	views.forEach(([instant, slide], index) => {
		const [previousInstant, previousSlide] = views[index - 1] ?? [];
		if (previousInstant === instant && previousSlide === slide) return;
		while (next < moments.length && moments[next] <= instant) next++;
		if (next === moments.length) return;
		const spent = previousInstant === instant ? 0 : moments[next] - instant;
		milliseconds.set(slide, (milliseconds.get(slide) ?? 0) + spent);
	});
	return milliseconds;
}

/** Whole seconds per slide, rounded down, slides ascending: `{ "3": 180 }`. */
export function secondsBySlide(milliseconds: Map<number, number>): Record<string, number> {
	const seconds: Record<string, number> = {};
	for (const slide of [...milliseconds.keys()].sort((a, b) => a - b))
		seconds[String(slide)] = Math.floor(milliseconds.get(slide)! / 1000);
	return seconds;
}

/** Up to three slides, the most seconds first (ties: the lower slide), none without a second. */
export function mostRead(seconds: Record<string, number>): number[] {
	return Object.entries(seconds)
		.filter(([, spent]) => spent > 0)
		.sort(([a, spentA], [b, spentB]) => spentB - spentA || Number(a) - Number(b))
		.slice(0, 3)
		.map(([slide]) => Number(slide));
}
