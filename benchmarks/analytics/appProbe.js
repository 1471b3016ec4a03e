'use strict';
/**
 * `bench:analytics --profile`: loaded into `n8n execute` (NODE_OPTIONS=--require) to see what the
 * app does around each node. Per node it records the wall time, the main thread's CPU time and the
 * whole process's (n8n's database runs on libuv's threads), the credential reads (n8n's
 * CredentialsHelper.getDecrypted: count and time from call to answer) and the SQL statements by
 * table; the nodes named in STORYDOC_PROBE_PROFILE get a CPU profile of their run in
 * STORYDOC_PROBE_DIR. All of it is printed as one `STORYDOC_PROBE {json}` line on stderr at exit.
 * It hooks n8n 2.41.1's own modules by their paths: on another n8n some figures may be missing.
 */
const fs = require('node:fs');
const inspector = require('node:inspector');
const Module = require('node:module');
const path = require('node:path');

// Node 20 (n8n 1.x) has no threadCpuUsage: there the "main thread" figure is the whole process's.
const threadCpuUsage = process.threadCpuUsage
	? (since) => process.threadCpuUsage(since)
	: (since) => process.cpuUsage(since);
const profiled = (process.env.STORYDOC_PROBE_PROFILE ?? '').split(',').filter(Boolean);
const nodes = {};
let current;
const nodeRecord = (name) =>
	(nodes[name] ??= { credentialReads: 0, credentialReadMs: 0, sql: {}, profile: undefined });

function hookRunNode(WorkflowExecute) {
	const runNode = WorkflowExecute.prototype.runNode;
	WorkflowExecute.prototype.runNode = async function (workflow, executionData, ...rest) {
		const name = executionData.node.name;
		const record = nodeRecord(name);
		current = record;
		const session = profiled.includes(name) ? await startProfile() : undefined;
		const thread = threadCpuUsage();
		const whole = process.cpuUsage();
		const started = performance.now();
		try {
			return await runNode.call(this, workflow, executionData, ...rest);
		} finally {
			const threadUsed = threadCpuUsage(thread);
			const wholeUsed = process.cpuUsage(whole);
			record.ms = performance.now() - started;
			record.mainThreadCpuMs = (threadUsed.user + threadUsed.system) / 1000;
			record.processCpuMs = (wholeUsed.user + wholeUsed.system) / 1000;
			if (session) record.profile = await stopProfile(session, name);
			current = undefined;
		}
	};
}

function hookCredentialReads(CredentialsHelper) {
	const getDecrypted = CredentialsHelper.prototype.getDecrypted;
	CredentialsHelper.prototype.getDecrypted = async function (...args) {
		const record = current;
		const started = performance.now();
		try {
			return await getDecrypted.apply(this, args);
		} finally {
			if (record) {
				record.credentialReads++;
				record.credentialReadMs += performance.now() - started;
			}
		}
	};
}

function hookSql(Database) {
	for (const method of ['all', 'get', 'run']) {
		const original = Database.prototype[method];
		Database.prototype[method] = function (sql, ...rest) {
			if (current) {
				const table = /\bFROM\s+"?(\w+)"?/i.exec(String(sql))?.[1] ?? String(sql).split(/\s/)[0];
				current.sql[table] = (current.sql[table] ?? 0) + 1;
			}
			return original.call(this, sql, ...rest);
		};
	}
}

const post = (session, method, params) =>
	new Promise((resolve, reject) =>
		session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
	);
async function startProfile() {
	const session = new inspector.Session();
	session.connect();
	await post(session, 'Profiler.enable');
	await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
	await post(session, 'Profiler.start');
	return session;
}
async function stopProfile(session, name) {
	const { profile } = await post(session, 'Profiler.stop');
	session.disconnect();
	const file = path.join(process.env.STORYDOC_PROBE_DIR, `${name.replace(/\W+/g, '-')}.cpuprofile`);
	fs.writeFileSync(file, JSON.stringify(profile));
	return file;
}

const hooks = [
	['/n8n-core/dist/execution-engine/workflow-execute.js', 'WorkflowExecute', hookRunNode],
	['/n8n/dist/credentials-helper.js', 'CredentialsHelper', hookCredentialReads],
	['/sqlite3/lib/sqlite3.js', 'Database', hookSql],
];
const load = Module._load;
Module._load = function (request, parent, isMain) {
	const exported = load.apply(this, arguments);
	for (const hook of hooks) {
		const [suffix, name, install] = hook;
		if (hook.done || !exported?.[name]) continue;
		if (!Module._resolveFilename(request, parent, isMain).endsWith(suffix)) continue;
		hook.done = true;
		install(exported[name]);
	}
	return exported;
};

const mainThread = Boolean(process.threadCpuUsage);
process.on('exit', () =>
	process.stderr.write(`STORYDOC_PROBE ${JSON.stringify({ nodes, mainThread })}\n`),
);
