/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- tests run in Node, not in n8n's node sandbox, and run the script as a child process */
/**
 * `npm run test:live` (scripts/live/run.js), run as a child process the way npm runs it after the
 * build, with a sandbox started here standing in for the real Storydoc account: its Base URL and
 * one of its keys are the account. The sandbox answers from this process, so the script runs
 * asynchronously, and the sandbox's request log shows what the script did to "the account".
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

import { variableKind } from '../../dist/nodes/Storydoc/helpers/storyFields';
import { SEED } from '../../sandbox/seed';
import { VARIABLE_TYPES } from '../../scripts/live/expectations';
import type { Json } from '../harness/n8n';
import type { SandboxHandle, TokenName } from '../harness/sandbox';
import { useSandbox } from '../harness/sandbox';

const ROOT = path.resolve(__dirname, '..', '..');
const SCRIPT = path.join('scripts', 'live', 'run.js');

const account = useSandbox();
/** Storydoc's older spec document: an empty story list is 200 [], not 404 "No stories found". */
const specAccount = useSandbox({ specOnly: true });

beforeEach(() => {
	account.sandbox.reset();
	specAccount.sandbox.reset();
});

interface LiveRun {
	status: number | null;
	stdout: string;
	stderr: string;
	/** The output's lines, empty ones left out. */
	lines: string[];
}

/** The script's own variables; others (STORYDOC_N8N_LINE, the engine line under test) pass through. */
const LIVE_VARIABLE = /^STORYDOC_(API_KEY|BASE_URL|LIVE_\w+)$/;

/** Runs the script with this process's environment minus the script's own variables, plus `variables`. */
function runLive(variables: Record<string, string> = {}): Promise<LiveRun> {
	const env = Object.fromEntries(
		Object.entries(process.env).filter(([name]) => !LIVE_VARIABLE.test(name)),
	);
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [SCRIPT], {
			cwd: ROOT,
			env: { ...env, ...variables },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
		child.on('error', reject);
		child.on('close', (status) =>
			resolve({ status, stdout, stderr, lines: stdout.split('\n').filter((line) => line.trim()) }),
		);
	});
}

/** The sandbox as the account: its URL and the key of `token`. */
const accountOf = (handle: SandboxHandle, token: TokenName = 'team') => ({
	STORYDOC_BASE_URL: handle.url,
	STORYDOC_API_KEY: handle.sandbox.tokens[token],
});

const posts = (handle: SandboxHandle): string[] =>
	handle.sandbox.log
		.filter((entry: Json) => entry.method === 'POST')
		.map((entry: Json) => `POST ${entry.path}`);

/** The closing line's counts. */
function closing(run: LiveRun): { passed: number; failed: number; differences: number } {
	const match = /^live: (\d+) checks passed, (\d+) failed, (\d+) differences$/.exec(
		run.lines.at(-1) ?? '',
	);
	if (!match) throw new Error(`no closing line in:\n${run.stdout}${run.stderr}`);
	return { passed: Number(match[1]), failed: Number(match[2]), differences: Number(match[3]) };
}

test('without STORYDOC_API_KEY: one line that says so, exit 0, and nothing is sent', async () => {
	const run = await runLive({ STORYDOC_BASE_URL: account.url });
	expect(run.status).toBe(0);
	expect(run.stderr).toBe('');
	expect(run.lines).toHaveLength(1);
	expect(run.lines[0]).toMatch(/STORYDOC_API_KEY is not set, so nothing was checked/);
	expect(account.sandbox.log).toEqual([]);
});

