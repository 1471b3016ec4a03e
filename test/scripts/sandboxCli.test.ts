/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- tests run in Node, not in n8n's node sandbox, and run the script as a child process */
/**
 * `npm run sandbox` (sandbox/cli.js): the sandbox alone on the port asked for, printing its tokens
 * and each request it answers, until Ctrl+C.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

import { SEED } from '../../sandbox/seed';

const ROOT = path.resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

test('npm run sandbox: listens on the port given, prints the main token and each request, stops on Ctrl+C', async () => {
	const port = await freePort();
	const cli = spawn(process.execPath, [path.join('sandbox', 'cli.js'), '--port', String(port)], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	cli.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
	cli.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
	const exited = new Promise<number | null>((resolve) => cli.on('exit', resolve));
	/** Until the output matches, or the CLI has exited: no deadline of its own but jest's timeout. */
	const printed = (pattern: RegExp) =>
		Promise.race([
			exited,
			new Promise<void>((resolve) => {
				const check = () => {
					if (pattern.test(output)) resolve();
				};
				check();
				cli.stdout.on('data', check);
				cli.stderr.on('data', check);
			}),
		]);
	try {
		const url = `http://127.0.0.1:${port}`;
		await printed(/Ctrl-C to stop/);
		expect(output).toContain(`listening on ${url}`);
		expect(output).toContain(`Base URL ${url}, Access Token ${SEED.tokens.team}`);
		const response = await fetch(`${url}/v2/account`, {
			headers: { authorization: `Bearer ${SEED.tokens.team}` },
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ orgId: SEED.org.id, title: SEED.org.title });
		const requestLine = /GET \/v2\/account {2}200 {2}\(team\)/;
		await printed(requestLine);
		expect(output).toMatch(requestLine);
	} finally {
		cli.kill('SIGINT');
	}
	expect(await exited).toBe(0);
});
