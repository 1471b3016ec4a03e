/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- tests run in Node, not in n8n's node sandbox, and run the script as a child process */
/**
 * `npm run demo` (scripts/demo.js), run as npm runs it after the build: every example through n8n's
 * engine against a sandbox of its own, a report per example, nothing failed, and the second command
 * named at the end. That one, `npm run demo:recipes`, runs the real-app scenarios
 * e2e/scenarios/recipe*.test.js (`npm test` never starts n8n; `npm run test:e2e` runs them).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { loadExamples } from '../../scripts/examples';

const ROOT = path.resolve(__dirname, '..', '..');

test('npm run demo runs every example against the sandbox and reports each, with no failure', () => {
	const demo = spawnSync(process.execPath, [path.join('scripts', 'demo.js')], {
		cwd: ROOT,
		encoding: 'utf8',
		timeout: 120_000,
	});
	expect(demo.stderr).toBe('');
	expect(demo.status).toBe(0);
	const lines = demo.stdout.split('\n');
	for (const example of loadExamples().values()) {
		expect(lines).toContain(`▶ ${example.workflow.name}  (examples/${example.file})`);
	}
	expect(lines.filter((line) => line.trim().startsWith('✗'))).toEqual([]);
	expect(demo.stdout).toContain('Every example ran against the sandbox.');
	expect(demo.stdout).toContain('npm run demo:recipes');
	// The next command named with every service the recipes use, the AI ones too.
	const next = lines.find((line) => line.includes('Next: the '));
	expect(next).toContain(
		"Next: the 10 recipes with HubSpot, Salesforce, Pipedrive, Slack, Google Sheets, QuickChart, Gmail, PostgreSQL, n8n's Data Table and n8n's AI Agent (a scripted stand-in model) in the real n8n app",
	);
});
