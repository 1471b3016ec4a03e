'use strict';
/**
 * One `n8n start` for several trigger scenarios of a file, side by side: each scenario is a tenant
 * with its own API sandbox, its own credentials (IDs of its own, pointing at its sandbox) and its own
 * workflows, so each checks only its own sandbox's log. The scenarios are written for `useApp` and
 * run unchanged: a tenant has its methods, with `start`, `restart` and `running.stop()` agreed with
 * the other tenants (e2e/harness/startGroup.js). n8n's CLI runs one command at a time on the shared
 * user folder. docs/development.md › The real-app scenarios › One n8n for the poll scenarios.
 */
const { startSandbox, sandboxClient } = require('../../scripts/lib/sandbox');
const { CREDENTIALS } = require('./credentials');
const { createStartGroup } = require('./startGroup');
const { useApp } = require('./useApp');

/**
 * @param {string[]} names the tenants, one per scenario
 * @param {{ extraEnv?: object }} [options] as useApp's
 */
function useSharedApp(names, options = {}) {
	const base = useApp(options);
	const tenants = new Map();
	const group = createStartGroup(names, () => base.start());
	let cliQueue = Promise.resolve();
	/** One CLI command at a time: concurrent imports on one SQLite database fail. */
	const serial = (work) => {
		const next = cliQueue.then(work, work);
		cliQueue = next.catch(() => undefined);
		return next;
	};

	beforeAll(async () => {
		for (const [index, name] of names.entries()) {
			// The first tenant uses useApp's sandbox and credential IDs; the others get their own.
			const own = index === 0 ? { sandbox: base.sandbox, url: base.url } : await startSandbox();
			tenants.set(
				name,
				tenantOf({ base, group, serial, name, suffix: index ? index + 1 : '' }, own),
			);
		}
	});
	afterAll(async () => {
		for (const name of names.slice(1)) await tenants.get(name)?.sandbox.close();
	});

	let runs;
	/**
	 * Runs each tenant's scenario (`scenarios[name](tenant)`) side by side, once; a tenant leaves when
	 * its scenario ends, passed or failed. One promise per tenant, for its tests to await.
	 */
	function runSideBySide(scenarios) {
		runs ??= Object.fromEntries(
			names.map((name) => {
				const run = Promise.resolve()
					.then(() => scenarios[name](tenants.get(name)))
					.finally(() => group.leave(name));
				run.catch(() => undefined);
				return [name, run];
			}),
		);
		return runs;
	}

	return { base, runSideBySide };
}

/** A scenario's view of the shared app: useApp's methods on its own sandbox and credentials. */
function tenantOf({ base, group, serial, name, suffix }, { sandbox, url }) {
	const idOf = (role) => `${CREDENTIALS[role].id}${suffix}`;
	const retarget = (workflows) =>
		workflows.map((workflow) => {
			const copy = structuredClone(workflow);
			for (const node of copy.nodes ?? []) {
				const ref = node.credentials?.storydocApi;
				const role = Object.keys(CREDENTIALS).find((key) => CREDENTIALS[key].id === ref?.id);
				if (role) node.credentials.storydocApi = { id: idOf(role), name: `${ref.name}${suffix}` };
			}
			return copy;
		});
	const credential = (role) => ({
		id: idOf(role),
		name: `${CREDENTIALS[role].name}${suffix}`,
		type: 'storydocApi',
		data: { accessToken: base.tokens()[role], baseUrl: url },
	});
	return {
		...base,
		sandbox,
		url,
		client: sandboxClient(url, sandbox.tokens.team),
		cli: {
			...base.cli,
			importWorkflows: (workflows) => serial(() => base.cli.importWorkflows(retarget(workflows))),
			importAndActivate: (workflows) =>
				serial(() => base.cli.importAndActivate(retarget(workflows))),
			execute: (id) => serial(() => base.cli.execute(id)),
		},
		importCredentials: (roles) => serial(() => base.cli.importCredentials(roles.map(credential))),
		start: ({ beforeStart } = {}) => group.arrive('start', name, { beforeStart }),
		restart: (_running, whileDown) => group.arrive('restart', name, { whileDown }),
	};
}

module.exports = { useSharedApp };
