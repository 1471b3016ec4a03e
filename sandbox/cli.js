#!/usr/bin/env node
'use strict';
/**
 * `npm run sandbox`: the Storydoc API sandbox on 127.0.0.1 until Ctrl-C, for trying the node in n8n
 * without a Storydoc account.
 *
 *   node sandbox/cli.js [--port N] [--events N] [--latency MS] [--rate-limit N] [--generate-delay MS]
 *
 * --generate-delay makes Story › Generate take as long as a real one (30 to 90 s, e.g. 45000).
 *
 * The port defaults to $SANDBOX_PORT, then 5680. Each API request is printed as it is answered.
 */
const { createSandbox } = require('./server');
const { API_KEYS, TOKENS } = require('./seed');

const FLAGS = {
	'--port': 'port',
	'--events': 'events',
	'--latency': 'latencyMs',
	'--rate-limit': 'rateLimitMax',
	'--generate-delay': 'generateDelayMs',
};

/** @param {string[]} args */
function parseArgs(args) {
	const parsed = {};
	for (let index = 0; index < args.length; index++) {
		const [flag, inlineValue] = args[index].split('=', 2);
		const name = FLAGS[flag];
		if (!name) throw new Error(`unknown option ${flag}; options: ${Object.keys(FLAGS).join(', ')}`);
		const text = inlineValue ?? args[++index];
		const value = Number(text);
		if (!Number.isInteger(value) || value < 0)
			throw new Error(`${flag} needs a whole number, got ${text}`);
		parsed[name] = value;
	}
	return parsed;
}

async function main() {
	const args = parseArgs(process.argv.slice(2));
	const port = args.port ?? Number(process.env.SANDBOX_PORT || 5680);
	const sandbox = createSandbox({
		events: args.events,
		latencyMs: args.latencyMs,
		generateDelayMs: args.generateDelayMs,
		rateLimit: args.rateLimitMax === undefined ? undefined : { max: args.rateLimitMax },
		onRequest: (record) =>
			console.log(
				`${record.time}  ${record.method} ${record.path}  ${record.status ?? record.fault}  (${record.token ?? 'no known token'})`,
			),
	});
	const url = await sandbox.start(port, '127.0.0.1');
	const nameWidth = Math.max(...Object.keys(TOKENS).map((name) => name.length));
	const tokenWidth = Math.max(...Object.values(TOKENS).map((token) => token.length));
	const line = (name) =>
		`  ${name.padEnd(nameWidth)}  ${TOKENS[name].padEnd(tokenWidth)}  ${API_KEYS[name].description}`;
	console.log(`Storydoc API sandbox (seeded organization "Acme Sales") listening on ${url}`);
	console.log('Main access token:');
	console.log(line('team'));
	console.log(
		'Other tokens, each showing one behaviour of the API (Authorization: Bearer <token>):',
	);
	for (const name of Object.keys(TOKENS)) if (name !== 'team') console.log(line(name));
	console.log(`In n8n: Storydoc credential → Base URL ${url}, Access Token ${TOKENS.team}`);
	console.log('Admin endpoints under /__sandbox/ (see sandbox/README.md). Ctrl-C to stop.');

	const stop = async () => {
		await sandbox.close();
		process.exit(0);
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error) => {
	console.error(`sandbox: ${error.message}`);
	process.exit(1);
});
