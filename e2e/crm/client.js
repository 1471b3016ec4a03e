'use strict';
/**
 * Starts the CRM stand-ins' process (server.js) and talks to its admin API: `env` for n8n (the
 * proxy and its CA), and per service its state, its request log, faults to place, records to add.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');
const readline = require('node:readline');

async function startCrm() {
	const child = spawn(process.execPath, [path.join(__dirname, 'server.js')], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const lines = readline.createInterface({ input: child.stdout });
	const ready = await new Promise((resolve, reject) => {
		child.once('exit', (code) =>
			reject(new Error(`the CRM stand-ins exited ${code} before they were ready`)),
		);
		lines.once('line', (line) => resolve(JSON.parse(line)));
	});
	const call = async (method, adminPath, body) => {
		const response = await fetch(`${ready.adminUrl}/__crm/${adminPath}`, {
			method,
			headers: body ? { 'content-type': 'application/json' } : undefined,
			body: body ? JSON.stringify(body) : undefined,
		});
		const answer = await response.json();
		if (!response.ok) throw new Error(`CRM stand-ins: ${method} ${adminPath}: ${answer.error}`);
		return answer;
	};
	const service = (name) => ({
		state: () => call('GET', `${name}/state`),
		log: () => call('GET', `${name}/log`),
		/**
		 * The next `times` requests of `method` on a path matching `path` (a RegExp source), and whose
		 * body holds `bodyIncludes` when given, get `status`.
		 */
		failNext: (status, method, pathPattern, times = 1, bodyIncludes = undefined) =>
			call('POST', `${name}/fault`, { status, method, path: pathPattern, times, bodyIncludes }),
		add: (kind, record) => call('POST', `${name}/add`, { kind, record }),
		/** HubSpot: a record changed by someone else (a seller editing a deal or a contact). */
		update: (kind, id, properties) => call('POST', `${name}/update`, { kind, id, properties }),
		/** HubSpot: every record's last change moved `minutes` back, as if that much time had passed. */
		age: (minutes) => call('POST', `${name}/age`, { minutes }),
	});
	return {
		env: ready.env,
		/** The stand-in model's Base URL (an OpenAI credential's `url`). */
		modelUrl: ready.modelUrl,
		hubspot: service('hubspot'),
		slack: service('slack'),
		salesforce: service('salesforce'),
		pipedrive: service('pipedrive'),
		googleSheets: service('googleSheets'),
		quickChart: service('quickChart'),
		gmail: service('gmail'),
		model: {
			...service('model'),
			/** Every later answer waits this long first, as a real model's does. */
			answerAfter: (answerMs) => call('POST', 'model/answerMs', { answerMs }),
		},
		reset: () => call('POST', 'reset'),
		astray: () => call('GET', 'astray'),
		stop: () =>
			new Promise((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', resolve);
				child.kill('SIGTERM');
			}),
	};
}

module.exports = { startCrm };
