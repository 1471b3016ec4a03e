'use strict';
/**
 * PostgreSQL and Redis for queue mode, from Debian's packages (installed with apt when missing and
 * this runs as root), each in a work folder of its own; every process started is stopped by the
 * `cleanups` it is registered in.
 */
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const app = require('../n8n-app');
const { waitFor: waitUntil } = require('../harness/waiting');

const waitFor = (find, what, timeoutMs) => waitUntil(find, what, timeoutMs, 500);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function postgresBin() {
	const base = '/usr/lib/postgresql';
	const versions = fs.existsSync(base)
		? fs.readdirSync(base).filter((name) => fs.existsSync(path.join(base, name, 'bin', 'postgres')))
		: [];
	return versions.length
		? path.join(base, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin')
		: undefined;
}

/** Installs what is missing with apt (scripts/lib/install-debian.sh, as CI installs Chromium). */
function ensurePackages() {
	const missing = [];
	if (!postgresBin()) missing.push('postgresql');
	if (!fs.existsSync('/usr/bin/redis-server')) missing.push('redis-server');
	if (!missing.length) return;
	const installer = path.join(__dirname, '..', '..', 'scripts', 'lib', 'install-debian.sh');
	execFileSync('bash', [installer, ...missing], { stdio: 'inherit' });
}

/** Runs a PostgreSQL program as the `postgres` user when this runs as root (PostgreSQL refuses root). */
function asPostgres(program, args) {
	return isRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

/** A process with its output in `logFile`, stopped by `cleanups`. */
function spawnLogged(cleanups, command, args, logFile, env) {
	const out = fs.openSync(logFile, 'a');
	const child = spawn(command, args, { env, stdio: ['ignore', out, out] });
	cleanups.push(() => stopChild(child));
	return child;
}

function stopChild(child) {
	return new Promise((resolve) => {
		if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
		const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
		child.on('exit', () => {
			clearTimeout(timer);
			resolve();
		});
		child.kill('SIGTERM');
	});
}

async function startPostgres(cleanups, workDir) {
	const bin = postgresBin();
	const dataDir = path.join(workDir, 'postgres');
	const socketDir = path.join(workDir, 'postgres-socket');
	fs.mkdirSync(dataDir);
	fs.mkdirSync(socketDir);
	if (isRoot) {
		execFileSync('chown', ['postgres', dataDir, socketDir]);
		fs.chmodSync(workDir, 0o755);
	}
	const [initdb, initArgs] = asPostgres(path.join(bin, 'initdb'), [
		'-D',
		dataDir,
		'-U',
		'postgres',
		'--auth=trust',
		'-E',
		'UTF8',
	]);
	execFileSync(initdb, initArgs, { stdio: 'ignore' });
	const port = await app.freePort();
	const [postgres, args] = asPostgres(path.join(bin, 'postgres'), [
		'-D',
		dataDir,
		'-p',
		String(port),
		'-k',
		socketDir,
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'max_connections=100',
	]);
	let child = spawnLogged(cleanups, postgres, args, path.join(workDir, 'postgres.log'));
	// As the postgres superuser, over TCP on this cluster's port.
	const psqlArgs = (database) => [
		'-h',
		'127.0.0.1',
		'-p',
		String(port),
		'-U',
		'postgres',
		'-d',
		database,
	];
	const psql = (sql) =>
		execFileSync('psql', [...psqlArgs('n8n'), '-At', '-F', '\t', '-c', sql]).toString();
	await waitFor(
		() => {
			try {
				execFileSync('psql', [...psqlArgs('postgres'), '-c', 'CREATE DATABASE n8n'], {
					stdio: 'ignore',
				});
				return true;
			} catch {
				if (child.exitCode !== null)
					throw new Error(`postgres exited ${child.exitCode}; see ${workDir}/postgres.log`);
				return false;
			}
		},
		'PostgreSQL accepting connections',
		60_000,
	);
	const restart = postgresRestarter({
		dataDir,
		psql,
		stopped: () => child,
		start: () =>
			(child = spawnLogged(cleanups, postgres, args, path.join(workDir, 'postgres.log'))),
		log: path.join(workDir, 'postgres.log'),
	});
	return { port, psql, restart };
}

/** Stops a service (`stop` resolves once it is down), runs `whileDown`, and waits out `downMs`. */
async function downFor(stop, downMs, whileDown = async () => undefined) {
	await stop();
	const down = new Promise((resolve) => setTimeout(resolve, downMs));
	await whileDown();
	await down;
}

/**
 * `restart(downMs, whileDown)`: an immediate shutdown (SIGQUIT to the postmaster: what a crash leaves,
 * recovered at the next start), `whileDown`, then PostgreSQL started again (`start`) no sooner than
 * `downMs` after it went down; resolves once it accepts connections.
 */
function postgresRestarter({ dataDir, psql, stopped, start, log }) {
	return async function restart(downMs, whileDown) {
		const pidFile = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8');
		const stop = () => {
			const exited = new Promise((resolve) => stopped().on('exit', resolve));
			process.kill(Number(pidFile.split('\n')[0]), 'SIGQUIT');
			return exited;
		};
		await downFor(stop, downMs, whileDown);
		const again = start();
		await waitFor(
			() => {
				if (again.exitCode !== null)
					throw new Error(`postgres exited ${again.exitCode}; see ${log}`);
				try {
					psql('SELECT 1');
					return true;
				} catch {
					return false;
				}
			},
			'PostgreSQL accepting connections again',
			60_000,
		);
	};
}

/**
 * Redis without persistence, as the scenarios need it; `restart(downMs, whileDown)` kills it
 * (SIGKILL, as a crash) and starts it again on the same port: empty, so what the queue held is gone.
 */
async function startRedis(cleanups, workDir) {
	const port = await app.freePort();
	const log = path.join(workDir, 'redis.log');
	let child;
	let starts = 0;
	async function start() {
		starts += 1;
		child = spawnLogged(
			cleanups,
			'/usr/bin/redis-server',
			[
				'--port',
				String(port),
				'--bind',
				'127.0.0.1',
				'--save',
				'',
				'--appendonly',
				'no',
				'--dir',
				workDir,
			],
			log,
		);
		await waitFor(
			() => {
				if (child.exitCode !== null)
					throw new Error(`redis-server exited ${child.exitCode}; see ${log}`);
				return (
					fs.readFileSync(log, 'utf8').split('Ready to accept connections').length - 1 >= starts
				);
			},
			'Redis ready',
			30_000,
		);
	}
	await start();
	/** Kills it, runs `whileDown`, and starts it again no sooner than `downMs` after the kill. */
	async function restart(downMs, whileDown) {
		const stop = () => {
			const exited = new Promise((resolve) => child.on('exit', resolve));
			child.kill('SIGKILL');
			return exited;
		};
		await downFor(stop, downMs, whileDown);
		await start();
	}
	return { port, restart };
}

module.exports = { ensurePackages, spawnLogged, startPostgres, startRedis, stopChild };
