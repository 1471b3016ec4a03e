export interface Page<T> {
	items: T[];
	hasMore: boolean;
	totalPages: number;
	pageSize: number;
}

export interface OrderedPagesOptions<T> {
	concurrency: number;
	wanted?: number;
	drop?: (item: T) => boolean;
}

/** Pages in order, up to `concurrency` ahead of the one yielded: docs/development.md › Design notes. */
export async function* orderedPages<T>(
	fetchPage: (page: number) => Promise<Page<T>>,
	{ concurrency, wanted = Number.POSITIVE_INFINITY, drop }: OrderedPagesOptions<T>,
): AsyncGenerator<T[], void, undefined> {
	const keep = (items: T[]) => (drop ? items.filter((item) => !drop(item)) : items);

	const first = await fetchPage(1);
	const firstItems = keep(first.items);
	let kept = firstItems.length;
	yield firstItems;

	const pageSize = Math.max(first.pageSize, first.items.length, 1);
	const parallel = Math.max(1, Math.floor(concurrency));
	let lastPage = first.hasMore && first.items.length > 0 ? Math.max(first.totalPages, 2) : 1;
	let nextToRequest = 2;
	let nextToYield = 2;
	const inFlight = new Map<number, Promise<Page<T>>>();

	try {
		while (nextToYield <= lastPage) {
			while (
				nextToRequest <= lastPage &&
				nextToRequest < nextToYield + parallel &&
				kept + inFlight.size * pageSize < wanted
			) {
				const request = fetchPage(nextToRequest);
				// Awaited in its turn or in `finally`; this only keeps an early failure from being unhandled.
				request.catch(() => undefined);
				inFlight.set(nextToRequest, request);
				nextToRequest++;
			}
			const pending = inFlight.get(nextToYield);
			if (!pending) return;

			const page = await pending;
			inFlight.delete(nextToYield);
			// An empty page that still claims more would otherwise loop for ever.
			const more = page.hasMore && page.items.length > 0;
			lastPage = more ? Math.max(lastPage, page.totalPages, nextToYield + 1) : nextToYield;
			const items = keep(page.items);
			kept += items.length;
			nextToYield++;
			yield items;
		}
	} finally {
		await Promise.allSettled(inFlight.values());
	}
}
