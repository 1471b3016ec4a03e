/**
 * How long one request waits, in virtual time: storydocApiRequest against a scripted API on jest's
 * fake clock (its timers and Date.now), so each bound holds however busy the machine is. The same
 * faults over real HTTP (request.test.ts, test/reliability/fault*.test.ts, rateLimitCap.test.ts)
 * check what the user gets and what the API received, and leave the waiting to these.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { StorydocContext } from '../../../../nodes/Storydoc/transport/context';
import type { StorydocRequest } from '../../../../nodes/Storydoc/transport/request';
import { storydocApiRequest } from '../../../../nodes/Storydoc/transport/request';
import { TEST_NODE } from '../../../harness/testNode';

/** How the scripted API answers one try: after `ms`, a status, or a failure before any status. */
interface Answer {
	ms?: number;
	status?: number;
	headers?: Record<string, string>;
	body?: unknown;
	/** No answer: the request times out (after its Timeout), or the connection is reset. */
	fails?: 'timeout' | 'reset';
}

const ANSWER_MS = 20;
/** The retry policy's pauses (request.ts) at the least and the most of their ±20 %. */
const LEAST_JITTER = 0;
const MOST_JITTER = 0.999_999;

let apis = 0;

/** A context whose API answers the n-th try with `answer(n)`; `sentAt` holds each try's time. */
function scriptedApi(answer: (tryIndex: number) => Answer) {
	// A base URL of its own: a pacer of its own.
	const baseUrl = `https://api-${++apis}.storydoc.test`;
	const sentAt: number[] = [];
	const send = async (_type: string, options: IHttpRequestOptions) => {
		const { ms = ANSWER_MS, status = 200, headers = {}, body = {}, fails } = answer(sentAt.length);
		sentAt.push(Date.now());
		await sleep(fails === 'timeout' ? (options.timeout ?? 0) : ms);
		if (fails === 'timeout')
			throw Object.assign(new Error(`timeout of ${options.timeout}ms exceeded`), {
				code: 'ECONNABORTED',
			});
		if (fails === 'reset') throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
		return { statusCode: status, headers, body };
	};
	const context = {
		getNode: () => ({
			...TEST_NODE,
			credentials: { storydocApi: { id: `api-${apis}`, name: 'Storydoc' } },
		}),
		getCredentials: async () => ({ baseUrl, accessToken: 'sd_test_token' }),
		logger: { debug: () => undefined },
		helpers: { httpRequestWithAuthentication: send },
	} as unknown as StorydocContext;
	return { context, sentAt };
}

/** Runs the request to its end on the fake clock: its outcome and how long it took. */
async function timed(context: StorydocContext, request: StorydocRequest) {
	const started = Date.now();
	const outcome = storydocApiRequest.call(context, request).then(
		(value) => ({ value, error: undefined }),
		(error: Error) => ({ value: undefined, error }),
	);
	await jest.runAllTimersAsync();
	return { ...(await outcome), ms: Date.now() - started };
}

const gaps = (times: number[]) => times.slice(1).map((time, index) => time - times[index]);
const read: StorydocRequest = { method: 'GET', path: '/v2/versions/65e0' };
const create: StorydocRequest = {
	method: 'POST',
	path: '/v2/versions',
	body: { storyId: '65d0', data: { title: 'Deal' } },
	ifOutcomeUnknown: 'The version may exist',
};
const status503: Answer = { status: 503, body: '<html>503 Service Temporarily Unavailable</html>' };

beforeEach(() => {
	jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
});
afterEach(() => {
	jest.useRealTimers();
	jest.restoreAllMocks();
});

describe('a read: at most 5 tries, pauses of 0.5, 1, 2 and 4 s (±20 %)', () => {
	test.each([
		['least', LEAST_JITTER, [400, 800, 1600, 3200]],
		['most', MOST_JITTER, [600, 1200, 2400, 4800]],
	])(
		'failing every try (503), with the %s jitter: 5 tries, then the error; 6 to 9 s of pauses in all',
		async (_jitter, random, pauses) => {
			jest.spyOn(Math, 'random').mockReturnValue(random);
			const { context, sentAt } = scriptedApi(() => status503);
			const { error, ms } = await timed(context, read);
			expect(error?.message).toMatch(/503/);
			expect(gaps(sentAt)).toEqual(pauses.map((pause) => ANSWER_MS + pause));
			// virtual time: jest's fake clock
			expect(ms).toBeLessThanOrEqual(5 * ANSWER_MS + 9000);
		},
	);

	test('hanging every try (Timeout 1 s): 5 tries, over within 5 × 1 s and 9 s of pauses', async () => {
		jest.spyOn(Math, 'random').mockReturnValue(MOST_JITTER);
		const { context, sentAt } = scriptedApi(() => ({ fails: 'timeout' }));
		const { error, ms } = await timed(context, { ...read, defaultTimeoutSeconds: 1 });
		expect(error?.message).toBe('Storydoc did not answer within 1 s');
		expect(sentAt).toHaveLength(5);
		// virtual time: jest's fake clock
		expect(ms).toBeLessThanOrEqual(5 * 1000 + 9000);
	});

	test.each<[string, Answer]>([
		['a 503', status503],
		['a connection reset', { fails: 'reset' }],
		['a 200 whose body is not JSON', { body: '{"id": "65e0' }],
	])('one try failing with %s, then the answer: one pause, of 0.6 s at most', async (_f, fault) => {
		jest.spyOn(Math, 'random').mockReturnValue(MOST_JITTER);
		const { context, sentAt } = scriptedApi((tryIndex) =>
			tryIndex === 0 ? fault : { body: { id: '65e0' } },
		);
		const { value, ms } = await timed(context, read);
		expect(value).toEqual({ id: '65e0' });
		expect(sentAt).toHaveLength(2);
		// virtual time: jest's fake clock
		expect(ms).toBeLessThanOrEqual(2 * ANSWER_MS + 600);
	});

	test('no new try once 60 s are spent: hanging with a Timeout of 30 s, 2 tries', async () => {
		const { context, sentAt } = scriptedApi(() => ({ fails: 'timeout' }));
		const { error, ms } = await timed(context, { ...read, defaultTimeoutSeconds: 30 });
		expect(error?.message).toBe('Storydoc did not answer within 30 s');
		expect(sentAt).toHaveLength(2);
		// virtual time: jest's fake clock
		expect(ms).toBeLessThanOrEqual(2 * 30_000 + 600);
	});
});

