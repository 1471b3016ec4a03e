'use strict';
/**
 * Second build step, after `n8n-node build` (tsc + static files):
 * - `n8n-node build` copies every *.png / *.svg of the repository into dist/, so screenshots in docs/
 *   and any image under sandbox/, test/ or examples/ would ship to npm. Only icons/, nodes/ and
 *   credentials/ belong in the package: everything else is removed from dist/.
 * - tsc's incremental build info is a build cache, not part of the package.
 * - Every `file:` icon that a built node or credential names must exist in dist/, or n8n shows a
 *   broken image; the build fails instead.
 */
const fs = require('node:fs');
const path = require('node:path');
const { series } = require('gulp');

const DIST = path.join(__dirname, 'dist');
const PACKAGE_FOLDERS = new Set(['icons', 'nodes', 'credentials']);

function pruneForeignAssets(done) {
	for (const entry of fs.readdirSync(DIST, { withFileTypes: true })) {
		const foreign = entry.isDirectory()
			? !PACKAGE_FOLDERS.has(entry.name)
			: entry.name.endsWith('.tsbuildinfo');
		if (foreign) fs.rmSync(path.join(DIST, entry.name), { recursive: true, force: true });
	}
	done();
}

function iconPaths(icon) {
	if (!icon) return [];
	const values = typeof icon === 'string' ? [icon] : Object.values(icon);
	return values
		.filter((value) => value.startsWith('file:'))
		.map((value) => value.slice('file:'.length));
}

function verifyIcons(done) {
	const { n8n } = require('./package.json');
	const missing = [];
	for (const builtFile of [...n8n.nodes, ...n8n.credentials]) {
		const exported = require(path.join(__dirname, builtFile));
		for (const Class of Object.values(exported)) {
			const instance = new Class();
			const icon = instance.description ? instance.description.icon : instance.icon;
			for (const iconPath of iconPaths(icon)) {
				const resolved = path.resolve(path.dirname(path.join(__dirname, builtFile)), iconPath);
				if (!fs.existsSync(resolved))
					missing.push(`${builtFile} → ${path.relative(__dirname, resolved)}`);
			}
		}
	}
	if (missing.length) {
		done(new Error(`Icons missing from dist/:\n  ${missing.join('\n  ')}`));
		return;
	}
	done();
}

exports.default = series(pruneForeignAssets, verifyIcons);
