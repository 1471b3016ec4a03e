/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests run in Node, not in n8n's node sandbox */
/**
 * Unit tests of the ordered concurrent pager (pure apart from the page fetcher it is given): API
 * order whatever order pages arrive in, bounded concurrency, no request beyond what Limit needs,
 * `hasMore` honoured past the announced last page, failures and early stops leave nothing running.
 */
import { sleep as delay } from 'n8n-workflow';

import type { Page } from '../../../../nodes/Storydoc/helpers/orderedPages';
import { orderedPages } from '../../../../nodes/Storydoc/helpers/orderedPages';

interface FakeApiOptions {
	total: number;
	pageSize: number;
	jitterMs?: number;
	grow?: number;
	failOn?: number;
}

interface FakeApi {
	requests: number[];
	inFlight: number;
	maxInFlight: number;
	settled: number;
	total: number;
	fetchPage: (page: number) => Promise<Page<number>>;
}

/** A fake API of `total` numbered items, `pageSize` per page, answering after a random delay. */
function fakeApi({ total, pageSize, jitterMs = 5, grow = 0, failOn }: FakeApiOptions): FakeApi {
	const api: FakeApi = {
		requests: [],
		inFlight: 0,
		maxInFlight: 0,
		settled: 0,
		total,
		fetchPage: async (page) => {
			api.requests.push(page);
			api.inFlight++;
			api.maxInFlight = Math.max(api.maxInFlight, api.inFlight);
			await delay(Math.floor(Math.random() * jitterMs));
			api.inFlight--;
			api.settled++;
			if (page === failOn) throw new Error(`page ${page} failed`);
			const totalNow = api.total;
			if (page === 1 && grow) api.total += grow; // events arrive after page 1 announced the total
			const start = (page - 1) * pageSize;
			const items = Array.from(
				{ length: Math.max(0, Math.min(pageSize, totalNow - start)) },
				(_, i) => start + i,
			);
			const totalPages = Math.ceil(totalNow / pageSize);
			return { items, hasMore: page < totalPages, totalPages, pageSize };
		},
	};
	return api;
}

async function collect<T>(
	iterable: AsyncIterable<T[]>,
	{ stopAfter }: { stopAfter?: number } = {},
): Promise<T[][]> {
	const pages: T[][] = [];
	for await (const items of iterable) {
		pages.push(items);
		if (stopAfter !== undefined && pages.flat().length >= stopAfter) break;
	}
	return pages;
}

describe('orderedPages', () => {
	test('yields every item once, in page order, whatever order the answers arrive in', async () => {
		const api = fakeApi({ total: 1003, pageSize: 10, jitterMs: 15 });
		const pages = await collect(orderedPages(api.fetchPage, { concurrency: 6 }));
		expect(pages.flat()).toEqual(Array.from({ length: 1003 }, (_, i) => i));
		expect(pages).toHaveLength(101);
		expect([...api.requests].sort((a, b) => a - b)).toEqual(
			Array.from({ length: 101 }, (_, i) => i + 1),
		);
	});

	test('page 1 alone first, then never more than `concurrency` requests at a time', async () => {
		const api = fakeApi({ total: 500, pageSize: 10 });
		await collect(orderedPages(api.fetchPage, { concurrency: 3 }));
		expect(api.requests[0]).toBe(1);
		expect(api.maxInFlight).toBe(3);
	});

	test('concurrency 1 is strictly one page after another', async () => {
		const api = fakeApi({ total: 95, pageSize: 10 });
		await collect(orderedPages(api.fetchPage, { concurrency: 1 }));
		expect(api.requests).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(api.maxInFlight).toBe(1);
	});

	test('a single page: one request', async () => {
		const api = fakeApi({ total: 4, pageSize: 10 });
		expect(await collect(orderedPages(api.fetchPage, { concurrency: 4 }))).toEqual([[0, 1, 2, 3]]);
		expect(api.requests).toEqual([1]);
	});

	test('no results: one request, one empty page', async () => {
		const api = fakeApi({ total: 0, pageSize: 10 });
		expect(await collect(orderedPages(api.fetchPage, { concurrency: 4 }))).toEqual([[]]);
		expect(api.requests).toEqual([1]);
	});

	test.each([
		[50, 1000, [1]],
		[20, 7, [1, 2, 3]],
		[21, 7, [1, 2, 3]],
		[22, 7, [1, 2, 3, 4]],
		[7, 7, [1]],
	])('wanted %i with pages of %i requests only pages %j', async (wanted, pageSize, pages) => {
		const api = fakeApi({ total: 5000, pageSize });
		await collect(orderedPages(api.fetchPage, { concurrency: 8, wanted }), { stopAfter: wanted });
		expect([...api.requests].sort((a, b) => a - b)).toEqual(pages);
	});

	test('dropped items do not count towards `wanted`: more pages are fetched until enough are kept', async () => {
		const api = fakeApi({ total: 100, pageSize: 10 });
		const pages = await collect(
			orderedPages(api.fetchPage, { concurrency: 4, wanted: 15, drop: (item) => item % 2 === 1 }),
			{ stopAfter: 15 },
		);
		expect(pages.flat().slice(0, 15)).toEqual(Array.from({ length: 15 }, (_, i) => i * 2));
		expect(Math.max(...api.requests)).toBe(3);
	});

	test('pages past the announced total are read while the last page says hasMore', async () => {
		const api = fakeApi({ total: 30, pageSize: 10, grow: 25 });
		const pages = await collect(orderedPages(api.fetchPage, { concurrency: 4 }));
		expect(pages.flat()).toEqual(Array.from({ length: 55 }, (_, i) => i));
	});

	test('an empty page that claims more ends the run instead of looping', async () => {
		let requests = 0;
		const fetchPage = async (page: number) => {
			requests++;
			return { items: page === 1 ? [1] : [], hasMore: true, totalPages: 2, pageSize: 1 };
		};
		expect((await collect(orderedPages(fetchPage, { concurrency: 2 }))).flat()).toEqual([1]);
		expect(requests).toBe(2);
	});

	test('a failing page rejects the loop once every request in flight has settled', async () => {
		const api = fakeApi({ total: 200, pageSize: 10, jitterMs: 20, failOn: 4 });
		const unhandled: unknown[] = [];
		const onUnhandled = (reason: unknown) => unhandled.push(reason);
		process.on('unhandledRejection', onUnhandled);
		try {
			await expect(collect(orderedPages(api.fetchPage, { concurrency: 5 }))).rejects.toThrow(
				'page 4 failed',
			);
			expect(api.inFlight).toBe(0);
			expect(api.settled).toBe(api.requests.length);
			await delay(30);
			expect(unhandled).toEqual([]);
		} finally {
			process.off('unhandledRejection', onUnhandled);
		}
	});

	test('a consumer that stops early leaves no request running', async () => {
		const api = fakeApi({ total: 1000, pageSize: 10, jitterMs: 20 });
		await collect(orderedPages(api.fetchPage, { concurrency: 5 }), { stopAfter: 25 });
		expect(api.inFlight).toBe(0);
		expect(api.settled).toBe(api.requests.length);
	});
});