describe('a write whose outcome is unknown: its one try, then the error, without a pause', () => {
	test.each<[string, Answer, number]>([
		['a 500', { status: 500, body: { error: 'Error occured', errorId: 'e-1' } }, ANSWER_MS],
		['a connection reset', { fails: 'reset' }, ANSWER_MS],
		['a 200 whose body is not JSON', { body: '{"url": "https://' }, ANSWER_MS],
		['a hang (Timeout 1 s)', { fails: 'timeout' }, 1000],
	])('%s', async (_fault, fault, tryMs) => {
		const { context, sentAt } = scriptedApi(() => fault);
		const { error, ms } = await timed(context, { ...create, defaultTimeoutSeconds: 1 });
		expect(error?.message).toMatch(
			/^The version may exist \(.+\); not resent, to avoid a duplicate$/,
		);
		expect(sentAt).toHaveLength(1);
		expect(ms).toBe(tryMs);
	});
});

describe('429s: waited out, for 5 minutes at most', () => {
	const refused = (counter: number): Answer => ({
		status: 429,
		headers: { 'x-rate-limit-counter': String(counter), 'x-rate-limit-maximum': '150' },
		body: { error: 'Too many requests' },
	});

	test('two 429s below the maximum (another limit than the window), then the answer: probes after 0.25 and 0.5 s', async () => {
		const { context, sentAt } = scriptedApi((tryIndex) =>
			tryIndex < 2 ? refused(tryIndex + 1) : { body: { versionId: '65e1' } },
		);
		const { value, ms } = await timed(context, create);
		expect(value).toEqual({ versionId: '65e1' });
		expect(gaps(sentAt)).toEqual([ANSWER_MS + 250, ANSWER_MS + 500]);
		// virtual time: jest's fake clock
		expect(ms).toBeLessThanOrEqual(3 * ANSWER_MS + 750);
	});

	test('a 429 that never ends: the item fails once one more wait would pass the 5 minutes, not minutes sooner, after a few probes', async () => {
		const { context, sentAt } = scriptedApi((tryIndex) => refused(tryIndex + 1));
		const { error, ms } = await timed(context, create);
		expect(error?.message).toBe('Too many requests');
		expect(error).toMatchObject({
			description: expect.stringMatching(
				/stayed exhausted for the 5 minutes the node waits at most/,
			),
		});
		expect(sentAt.length).toBeLessThan(40);
		// virtual time: jest's fake clock (the waits, and an answer per try)
		expect(ms).toBeLessThanOrEqual(5 * 60_000 + sentAt.length * ANSWER_MS);
		// The last wait before it gives up is a window's minute at most.
		expect(ms).toBeGreaterThanOrEqual(4 * 60_000);
	});
});

describe('a queue longer than 5 minutes at the limit', () => {
	/** A window of `max` a minute from its first request, as Storydoc's: its count on every answer. */
	function windowedApi(max: number) {
		let windowStart = Number.NEGATIVE_INFINITY;
		let counter = 0;
		return scriptedApi(() => {
			const now = Date.now();
			if (now - windowStart >= 60_000) [windowStart, counter] = [now, 0];
			counter++;
			const headers = {
				'x-rate-limit-counter': String(counter),
				'x-rate-limit-maximum': String(max),
			};
			return counter > max
				? { status: 429, headers, body: { error: 'Too many requests' } }
				: { headers, body: { versionId: `65e${counter}` } };
		});
	}

	test('70 creates at once against 10 a minute: the last wait over 6 minutes and still go through, since others get through meanwhile', async () => {
		const { context, sentAt } = windowedApi(10);
		const started = Date.now();
		const outcomes = Promise.all(
			Array.from({ length: 70 }, () =>
				storydocApiRequest.call(context, create).then(
					() => 'created',
					(error: Error) => error.message,
				),
			),
		);
		await jest.runAllTimersAsync();
		const results = await outcomes;
		expect(results.filter((result) => result !== 'created')).toEqual([]);
		// virtual time: jest's fake clock. Seven windows: the last requests waited past 6 minutes.
		expect(Date.now() - started).toBeGreaterThanOrEqual(6 * 60_000);
		expect(sentAt.length).toBeLessThan(70 + 7);
	});
});
