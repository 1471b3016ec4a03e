#!/usr/bin/env node
/**
 * `npm run scan`: what n8n checks before it verifies a community package, run offline on what
 * `npm pack` makes of this checkout.
 *
 * - n8n's own scanner (@n8n/scan-community-package): its analyzer on the repository's source (the
 *   files it lints of the provenance-attested checkout) and on the unpacked tarball (compiled .js
 *   and the published package.json). Its registry steps (provenance, downloading the published
 *   version) need a published version and the network; the publish workflow provides the first.
 * - The tarball holds what n8n loads and nothing else: package.json, README, LICENSE, CHANGELOG and
 *   dist/ (nodes, credentials, icons), without source maps or type declarations (they point at
 *   TypeScript sources that are not shipped and no n8n instance reads them), with every node and
 *   credential file package.json names.
 * - package.json as verification reads it: MIT, no runtime dependencies, n8n-workflow as the only
 *   peer dependency, the community keyword, and repository, homepage, bugs and author naming the
 *   same GitHub repository.
 *
 * dist/ is removed first: `npm pack` runs the prepack script, so the tarball holds a fresh build or
 * the scan fails. Under STORYDOC_BUILT=1 (CI, which has built once already) it packs that build.
 * Ends with `tests: N passed, N failed`; exits 1 on any failure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
	SOURCE_FILE_PATTERNS,
	analyzePackage,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

import { packAndUnpack } from './lib/pack.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = [];

async function check(name, fn) {
	try {
		await fn();
		results.push(true);
		console.log(`ok      ${name}`);
	} catch (error) {
		results.push(false);
		console.log(`FAILED  ${name}\n    ${String(error.message || error).replace(/\n/g, '\n    ')}`);
	}
}

function expect(condition, message) {
	if (!condition) throw new Error(message);
}

/** "owner/name" of a GitHub address in any of the forms package.json uses, or undefined. */
export function githubRepo(address) {
	const match = /github\.com[/:]([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?(?:[/#?].*)?$/.exec(
		String(address ?? ''),
	);
	return match ? `${match[1]}/${match[2]}`.toLowerCase() : undefined;
}

const ALLOWED_TOP_LEVEL = new Set(['package.json', 'README.md', 'LICENSE.md', 'CHANGELOG.md']);
const DIST_FILE = /^dist\/(?:nodes|credentials|icons)\/[A-Za-z0-9_./-]+\.(?:js|json|svg|png)$/;

async function main() {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-scan-'));
	try {
		const packed = pack(work);
		await packageChecks(packed);
		await manifestChecks(packed);
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}

/** `npm pack` into `work`, unpacked: the file list, the unpacked folder and its package.json. */
function pack(work) {
	// Without dist/, the tarball can only hold the nodes if `npm pack` built them (prepack).
	const built = process.env.STORYDOC_BUILT === '1';
	if (!built) fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
	const { report, files, unpacked, manifest } = packAndUnpack(root, work, { runScripts: !built });
	console.log(
		`scan: ${report.filename}, ${files.length} files, ${(report.size / 1024).toFixed(1)} kB packed`,
	);
	return { files, unpacked, manifest };
}

/** n8n's scanner on the sources and the tarball, and what the tarball holds. */
async function packageChecks({ files, unpacked, manifest }) {
	await check(
		"n8n's scanner: the repository's node and credential sources and package.json",
		async () => {
			const result = await analyzePackage(root, SOURCE_FILE_PATTERNS);
			expect(result.passed, `${result.message}\n${result.details ?? ''}`);
		},
	);

	await check(
		"n8n's scanner: the packed tarball (compiled .js and the published package.json)",
		async () => {
			const result = await analyzePackage(unpacked, ['**/*.js', 'package.json']);
			expect(result.passed, `${result.message}\n${result.details ?? ''}`);
		},
	);

	await check(
		'the tarball holds package.json, README, LICENSE, CHANGELOG and dist/ nodes, credentials and icons only',
		async () => {
			const foreign = files.filter((file) => !ALLOWED_TOP_LEVEL.has(file) && !DIST_FILE.test(file));
			expect(
				foreign.length === 0,
				`files that do not belong in the package: ${foreign.join(', ')}`,
			);
			for (const required of ['package.json', 'README.md', 'LICENSE.md']) {
				expect(files.includes(required), `${required} is missing from the tarball`);
			}
		},
	);

	await check('every node and credential that package.json names is in the tarball', async () => {
		const named = [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
		expect(named.length >= 3, `package.json names ${named.length} node and credential files`);
		const missing = named.filter((file) => !files.includes(path.posix.normalize(file)));
		expect(missing.length === 0, `named but not packed: ${missing.join(', ')}`);
	});
}

/** package.json as n8n's verification reads it. */
async function manifestChecks({ unpacked, manifest }) {
	await check(
		'package.json: MIT, no runtime dependencies, n8n-workflow the only peer dependency, the community keyword',
		async () => {
			expect(manifest.license === 'MIT', `license is ${manifest.license}`);
			expect(
				Object.keys(manifest.dependencies ?? {}).length === 0,
				`runtime dependencies: ${Object.keys(manifest.dependencies ?? {}).join(', ')}`,
			);
			expect(
				JSON.stringify(manifest.peerDependencies) === JSON.stringify({ 'n8n-workflow': '*' }),
				`peerDependencies are ${JSON.stringify(manifest.peerDependencies)}`,
			);
			expect(
				manifest.keywords?.includes('n8n-community-node-package'),
				'the keyword n8n-community-node-package is missing',
			);
			expect(
				/^n8n-nodes-[a-z0-9-]+$/.test(manifest.name),
				`the name ${manifest.name} does not follow n8n-nodes-*`,
			);
			expect(manifest.n8n?.strict === true, 'n8n.strict is not true');
		},
	);

	await check(
		'package.json: repository, homepage, bugs and author name one GitHub repository, as the README does',
		async () => {
			const repository = githubRepo(manifest.repository?.url ?? manifest.repository);
			expect(
				repository,
				`repository ${JSON.stringify(manifest.repository)} is not a GitHub address`,
			);
			const named = {
				homepage: githubRepo(manifest.homepage),
				bugs: githubRepo(manifest.bugs?.url ?? manifest.bugs),
				'author.url': githubRepo(manifest.author?.url),
			};
			for (const [field, value] of Object.entries(named)) {
				expect(
					value === repository,
					`${field} names ${value ?? 'no GitHub repository'}, repository names ${repository}`,
				);
			}
			expect(
				typeof manifest.author?.name === 'string' && manifest.author.name.trim(),
				'author.name is missing',
			);
			const readme = fs.readFileSync(path.join(unpacked, 'README.md'), 'utf8');
			const readmeRepos = [
				...readme.matchAll(/https:\/\/github\.com\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+/g),
			]
				.map((match) => githubRepo(match[0]))
				.filter((repo) => repo?.endsWith('/n8n-nodes-storydoc'));
			expect(readmeRepos.length > 0, 'the README does not link the repository');
			const other = readmeRepos.filter((repo) => repo !== repository);
			expect(
				other.length === 0,
				`the README links ${other.join(', ')}, package.json names ${repository}`,
			);
		},
	);
}

main()
	.catch((error) => {
		results.push(false);
		console.log(`FAILED  scan: ${error.stack || error}`);
	})
	.finally(() => {
		// The scanner makes a temporary folder (tmp-<pid>-…) when it loads and leaves it behind.
		for (const entry of fs.readdirSync(os.tmpdir())) {
			if (entry.startsWith(`tmp-${process.pid}-`))
				fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
		}
		const passed = results.filter(Boolean).length;
		console.log(`tests: ${passed} passed, ${results.length - passed} failed`);
		process.exitCode = results.length - passed ? 1 : 0;
	});
