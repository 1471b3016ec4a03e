'use strict';
/**
 * A V8 .cpuprofile summed up: the time its samples spent (self time) by package and by function,
 * and idle time apart, so that what a node run spent its CPU on can be read in a few lines.
 */
const fs = require('node:fs');

/** The package (or Node's module) a script URL belongs to; this package's own built code by name. */
function packageOf(url) {
	if (!url) return '(V8: GC, compiler, native)';
	if (/\/dist\/(nodes|credentials)\//.test(url) && !url.includes('node_modules'))
		return 'this package';
	const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
	if (inModules) return inModules[inModules.length - 1].slice('node_modules/'.length);
	if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
	return url;
}

function summarizeProfile(file) {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
	const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
	const byPackage = new Map();
	const byFunction = new Map();
	let idleMs = 0;
	let totalMs = 0;
	profile.samples.forEach((id, index) => {
		// The first delta is the wait before the first sample: not part of the run.
		const ms = index === 0 ? 0 : profile.timeDeltas[index] / 1000;
		const frame = frames.get(id);
		totalMs += ms;
		if (frame.functionName === '(idle)') {
			idleMs += ms;
			return;
		}
		const where = frame.url
			? `${frame.url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`
			: '';
		const fn = `${frame.functionName || '(anonymous)'} ${where}`.trim();
		byPackage.set(packageOf(frame.url), (byPackage.get(packageOf(frame.url)) ?? 0) + ms);
		byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
	});
	const top = (map, count) =>
		[...map]
			.sort((a, b) => b[1] - a[1])
			.slice(0, count)
			.map(([name, ms]) => ({ name, ms }));
	return { totalMs, idleMs, byPackage: top(byPackage, 12), byFunction: top(byFunction, 15) };
}

module.exports = { summarizeProfile };
