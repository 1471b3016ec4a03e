'use strict';
/**
 * The floor (f): what any client must spend to read the events. Page 1, then the other pages with
 * the node's page concurrency (a pool of that many requests), each body parsed and each event
 * wrapped as an n8n item, in order; plain `fetch`, no n8n, nothing checked, every page kept.
 *
 * Each call of `floorReads` is a process of its own on the n8n app's Node, apart from the sandbox:
 * its first read is as cold as the first node of a fresh `n8n execute`, the next ones warm.
 */
const { fork } = require('node:child_process');
const { once } = require('node:events');

async function readAtTheFloor({ url, token, dateFrom, dateTo, concurrency }) {
	const headers = { authorization: `Bearer ${token}` };
	const query = `dateFrom=${encodeURIComponent(dateFrom)}&dateTo=${encodeURIComponent(dateTo)}`;
	const page = async (number) => {
		const response = await fetch(`${url}/v2/analytics/events?${query}&page=${number}`, { headers });
		if (!response.ok) throw new Error(`page ${number} answered ${response.status}`);
		return JSON.parse(await response.text());
	};
	const first = await page(1);
	const pages = [first.data];
	let next = 2;
	const worker = async () => {
		while (next <= first.pagination.totalPages) {
			const number = next++;
			pages[number - 1] = (await page(number)).data;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	const items = [];
	for (const data of pages)
		for (const event of data) items.push({ json: event, pairedItem: { item: 0 } });
	return items;
}

/**
 * `reads` reads in a new process run by `node`: for each, when it started (ms since the epoch), its
 * time, the process's CPU time and the event ids it output.
 */
async function floorReads(node, query, reads) {
	const child = fork(__filename, ['--child'], { execPath: node, stdio: 'inherit' });
	child.send({ query, reads });
	const [answer] = await once(child, 'message');
	child.disconnect();
	if (answer.error) throw new Error(`the floor failed: ${answer.error}`);
	return answer.results;
}

async function runChild({ query, reads }) {
	const results = [];
	for (let read = 0; read < reads; read++) {
		const startedAt = Date.now();
		const started = performance.now();
		const cpu = process.cpuUsage();
		const items = await readAtTheFloor(query);
		const used = process.cpuUsage(cpu);
		results.push({
			startedAt,
			ms: performance.now() - started,
			cpuMs: (used.user + used.system) / 1000,
			eventIds: items.map((item) => item.json.eventId),
		});
	}
	process.send({ results });
}

if (require.main === module && process.argv[2] === '--child') {
	process.once('message', (message) =>
		runChild(message).catch((error) => process.send({ error: String(error) })),
	);
}

module.exports = { floorReads, readAtTheFloor };
