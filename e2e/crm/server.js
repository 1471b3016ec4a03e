#!/usr/bin/env node
'use strict';
/**
 * The CRM stand-ins and their intercepting proxy in a process of their own (mockttp is loaded by
 * Node, not by jest, whose module system cannot load its ES-module dependencies), and the stand-in
 * model on an address of its own (a credential's Base URL). It prints one JSON line when ready: the
 * proxy's environment for n8n, the model's Base URL and the address of its admin API, which the
 * tests and the demo use (client.js): each service's state and request log, faults, reset.
 */
const http = require('node:http');

const { startCrmProxy } = require('./proxy');
const { createOpenAi } = require('./openAi');
const { TOKENS } = require('./seed');
const { createStandIns } = require('./standIns');

async function readJson(request) {
	let text = '';
	for await (const chunk of request) text += chunk;
	return text ? JSON.parse(text) : {};
}

function adminHandler(standIns, proxy) {
	return async (request) => {
		const [, , service, action] = new URL(request.url, 'http://admin').pathname.split('/');
		if (service === 'model' && action === 'answerMs') {
			standIns.model.answerMs = (await readJson(request)).answerMs;
			return {};
		}
		if (service === 'reset') {
			for (const standIn of Object.values(standIns)) {
				standIn.reset();
				standIn.clearLog();
			}
			proxy.astray.length = 0;
			return {};
		}
		if (service === 'astray') return proxy.astray;
		const standIn = standIns[service];
		if (!standIn) throw new Error(`no stand-in ${service}`);
		if (action === 'state') return standIn.state;
		if (action === 'log') return standIn.log;
		if (action === 'fault') {
			const { status, method, path, times, bodyIncludes } = await readJson(request);
			const pattern = new RegExp(path);
			standIn.failNext(
				status,
				(entry) =>
					entry.method === method &&
					pattern.test(entry.path) &&
					(!bodyIncludes || JSON.stringify(entry.body ?? '').includes(bodyIncludes)),
				times,
			);
			return {};
		}
		if (action === 'add') {
			const { kind, record } = await readJson(request);
			standIn.add(kind, record);
			return {};
		}
		if (action === 'age') {
			standIn.age((await readJson(request)).minutes);
			return {};
		}
		if (action === 'update') {
			const { kind, id, properties } = await readJson(request);
			standIn.update(kind, id, properties);
			return {};
		}
		throw new Error(`no admin action ${action}`);
	};
}

async function main() {
	const standIns = createStandIns();
	const proxy = await startCrmProxy(Object.values(standIns));
	const model = createOpenAi({ token: TOKENS.openAi });
	const modelServer = http.createServer((request, response) =>
		model.handle(request, response).catch((error) => {
			response.writeHead(500, { 'content-type': 'application/json' });
			response.end(
				JSON.stringify({ error: { message: String(error.message), type: 'server_error' } }),
			);
		}),
	);
	await new Promise((resolve) => modelServer.listen(0, '127.0.0.1', resolve));
	const handle = adminHandler({ ...standIns, model }, proxy);
	const admin = http.createServer((request, response) => {
		handle(request).then(
			(body) => {
				response.writeHead(200, { 'content-type': 'application/json' });
				response.end(JSON.stringify(body));
			},
			(error) => {
				response.writeHead(400, { 'content-type': 'application/json' });
				response.end(JSON.stringify({ error: String(error.message) }));
			},
		);
	});
	await new Promise((resolve) => admin.listen(0, '127.0.0.1', resolve));
	const shutdown = async () => {
		admin.close();
		modelServer.close();
		await proxy.stop();
		process.exit(0);
	};
	process.on('SIGTERM', shutdown);
	process.on('SIGINT', shutdown);
	process.stdout.write(
		`${JSON.stringify({
			adminUrl: `http://127.0.0.1:${admin.address().port}`,
			modelUrl: `http://127.0.0.1:${modelServer.address().port}/v1`,
			env: proxy.env,
		})}\n`,
	);
}

main().catch((error) => {
	console.error(error.stack || error);
	process.exit(1);
});
