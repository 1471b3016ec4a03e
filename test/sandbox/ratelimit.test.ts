/**
 * The version endpoints' rate limit (a small window here) and its headers on every response. The
 * window's time is the test's own (`windowClock`), moved only by the test: on a busy machine five
 * requests once took longer than a real 400 ms window, which then ended under the test.
 */
import { SEED } from '../../sandbox/seed';
import type { CallResult } from './helpers';
import { useSandbox } from './helpers';

const WINDOW_MS = 400;
let windowClock = 0;
const api = useSandbox({
	events: 0,
	rateLimit: { max: 3, windowMs: WINDOW_MS, clock: () => windowClock },
});
const defaults = useSandbox({ events: 0 });

const counter = (response: CallResult) => [
	response.headers.get('x-rate-limit-counter'),
	response.headers.get('x-rate-limit-maximum'),
];
const readVersion = () => api.call(`/v2/versions/${SEED.versions.live.id}`);
const createVersion = () =>
	api.call('/v2/versions', {
		body: {
			storyId: SEED.stories.proposal.id,
			senderEmail: 'sam@acme.test',
			data: { title: 'Paced' },
		},
	});

beforeEach(() => api.sandbox.reset());

test('defaults: 150 per window, headers on every endpoint and on errors', async () => {
	const responses = [
		await defaults.call('/v2/account'),
		await defaults.call('/v2/stories'),
		await defaults.call(`/v2/versions/${SEED.versions.live.id}`),
		await defaults.call('/v2/analytics/events'),
		await defaults.call('/v2/account', { token: null }),
		await defaults.call('/nowhere'),
	];
	expect(responses.map(counter)).toEqual([
		['0', '150'],
		['0', '150'],
		['1', '150'],
		['1', '150'],
		['1', '150'],
		['1', '150'],
	]);
});

test('over the max: 429 "Too many requests", not processed, and the count keeps rising', async () => {
	for (let index = 1; index <= 3; index++)
		expect(counter(await readVersion())).toEqual([String(index), '3']);
	const versionsBefore = api.sandbox.state.versions.length;
	const refused = await createVersion();
	expect([refused.status, refused.body]).toEqual([429, { error: 'Too many requests' }]);
	expect(counter(refused)).toEqual(['4', '3']);
	expect(api.sandbox.state.versions).toHaveLength(versionsBefore);
	const again = await readVersion();
	expect([again.status, counter(again)]).toEqual([429, ['5', '3']]);
	expect(api.sandbox.log.map((record) => record.rateLimitCounter)).toEqual([1, 2, 3, 4, 5]);
});

test('other endpoints are not limited and do not count; they report the current count', async () => {
	await readVersion();
	await readVersion();
	for (let index = 0; index < 5; index++) {
		const response = await api.call('/v2/stories');
		expect([response.status, counter(response)]).toEqual([200, ['2', '3']]);
	}
});

test('the window is per IP and fixed from its first request; a new one starts after windowMs', async () => {
	for (let index = 0; index < 4; index++) await readVersion();
	expect((await readVersion()).status).toBe(429);
	windowClock += WINDOW_MS - 1;
	expect((await api.call('/v2/account')).headers.get('x-rate-limit-counter')).toBe('5');
	windowClock += 1;
	expect(counter(await api.call('/v2/account'))).toEqual(['0', '3']);
	const fresh = await readVersion();
	expect([fresh.status, counter(fresh)]).toEqual([200, ['1', '3']]);
});

test('the limit comes before authentication: a bad key over the limit gets 429', async () => {
	for (let index = 0; index < 3; index++) await readVersion();
	const response = await api.call(`/v2/versions/${SEED.versions.live.id}`, { token: 'not-a-key' });
	expect(response.status).toBe(429);
});

test('admin requests neither count nor carry the headers; reset() clears the window', async () => {
	for (let index = 0; index < 3; index++) await readVersion();
	const admin = await fetch(`${api.url}/__sandbox/log`);
	expect(admin.headers.get('x-rate-limit-counter')).toBeNull();
	await fetch(`${api.url}/__sandbox/state/versions`);
	expect((await readVersion()).status).toBe(429);
	api.sandbox.reset();
	expect(counter(await readVersion())).toEqual(['1', '3']);
});
