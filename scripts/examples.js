'use strict';
/**
 * The example workflows in examples/ and, for each, what a correct run looks like. Shared by the demo
 * (`npm run demo`, n8n-core's engine in-process) and the end-to-end run (`npm run test:e2e`, the real
 * n8n app): both run the example files unchanged against the API sandbox, then hand the node outputs
 * and the sandbox to `check` (which throws on anything that differs) and `report` (the demo's lines).
 */
const fs = require('node:fs');
const path = require('node:path');

const EXAMPLES_DIR = path.resolve(__dirname, '..', 'examples');

/** Starts the project's API sandbox (sandbox/server.js) on 127.0.0.1 in this process (port 0: a free one). */
async function startSandbox({ port = 0, ...options } = {}) {
	const { createSandbox } = require('../sandbox/server');
	const sandbox = createSandbox(options);
	const url = String(await sandbox.start(port, '127.0.0.1')).replace(/\/+$/, '');
	return { sandbox, url };
}

/** The sandbox's admin endpoints (/__sandbox/…): its record of requests and its state. */
function sandboxClient(url) {
	const call = async (method, adminPath) => {
		const response = await fetch(`${url}/__sandbox/${adminPath}`, { method });
		const text = await response.text();
		if (!response.ok) throw new Error(`sandbox ${method} /__sandbox/${adminPath} answered ${response.status}: ${text}`);
		return text ? JSON.parse(text) : undefined;
	};
	return {
		reset: () => call('POST', 'reset'),
		/** The API requests it received since the last reset, oldest first: { method, path, status, … }. */
		async requests() {
			const log = await call('GET', 'log');
			const entries = Array.isArray(log) ? log : (log.entries ?? log.requests ?? log.log ?? []);
			return entries
				.map((entry) => ({
					...entry,
					path: String(entry.path ?? entry.url ?? '').split('?')[0],
					status: entry.status ?? entry.statusCode,
				}))
				.filter((entry) => entry.path.startsWith('/v2/'));
		},
		state: (collection) => call('GET', `state/${collection}`),
	};
}

const first = (items) => items?.[0]?.json;
const DAY_MS = 86_400_000;
const startOfUtcDay = (ms) => Math.floor(ms / DAY_MS) * DAY_MS;
const requestLines = (requests) => requests.map((r) => `${r.method} ${r.path} → ${r.status}`);