test('against an account with everything given: every check passes, no difference, one create and one update', async () => {
	const run = await runLive({
		...accountOf(account),
		STORYDOC_LIVE_VERSION: SEED.versions.live.id,
		STORYDOC_LIVE_STORY: SEED.stories.proposal.id,
		STORYDOC_LIVE_SENDER: SEED.users.sam.email,
	});
	expect(run.status).toBe(0);
	const counts = closing(run);
	expect(counts).toEqual({ passed: expect.any(Number), failed: 0, differences: 0 });
	// Nothing skipped, failed or different: every line before the closing is a passed check.
	const checks = run.lines.filter((line) => /^[✓✗–≠]/.test(line));
	expect(checks.every((line) => line.startsWith('✓ '))).toBe(true);
	expect(checks).toHaveLength(counts.passed);
	for (const check of [
		'Account › Get',
		'Story › Get Many, Status Draft',
		`Story › Get ${SEED.stories.proposal.id}`,
		'Analytics › Get Events',
		`Version › Get ${SEED.versions.live.id}`,
		'Version › Get By URL, its editorUrl',
		'Version › Get By URL, its versionUrl',
		'Version › Get By URL, its url: refused before any request',
		'Version › Get By URL, its shortUrl: refused before any request',
		'Version › Create',
		'Version › Update',
	]) {
		expect(checks.some((line) => line.startsWith(`✓ ${check}`))).toBe(true);
	}

	// Exactly one version was made, then updated: with the check's title, by the sender given.
	const made = account.sandbox.state.versions.filter((version: Json) =>
		String(version.data.title).startsWith('n8n-nodes-storydoc live check '),
	);
	expect(made).toHaveLength(1);
	expect(made[0]).toMatchObject({
		storyId: SEED.stories.proposal.id,
		senderEmail: SEED.users.sam.email,
	});
	expect(made[0].data.title).toMatch(
		/^n8n-nodes-storydoc live check \d{4}-\d{2}-\d{2}T[\d:.]+Z \(updated\)$/,
	);
	expect(posts(account)).toEqual(['POST /v2/versions', `POST /v2/versions/${made[0].id}`]);
	expect(account.sandbox.log.every((entry: Json) => entry.token === 'team')).toBe(true);
	expect(run.stdout + run.stderr).not.toContain(account.sandbox.tokens.team);
});

test('an account that answers an empty story list with 200 [] (the spec document): exit 1, and the difference is listed', async () => {
	// The story-scoped key sees only the Live "Sales proposal": the Draft and Archived lists are empty.
	const run = await runLive(accountOf(specAccount, 'storyScoped'));
	expect(run.status).toBe(1);
	const differences = run.lines.filter((line) => line.startsWith('≠ '));
	expect(differences).toEqual([
		'≠ GET /v2/stories?status=Draft, GET /v2/stories?status=Archived: account 200 [] where the node and the sandbox expect 404 "No stories found"',
	]);
	expect(closing(run)).toMatchObject({ failed: 0, differences: 1 });
	// The node itself read both empty lists as no stories.
	expect(run.lines).toContain('✓ Story › Get Many, Status Draft: 0 stories');
	expect(run.lines).toContain('✓ Story › Get Many, Status Archived: 0 stories');
	expect(run.stdout + run.stderr).not.toContain(specAccount.sandbox.tokens.storyScoped);
});

test.each([
	['neither', {}, 'STORYDOC_LIVE_STORY and STORYDOC_LIVE_SENDER'],
	['only the story', { STORYDOC_LIVE_STORY: SEED.stories.proposal.id }, 'STORYDOC_LIVE_SENDER'],
	['only the sender', { STORYDOC_LIVE_SENDER: SEED.users.sam.email }, 'STORYDOC_LIVE_STORY'],
])(
	'with %s of STORYDOC_LIVE_STORY and STORYDOC_LIVE_SENDER: reads only, no POST at all',
	async (_label, writes, missing) => {
		const run = await runLive({
			...accountOf(account),
			STORYDOC_LIVE_VERSION: SEED.versions.live.id,
			...writes,
		});
		expect(run.status).toBe(0);
		expect(posts(account)).toEqual([]);
		expect(run.lines).toContain(
			`– skipped: Version › Create and Update (the only writes): set ${missing} to create one version and update it`,
		);
		// It did read: the version given, by ID and by its two editor addresses, and a plain request.
		const versionReads = account.sandbox.log.filter(
			(entry: Json) => entry.path === `/v2/versions/${SEED.versions.live.id}`,
		);
		expect(versionReads).toHaveLength(4);
		expect(closing(run)).toMatchObject({ failed: 0, differences: 0 });
	},
);

test("the expectations' variable types agree with the built node: the handled ones get their own kind, the rest text", () => {
	expect(VARIABLE_TYPES.handled.map(variableKind)).toEqual(VARIABLE_TYPES.handled);
	expect(VARIABLE_TYPES.sentAsText.map(variableKind)).toEqual(
		VARIABLE_TYPES.sentAsText.map(() => 'text'),
	);
});
