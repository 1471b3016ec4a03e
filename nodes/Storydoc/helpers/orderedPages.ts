/** One page of a page-numbered list, as `fetchPage` reports it. */
export interface Page<T> {
	items: T[];
	hasMore: boolean;
	totalPages: number;
	pageSize: number;
}

export interface OrderedPagesOptions<T> {
	/** Pages requested at the same time after page 1; 1 means one after another. */
	concurrency: number;
	/** Stop requesting pages once this many kept items are in hand or on their way. */
	wanted?: number;
	/** Items to drop from every page (they neither count towards `wanted` nor are yielded). */
	drop?: (item: T) => boolean;
}

/**
 * Yields the items of page 1, 2, 3, … in page order, for as long as the API says `hasMore`.
 *
 * Page 1 is fetched alone: it tells how many pages there are. The rest are fetched up to
 * `concurrency` at a time, in a sliding window that never runs more than `concurrency` pages ahead
 * of the page being yielded, so at most that many pages are held in memory. A page that says
 * `hasMore` beyond the announced last page (events arrived meanwhile) extends the run; a page that
 * says there is no more (or comes back empty) ends it.
 *
 * With `wanted`, a page is only requested while the items kept so far plus a full page for every
 * request in flight fall short of it: a Limit of 50 costs one request, not `concurrency`.
 *
 * Stopping early (`break` in the consumer) or a failed page waits for the requests still in flight,
 * so none is left running unobserved after the generator is done.
 */
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
				// Observed when its turn comes (or in `finally`); this only stops an early failure from
				// being reported as unhandled while an earlier page is still awaited.
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
