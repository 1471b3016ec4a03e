'use strict';
/**
 * Runs createWorker.js in a process of its own, its clock `scale` times faster (timeScale.js): the
 * node's waits (the rate limit's minute, sleeps, timeouts) take 1/scale of their length, while the
 * sandbox in the test's process keeps real time. A sandbox window of 60 s / scale is then the
 * API's minute as the worker sees it.
 */
const { execFile } = require('node:child_process');
const path = require('node:path');

const WORKER = path.join(__dirname, 'createWorker.js');
const TIME_SCALE = path.join(__dirname, 'timeScale.js');

function runWorker(job, { scale = 1, timeoutMs = 90_000 } = {}) {
	return new Promise((resolve, reject) => {
		execFile(
			process.execPath,
			['-r', TIME_SCALE, WORKER, JSON.stringify(job)],
			{ timeout: timeoutMs, maxBuffer: 16 << 20, env: { ...process.env, TIME_SCALE: String(scale) } },
			(error, stdout, stderr) => {
				if (error) return reject(new Error(`worker failed: ${error.message}\n${stderr}`));
				const lines = stdout.trim().split('\n');
				resolve(JSON.parse(lines[lines.length - 1]));
			},
		);
	});
}

module.exports = { runWorker };