/** A plain-text table: columns padded to their widest cell. */
function table(headers, rows) {
	const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
	const line = (cells) => cells.map((cell, column) => String(cell).padEnd(widths[column])).join('  ').trimEnd();
	return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/**
 * What "Summary per Version" must say, computed here from the sandbox's own events (not with the
 * node's helper): per version, views, clicks, distinct visitors, first and last event, and the
 * prospect's email from the latest event that has one.
 */
function expectedSummaries(events) {
	const byVersion = new Map();
	for (const event of events) {
		const tally = byVersion.get(event.versionId) ?? { versionId: event.versionId, views: 0, clicks: 0, visitors: new Set(), events: [] };
		if (event.eventCategory === 'view') tally.views++;
		if (event.eventCategory === 'click') tally.clicks++;
		if (event.visitorId) tally.visitors.add(event.visitorId);
		tally.events.push(event);
		byVersion.set(event.versionId, tally);
	}
	return [...byVersion.values()]
		.map(({ versionId, views, clicks, visitors, events: own }) => {
			const times = own.map((event) => event.timestamp).sort();
			const withEmail = own.filter((event) => event.prospectEmail).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
			return {
				versionId,
				views,
				clicks,
				uniqueVisitors: visitors.size,
				firstEventAt: times[0],
				lastEventAt: times[times.length - 1],
				prospectEmail: withEmail.length ? withEmail[withEmail.length - 1].prospectEmail : null,
			};
		})
		.sort((a, b) => a.versionId.localeCompare(b.versionId));
}

/** file (without .json) → how to run it, check it and report it. */
const definitions = {
	'account-check': {
		title: 'Account › Get returns { orgId, title }',
		startNode: 'When clicking ‘Execute workflow’',
		async check({ outputs, sandbox, expectEqual }) {
			const account = outputs['Get Storydoc account'];
			expectEqual(account?.length, 1, 'number of items out of "Get Storydoc account"');
			const expected = await sandbox.state('account');
			expectEqual(first(account), { orgId: expected.orgId, title: expected.title }, 'the account item');
			const requests = await sandbox.requests();
			expectEqual(requestLines(requests), ['GET /v2/account → 200'], 'the requests the sandbox received');
		},
		report({ outputs }) {
			const account = first(outputs['Get Storydoc account']);
			return [`Connected to the organization "${account.title}" (${account.orgId}).`];
		},
	},
	'engagement-sync': {
		title: 'Get Events › Summary per Version of the last 30 days → one CRM row per version',
		startNode: 'When clicking ‘Execute workflow’',
		async check({ outputs, sandbox, expectEqual, expect }) {
			const requests = await sandbox.requests();
			expect(requests.length > 0, 'the sandbox received no request');
			expectEqual(
				[...new Set(requestLines(requests))],
				['GET /v2/analytics/events → 200'],
				'the requests the sandbox received (distinct)',
			);
			const requestedAt = Date.parse(requests[0].time);
			const fromMs = startOfUtcDay(requestedAt - 30 * DAY_MS);
			const events = (await sandbox.state('events')).filter((event) => {
				const instant = Date.parse(event.timestamp);
				return instant >= fromMs && instant <= requestedAt;
			});
			expect(events.length > 0, 'the sandbox has no event in the last 30 days: the example shows nothing');

			const summaries = (outputs['Engagement of the last 30 days'] ?? []).map((item) => item.json);
			const pick = ({ versionId, views, clicks, uniqueVisitors, firstEventAt, lastEventAt, prospectEmail }) => ({
				versionId,
				views,
				clicks,
				uniqueVisitors,
				firstEventAt,
				lastEventAt,
				prospectEmail,
			});
			expectEqual(
				summaries.map(pick).sort((a, b) => a.versionId.localeCompare(b.versionId)),
				expectedSummaries(events),
				'the summary per version (compared with the sandbox events of the last 30 days)',
			);
			const lastActivity = summaries.map((summary) => summary.lastEventAt);
			expectEqual(lastActivity, [...lastActivity].sort().reverse(), 'the order of the summaries (most recently active first)');

			expectEqual(
				(outputs['Rows for the CRM'] ?? []).map((item) => item.json),
				summaries.map((summary) => ({
					crm_contact_email: summary.prospectEmail,
					crm_contact_name: summary.prospectName,
					storydoc_version_id: summary.versionId,
					storydoc_story: summary.storyTitle,
					storydoc_views_30d: summary.views,
					storydoc_clicks_30d: summary.clicks,
					storydoc_visitors_30d: summary.uniqueVisitors,
					storydoc_last_activity: summary.lastEventAt,
					storydoc_last_action: summary.lastEventName,
					storydoc_engaged: summary.clicks > 0,
				})),
				'the CRM rows',
			);
		},
		report({ outputs }) {
			const rows = (outputs['Rows for the CRM'] ?? []).map((item) => item.json);
			return [
				`${rows.length} CRM rows, one per version viewed in the last 30 days:`,
				'',
				...table(
					['Contact', 'Story', 'Views', 'Clicks', 'Visitors', 'Last activity (UTC)', 'Last action'],
					rows.map((row) => [
						row.crm_contact_email ?? '(unknown)',
						row.storydoc_story,
						row.storydoc_views_30d,
						row.storydoc_clicks_30d,
						row.storydoc_visitors_30d,
						String(row.storydoc_last_activity).slice(0, 16).replace('T', ' '),
						row.storydoc_last_action,
					]),
				),
			];
		},
	},
};

/** Every examples/*.json with its definition; an example without one is an error, not skipped. */
function loadExamples() {
	const examples = new Map();
	for (const file of fs.readdirSync(EXAMPLES_DIR).filter((name) => name.endsWith('.json')).sort()) {
		const key = file.replace(/\.json$/, '');
		const definition = definitions[key];
		if (!definition) throw new Error(`examples/${file} has no entry in scripts/examples.js (how to check it)`);
		const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
		examples.set(key, { key, file, workflow, ...definition });
	}
	return examples;
}

module.exports = { EXAMPLES_DIR, loadExamples, sandboxClient, startSandbox };
