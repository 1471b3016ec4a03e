'use strict';
/**
 * The intercepting proxy that puts the CRM stand-ins where n8n's own nodes look for the services:
 * mockttp, with a CA of its own, answers the CONNECT tunnels n8n opens through HTTPS_PROXY for each
 * stand-in's hosts; any other host gets a 502 naming it, so a request that went astray fails the
 * run instead of reaching the internet. `env` is what n8n is started with: the proxy, the CA to
 * trust (NODE_EXTRA_CA_CERTS), and the sandbox and n8n itself (localhost) reached directly.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const mockttp = require('mockttp');

/** Reached without the proxy: the sandbox and n8n itself, and n8n's own services (its editor asks them). */
const DIRECT = 'localhost,127.0.0.1,::1,[::1],.n8n.io';

/** @param {Array<{ hosts: string[], handle: Function }>} standIns */
async function startCrmProxy(standIns) {
	const ca = await mockttp.generateCACertificate({ commonName: 'Storydoc e2e CRM stand-ins CA' });
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-crm-ca-'));
	const caFile = path.join(folder, 'ca.pem');
	fs.writeFileSync(caFile, ca.cert);
	const server = mockttp.getLocal({ https: ca });
	await server.start();
	const astray = [];
	for (const standIn of standIns) {
		for (const host of standIn.hosts)
			await server
				.forAnyRequest()
				.forHostname(host)
				.thenCallback((request) => standIn.handle(request));
	}
	await server.forUnmatchedRequest().thenCallback((request) => {
		astray.push(`${request.method} ${request.url}`);
		return { statusCode: 502, json: { message: `no stand-in answers for ${request.url}` } };
	});
	const proxyUrl = `http://127.0.0.1:${server.port}`;
	return {
		env: {
			HTTPS_PROXY: proxyUrl,
			HTTP_PROXY: proxyUrl,
			https_proxy: proxyUrl,
			http_proxy: proxyUrl,
			NO_PROXY: DIRECT,
			no_proxy: DIRECT,
			NODE_EXTRA_CA_CERTS: caFile,
		},
		/** Requests for hosts no stand-in answers (the proxy answered them 502). */
		astray,
		async stop() {
			await server.stop();
			fs.rmSync(folder, { recursive: true, force: true });
		},
	};
}

module.exports = { startCrmProxy };
