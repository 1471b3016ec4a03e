/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- tests run in Node, not in n8n's node sandbox: this one reads the sandbox's source files, and prints timings on purpose */
/** The seed: fixed ids, determinism, reset, and the speed of large event sets. */
import fs from 'node:fs';
import path from 'node:path';

import { createSandbox } from '../../sandbox/server';
import { SEED, TOKENS, API_KEYS } from '../../sandbox/seed';
import type { Json } from '../harness/sandbox';
import { OBJECT_ID } from './helpers';
import { filesUnder } from '../harness/repoFiles';

const NOW = Date.UTC(2026, 0, 15, 12);
const SANDBOX_DIR = path.resolve(__dirname, '../../sandbox');

const sourceFiles = (dir: string) =>
	filesUnder(dir, '.', (name) => name.endsWith('.js')).map((file) => path.join(dir, file));

test('every seeded id is 24 lowercase hex characters and unique', () => {
	const ids = [
		SEED.org.id,
		SEED.goneOrgId,
		...[SEED.users, SEED.folders, SEED.stories, SEED.versions].flatMap((group) =>
			Object.values<Json>(group).map((item) => item.id),
		),
	];
	for (const id of ids) expect(id).toMatch(OBJECT_ID);
	expect(new Set(ids).size).toBe(ids.length);
});

test('tokens: one per behaviour, each with a key definition and a description', () => {
	expect(Object.keys(TOKENS)).toEqual([
		'team',
		'pro',
		'starter',
		'revoked',
		'memberLeft',
		'storyScoped',
		'noAccount',
		'admin',
	]);
	expect(new Set(Object.values(TOKENS)).size).toBe(Object.keys(TOKENS).length);
	const keysByName: Record<string, { description: string }> = API_KEYS;
	for (const name of Object.keys(TOKENS))
		expect(keysByName[name].description).toEqual(expect.any(String));
	expect(createSandbox({ events: 0 }).tokens).toEqual(TOKENS);
});

test('the seed covers each case the tests rely on', () => {
	expect(
		Object.values<Json>(SEED.stories)
			.map((story) => story.status)
			.sort(),
	).toEqual(['Archived', 'Draft', 'Live', 'Live', 'Live', 'Live']);
	expect(SEED.folders.board.parentId).toBe(SEED.folders.enterprise.id);
	expect(SEED.folders.enterprise.members.map((member: Json) => member.email)).toContain(
		SEED.users.sam.email,
	);
	expect(SEED.folders.board.members.map((member: Json) => member.email)).not.toContain(
		SEED.users.sam.email,
	);
	expect(Object.isFrozen(SEED.stories.proposal.dynamicVariables)).toBe(true);
});

test('no Math.random anywhere in the sandbox', () => {
	for (const file of sourceFiles(SANDBOX_DIR))
		expect([file, fs.readFileSync(file, 'utf8').includes('Math.random')]).toEqual([file, false]);
});

test('same seed and clock: same data, same generated ids; another seed: other events', async () => {
	const first = createSandbox({ now: () => NOW });
	const second = createSandbox({ now: () => NOW });
	const other = createSandbox({ now: () => NOW, seed: 2 });
	expect(JSON.stringify(first.state)).toBe(JSON.stringify(second.state));
	expect(other.state.events).not.toEqual(first.state.events);
	expect(other.state.versions).toEqual(first.state.versions);

	const urls: string[] = [];
	for (const sandbox of [first, second]) {
		urls.push(await sandbox.start());
		const response = await fetch(`${urls[urls.length - 1]}/v2/versions`, {
			method: 'POST',
			headers: { authorization: `Bearer ${TOKENS.team}`, 'content-type': 'application/json' },
			body: JSON.stringify({
				storyId: SEED.stories.proposal.id,
				senderEmail: 'sam@acme.test',
				data: { title: 'Same' },
			}),
		});
		expect(response.status).toBe(200);
	}
	expect(first.state.versions.at(-1).id).toBe(second.state.versions.at(-1).id);
	await Promise.all([first.close(), second.close()]);
});

test('reset() restores the seed exactly', () => {
	const sandbox = createSandbox({ now: () => NOW, events: 500 });
	const initial = JSON.stringify(sandbox.state);
	sandbox.state.versions.pop();
	sandbox.addEvents([{}]);
	sandbox.reset();
	expect(JSON.stringify(sandbox.state)).toBe(initial);
});

test('events: the requested count, spread over eventSpanDays before now, some sharing a timestamp', () => {
	const { state } = createSandbox({ now: () => NOW, events: 2000, eventSpanDays: 30 });
	expect(state.events).toHaveLength(2000);
	const times = state.events.map((event: Json) => Date.parse(event.timestamp));
	expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW - 30 * 86_400_000);
	expect(Math.max(...times)).toBeLessThanOrEqual(NOW);
	expect(new Set(times).size).toBeLessThan(times.length);
	expect(new Set(state.events.map((event: Json) => event.eventId)).size).toBe(2000);
	expect(new Set(state.events.map((event: Json) => event.eventCategory))).toEqual(
		new Set(['view', 'click']),
	);
});

// Times are printed, not asserted: a timed assertion fails on a busy machine, not on slow code.
test('100,000 events: generated, and a filtered page of a 92-day range served', async () => {
	const started = performance.now();
	const sandbox = createSandbox({ now: () => NOW, events: 100_000 });
	const generatedMs = performance.now() - started;
	expect(sandbox.state.events).toHaveLength(100_000);
	const url = await sandbox.start();
	try {
		const query = `dateFrom=2025-10-15T12:00:00Z&dateTo=2026-01-15T12:00:00Z&page=20`;
		const headers = { authorization: `Bearer ${TOKENS.team}` };
		await (await fetch(`${url}/v2/analytics/events?${query}`, { headers })).json();
		const askedAt = performance.now();
		const body: Json = await (
			await fetch(`${url}/v2/analytics/events?${query}&userEmail=sam@acme.test`, { headers })
		).json();
		console.log(
			`sandbox: 100,000 events generated in ${generatedMs.toFixed(0)} ms; a filtered page in ${(performance.now() - askedAt).toFixed(0)} ms`,
		);
		expect(body.pagination.total).toBeGreaterThan(20_000);
		expect(body.data).toHaveLength(1000);
	} finally {
		await sandbox.close();
	}
});
