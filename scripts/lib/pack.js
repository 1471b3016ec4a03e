'use strict';
/**
 * `npm pack` of the repository into a folder, unpacked there: what npm would publish, as the scan
 * (scripts/scan-package.mjs) and the real-app check of the packed package
 * (e2e/scenarios/packedPackage.test.js) read it.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/**
 * Packs `root` into `work` and unpacks it to `work/package`. `runScripts` false packs the dist/ as
 * it is (`--ignore-scripts`); true lets `prepack` build it. npm's report, the sorted file list, the
 * tarball's and the unpacked folder's paths and the packed package.json.
 */
function packAndUnpack(root, work, { runScripts }) {
	const args = [
		'pack',
		...(runScripts ? [] : ['--ignore-scripts']),
		'--json',
		'--pack-destination',
	];
	const packed = spawnSync('npm', [...args, work], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (packed.status !== 0) throw new Error(`npm pack exited ${packed.status}`);
	// Lifecycle scripts print before npm's JSON: it is the last top-level array.
	const report = JSON.parse(packed.stdout.slice(packed.stdout.lastIndexOf('\n[') + 1))[0];
	const tarball = path.join(work, report.filename);
	const untar = spawnSync('tar', ['-xzf', tarball, '-C', work]);
	if (untar.status !== 0) throw new Error(`tar exited ${untar.status}`);
	const unpacked = path.join(work, 'package');
	return {
		report,
		files: report.files.map((file) => file.path).sort(),
		tarball,
		unpacked,
		manifest: JSON.parse(fs.readFileSync(path.join(unpacked, 'package.json'), 'utf8')),
	};
}

module.exports = { packAndUnpack };
