#!/usr/bin/env node
'use strict';
/**
 * `npm run test:live`: an opt-in check of the built node against a REAL Storydoc account, for a
 * maintainer before a release (never in CI). Every operation runs the built package through n8n's
 * engine (test/harness/n8n.ts, as the tests do), and the same requests go, as plain HTTP, to the
 * account and to a local sandbox (sandbox/) started in this process: every way the account's answers
 * differ from what the node and the sandbox assume (./expectations.js) is listed, so drift shows up
 * here rather than as a user's bug.
 *
 * Read-only unless both STORYDOC_LIVE_STORY and STORYDOC_LIVE_SENDER are given: then it creates ONE
 * version of that story and updates it once (the version stays in the account).
 *
 * Environment:
 *   STORYDOC_API_KEY       the account's API key (required: without it nothing is checked, exit 0)
 *   STORYDOC_BASE_URL      the API's address (default https://api.storydoc.com)
 *   STORYDOC_LIVE_VERSION  a version ID: Version › Get, and its addresses in the "By URL" mode
 *   STORYDOC_LIVE_STORY    a Live story ID   } both: Version › Create of that story with that
 *   STORYDOC_LIVE_SENDER   a sender's email  } sender, then Version › Update of the new version
 *
 * Prints one line per check (✓ / ✗ / – skipped), the differences (≠), and a closing count; exits 0
 * when every check passed and nothing differed, 1 otherwise. The key is never printed.
 */
const NO_KEY =
	'test:live: STORYDOC_API_KEY is not set, so nothing was checked (this check needs a real Storydoc account; see docs/development.md › Releasing)';

/** Addresses printed as another: the relay's as the account's, whose requests it carries. */
const aliases = [];

/** Anything printed goes through here: the key never reaches the output, even inside an error. */
function redact(text) {
	const key = process.env.STORYDOC_API_KEY;
	let out = key ? String(text).split(key).join('[access token]') : String(text);
	for (const [from, to] of aliases) out = out.split(from).join(to);
	return out;
}
const say = (line = '') => console.log(redact(line));

/** A check's failure, in words for the report. */
class Failure extends Error {}

const { DAY_MS } = require('../../sandbox/dates');
const ANALYTICS_DAYS = 7;
const ANALYTICS_LIMIT = 3;

async function main() {
	const { isBuilt, loadEngine } = require('../engine');
	const config = {
		token: process.env.STORYDOC_API_KEY,
		baseUrl: (process.env.STORYDOC_BASE_URL || 'https://api.storydoc.com')
			.trim()
			.replace(/\/+$/, ''),
		version: process.env.STORYDOC_LIVE_VERSION?.trim() || undefined,
		story: process.env.STORYDOC_LIVE_STORY?.trim() || undefined,
		sender: process.env.STORYDOC_LIVE_SENDER?.trim() || undefined,
	};
	if (!isBuilt()) {
		say('test:live: dist/ is missing: run it as `npm run test:live`, which builds first');
		process.exitCode = 1;
		return;
	}

	const { credentialsFor, runWorkflow, storydocWorkflow } = loadEngine();
	const { SEED } = require('../../sandbox/seed');
	const { startSandbox } = require('../examples');
	const { startRelay } = require('./relay');

	const { sandbox, url: sandboxUrl } = await startSandbox();
	const relay = await startRelay(config.baseUrl);
	aliases.push([relay.url, config.baseUrl]);
	const report = createReport();
	say(`test:live: the built node against ${config.baseUrl}, compared with the local sandbox`);
	try {
		await runChecks({
			config,
			report,
			SEED,
			account: { url: config.baseUrl, token: config.token },
			local: { url: sandboxUrl, token: sandbox.tokens.team },
			relay,
			/** Runs Manual → (input items) → Storydoc; an error the workflow throws is returned as its error. */
			async node(parameters, items) {
				relay.records.length = 0;
				const credentials = credentialsFor({ baseUrl: relay.url, token: config.token });
				const { outputs, error } = await runWorkflow(storydocWorkflow(parameters, { items }), {
					credentials,
				}).catch((thrown) => ({ outputs: {}, error: thrown }));
				return {
					items: (outputs.Storydoc ?? []).map((item) => item.json),
					error,
					requests: [...relay.records],
				};
			},
		});
	} finally {
		await relay.close();
		await sandbox.close();
	}
	process.exitCode = report.finish();
}

/** The report: check lines as they happen, then the differences and the count. */
function createReport() {
	const counts = { passed: 0, failed: 0 };
	/** Difference → the requests it was seen in, in order of first sight. */
	const differences = new Map();
	return {
		/** Runs one check: its function returns the detail, `{ skipped }`, or throws (a Failure says why). */
		async check(label, body) {
			try {
				const detail = await body();
				if (detail?.skipped) return this.skip(`${label}: ${detail.skipped}`);
				counts.passed++;
				say(`✓ ${label}${detail ? `: ${detail}` : ''}`);
			} catch (error) {
				counts.failed++;
				const why = error instanceof Failure ? error.message : `${error?.name}: ${error?.message}`;
				say(`✗ ${label}: ${why}`);
			}
		},
		skip(text) {
			say(`– skipped: ${text}`);
		},
		difference(where, what) {
			if (!differences.has(what)) differences.set(what, new Set());
			differences.get(what).add(where);
		},
		finish() {
			say('');
			if (differences.size) {
				say('Differences between the account and what the node and the sandbox assume:');
				for (const [what, where] of differences) say(`≠ ${[...where].join(', ')}: ${what}`);
			} else {
				say('No difference between the account and what the node and the sandbox assume.');
			}
			say(
				`live: ${counts.passed} checks passed, ${counts.failed} failed, ${differences.size} differences`,
			);
			return counts.failed || differences.size ? 1 : 0;
		},
	};
}

/** One request with a key, as plain HTTP: status, headers, text and the JSON (undefined if none). */
async function ask({ url, token }, method, path, body) {
	const response = await fetch(`${url}${path}`, {
		method,
		headers: {
			Authorization: `Bearer ${token}`,
			Accept: 'application/json',
			...(body ? { 'Content-Type': 'application/json' } : {}),
		},
		body: body ? JSON.stringify(body) : undefined,
		signal: AbortSignal.timeout(60_000),
	});
	return answerOf(response.status, Object.fromEntries(response.headers), await response.text());
}

function answerOf(status, headers, text) {
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status, headers, text, json };
}

/** The node's error, as it would show it: message and description (never the request). */
function nodeError(error) {
	const http = /^\d{3}$/.test(error.httpCode ?? '') ? ` (HTTP ${error.httpCode})` : '';
	const text = `${error.message}${http}${error.description ? `: ${error.description}` : ''}`;
	return text.replace(/\s*\n\s*/g, ' ');
}

/** The items of a node run, or its error as a Failure. */
function itemsOf(run) {
	if (run.error) throw new Failure(nodeError(run.error));
	return run.items;
}

const locator = (value, mode = 'id') => ({ __rl: true, mode, value });
const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;
const requestLines = (requests) =>
	requests.map((request) => `${request.method} ${request.path.split('?')[0]}`);

async function runChecks(ctx) {
	const { report } = ctx;
	const { briefAnswer } = require('./compare');
	const compare = comparer(ctx);

	// First a plain request: when nothing answers, or the key is refused, one line says so.
	let opening;
	try {
		opening = await ask(ctx.account, 'GET', '/v2/account');
	} catch (error) {
		opening = {
			error: `${error.message} (${error.cause?.code ?? error.cause?.message ?? error.name})`,
		};
	}
	if (opening.error || opening.status === 401 || opening.status === 403) {
		const why = opening.error ?? `it refused STORYDOC_API_KEY: ${briefAnswer(opening)}`;
		await report.check(`the account at ${ctx.config.baseUrl}`, () => {
			throw new Failure(why);
		});
		report.skip('every other check: the account has to answer first');
		return;
	}
	await compare('GET /v2/account', { kind: 'account', accountAnswer: opening });
	await report.check('Account › Get', async () => {
		const [account] = itemsOf(await ctx.node({ resource: 'account', operation: 'get' }));
		if (!account) throw new Failure('no item');
		return `${JSON.stringify(account.title)} (organization ${account.orgId})`;
	});

	// Story › Get Many without a status, then with each: the node's count must be the API's.
	let stories = [];
	for (const status of [undefined, 'Live', 'Draft', 'Archived']) {
		const path = status ? `/v2/stories?status=${status}` : '/v2/stories';
		const direct = await compare(`GET ${path}`, { storyList: true, kind: 'story' });
		await report.check(
			status ? `Story › Get Many, Status ${status}` : 'Story › Get Many',
			async () => {
				const filters = status ? { filters: { status } } : {};
				const items = itemsOf(
					await ctx.node({ resource: 'story', operation: 'getAll', returnAll: true, ...filters }),
				);
				const other = items.find((story) => status && story.status !== status);
				if (other) throw new Failure(`story ${other.id} is ${other.status}`);
				const answer = direct?.account;
				const listed = Array.isArray(answer?.json)
					? answer.json.length
					: answer?.status === 404
						? 0
						: undefined;
				if (listed !== undefined && items.length !== listed) {
					throw new Failure(`${items.length} items where the account's own answer lists ${listed}`);
				}
				if (!status) stories = items;
				return plural(items.length, 'story', 'stories');
			},
		);
	}

	const first = stories[0];
	if (!first) report.skip('Story › Get: the account lists no story');
	else {
		await report.check(`Story › Get ${first.id} (the first listed)`, async () => {
			const [story] = itemsOf(
				await ctx.node({ resource: 'story', operation: 'get', storyId: locator(first.id) }),
			);
			if (story?.id !== first.id) throw new Failure(`the item is story ${story?.id}`);
			const variables = Object.values(story.dynamicVariables ?? {});
			const types = [...new Set(variables.map((variable) => variable?.type))].join(', ');
			return (
				`"${story.title}", ${plural(variables.length, 'variable', 'variables')}` +
				`${types ? ` (${types})` : ''}, ${plural((story.repeatables ?? []).length, 'repeatable group', 'repeatable groups')}`
			);
		});
		await compare(`GET /v2/stories/${first.id}`, {
			localPath: `/v2/stories/${ctx.SEED.stories.proposal.id}`,
			kind: 'story',
			ownData: true,
			variableTypes: true,
		});
	}

	await checkAnalytics(ctx, compare);
	await checkVersion(ctx, compare);
	await checkWrites(ctx, compare);
}

/** Analytics › Get Events over the last days, a few events; a plan without analytics is a skip. */
async function checkAnalytics(ctx, compare) {
	const { report } = ctx;
	const to = new Date();
	const from = new Date(to.getTime() - ANALYTICS_DAYS * DAY_MS);
	const { ANALYTICS_PLAN_REFUSAL } = require('./expectations');
	const label = `Analytics › Get Events, last ${ANALYTICS_DAYS} days, Limit ${ANALYTICS_LIMIT}`;
	let noPlan = false;
	await report.check(label, async () => {
		const run = await ctx.node({
			resource: 'analytics',
			operation: 'getEvents',
			dateFrom: from.toISOString(),
			dateTo: to.toISOString(),
			returnAll: false,
			limit: ANALYTICS_LIMIT,
		});
		noPlan = run.requests.some(
			(request) =>
				request.status === ANALYTICS_PLAN_REFUSAL.status &&
				answerOf(request.status, {}, request.text).json?.error === ANALYTICS_PLAN_REFUSAL.error,
		);
		if (noPlan) return { skipped: `the plan has no analytics (${ANALYTICS_PLAN_REFUSAL.error})` };
		const events = itemsOf(run);
		if (events.length > ANALYTICS_LIMIT) {
			throw new Failure(`${events.length} events, more than the Limit`);
		}
		const missing = events.find((event) => typeof event?.eventId !== 'string');
		if (missing) {
			throw new Failure(`an item without eventId: ${JSON.stringify(missing).slice(0, 80)}`);
		}
		return `${plural(events.length, 'event', 'events')}, ${plural(run.requests.length, 'request', 'requests')}`;
	});
	if (noPlan) return;
	const query = new URLSearchParams({
		dateFrom: from.toISOString(),
		dateTo: to.toISOString(),
		page: '1',
	});
	await compare(`GET /v2/analytics/events?${query}`, {
		label: `GET /v2/analytics/events (last ${ANALYTICS_DAYS} days, page 1)`,
		kind: 'events',
	});
}

/** Version › Get of STORYDOC_LIVE_VERSION, then its four addresses in the "By URL" mode. */
async function checkVersion(ctx, compare) {
	const { report, config } = ctx;
	const { PUBLIC_LINK_REFUSAL } = require('./expectations');
	if (!config.version) {
		report.skip(
			'Version › Get and its addresses: set STORYDOC_LIVE_VERSION to a version ID to check them',
		);
		return;
	}
	const id = config.version;
	let version;
	await report.check(`Version › Get ${id}`, async () => {
		[version] = itemsOf(
			await ctx.node({ resource: 'version', operation: 'get', versionId: locator(id) }),
		);
		if (version?.id !== id) throw new Failure(`the item is version ${version?.id}`);
		return `"${version.title}" (${version.status}), story ${version.storyId}`;
	});
	await compare(`GET /v2/versions/${encodeURIComponent(id)}`, {
		localPath: `/v2/versions/${ctx.SEED.versions.live.id}`,
		kind: 'version',
		ownData: true,
	});
	if (!version) {
		report.skip('Version › Get By URL: Version › Get gave no version to take the addresses from');
		return;
	}
	const get = (address, items) =>
		ctx.node({ resource: 'version', operation: 'get', versionId: locator(address, 'url') }, items);

	// editorUrl and versionUrl carry the version ID: the same version, with the same one request.
	for (const form of ['editorUrl', 'versionUrl']) {
		await report.check(`Version › Get By URL, its ${form}`, async () => {
			if (typeof version[form] !== 'string') return { skipped: `the version has no ${form}` };
			const run = await get(version[form]);
			const [item] = itemsOf(run);
			if (item?.id !== id) throw new Failure(`${version[form]} named version ${item?.id}`);
			const sent = requestLines(run.requests);
			if (sent.join() !== `GET /v2/versions/${id}`) {
				throw new Failure(`it sent ${sent.join(', ') || 'nothing'}`);
			}
			return 'the same version as by ID';
		});
	}
	// The public links carry no ID: refused before any request, pasted and from an expression.
	for (const form of ['url', 'shortUrl']) {
		await report.check(`Version › Get By URL, its ${form}`, async () => {
			const address = version[form];
			if (typeof address !== 'string') {
				return { skipped: `the version has no ${form} (its link is off: ${version.status})` };
			}
			const ways = [
				['pasted', await get(address), PUBLIC_LINK_REFUSAL.pasted],
				[
					'from an expression',
					await get('={{ $json.address }}', [{ address }]),
					PUBLIC_LINK_REFUSAL.expression,
				],
			];
			for (const [way, run, refusal] of ways) {
				if (!run.error) throw new Failure(`${way}, ${address} was taken for a version address`);
				if (!refusal.test(run.error.message)) throw new Failure(`${way}: ${nodeError(run.error)}`);
				if (run.requests.length) {
					throw new Failure(`${way}, refused after ${requestLines(run.requests).join(', ')}`);
				}
			}
			return 'refused before any request, pasted and from an expression (a public link carries no ID)';
		});
	}
}

/** The only writes, when both are given: one Version › Create, one Version › Update of it. */
async function checkWrites(ctx, compare) {
	const { report, config, SEED } = ctx;
	if (!config.story || !config.sender) {
		const missing = ['STORYDOC_LIVE_STORY', 'STORYDOC_LIVE_SENDER'].filter(
			(name) => !process.env[name]?.trim(),
		);
		report.skip(
			`Version › Create and Update (the only writes): set ${missing.join(' and ')} to create one version and update it`,
		);
		return;
	}
	const title = `n8n-nodes-storydoc live check ${new Date().toISOString()}`;
	const fields = (answer) =>
		['versionId', 'url', 'shortUrl', 'editorUrl', 'versionUrl']
			.filter((key) => key in (answer ?? {}))
			.map((key) => `${key} ${answer[key]}`)
			.join(', ');
	const writeOf = (run, method, path) =>
		run.requests.find(
			(request) => request.method === method && request.path.split('?')[0] === path,
		);

	let created;
	let createAnswer;
	await report.check(`Version › Create of story ${config.story}`, async () => {
		const run = await ctx.node({
			resource: 'version',
			operation: 'create',
			storyId: locator(config.story),
			senderEmail: config.sender,
			title,
		});
		createAnswer = writeOf(run, 'POST', '/v2/versions');
		[created] = itemsOf(run);
		if (typeof created?.versionId !== 'string') {
			throw new Failure(`no versionId in ${JSON.stringify(created)}`);
		}
		return `"${title}": ${fields(created)} (the version stays in the account)`;
	});
	const localStory = SEED.stories.proposal.id;
	const localSender = SEED.users.sam.email;
	let localCreated;
	if (createAnswer) {
		localCreated = await compare('POST /v2/versions', {
			accountAnswer: createAnswer,
			localBody: { storyId: localStory, senderEmail: localSender, data: { title } },
			kind: 'versionResult',
			ownData: true,
			known: { storyId: config.story },
		});
	}
	if (!created) {
		report.skip('Version › Update: Version › Create made no version to update');
		return;
	}

	const id = created.versionId;
	const newTitle = `${title} (updated)`;
	let updateAnswer;
	await report.check(`Version › Update of ${id}`, async () => {
		const run = await ctx.node({
			resource: 'version',
			operation: 'update',
			versionId: locator(id),
			senderEmail: config.sender,
			title: newTitle,
		});
		updateAnswer = writeOf(run, 'POST', `/v2/versions/${id}`);
		const [updated] = itemsOf(run);
		if (updated?.versionId !== id) {
			throw new Failure(`the item names version ${updated?.versionId}`);
		}
		const raw = updateAnswer
			? answerOf(updateAnswer.status, {}, updateAnswer.text).json
			: undefined;
		const added =
			raw && !('versionId' in raw) ? ' (the answer has no versionId: the node added it)' : '';
		return `"${newTitle}": ${fields(raw ?? updated)}${added}`;
	});
	const localId = localCreated?.local.json?.versionId;
	if (updateAnswer && localId) {
		await compare(`POST /v2/versions/${id}`, {
			accountAnswer: updateAnswer,
			localPath: `/v2/versions/${localId}`,
			localBody: { senderEmail: localSender, data: { title: newTitle } },
			kind: 'versionResult',
			ownData: true,
			known: { storyId: config.story, versionId: id },
			update: true,
		});
	}
}

/**
 * Sends a request to the account and the same one (or its `localPath` twin, for data only the
 * account has) to the sandbox, and notes how the account's answer differs. A write is never sent to
 * the account again: its `accountAnswer` is what the relay recorded for the node. Returns both
 * answers, `{ account, local }`, or undefined when a request failed (then that is a failed check).
 */
function comparer(ctx) {
	const compare = require('./compare');
	const { briefAnswer } = compare;
	const expect = require('./expectations');
	const { report } = ctx;
	return async function compareRequest(request, options = {}) {
		const [method, path] = request.split(' ');
		const where = options.label ?? request;
		let account;
		let local;
		try {
			account = options.accountAnswer
				? answerOf(
						options.accountAnswer.status,
						options.accountAnswer.headers,
						options.accountAnswer.text,
					)
				: await ask(ctx.account, method, path);
			local = await ask(ctx.local, method, options.localPath ?? path, options.localBody);
		} catch (error) {
			const cause = error.cause?.code ?? error.cause?.message ?? error.name;
			await report.check(`${where} (the request itself)`, () => {
				throw new Failure(`${error.message} (${cause})`);
			});
			return undefined;
		}
		const differ = (what) => report.difference(where, what);
		for (const what of compare.headerDifferences(account.headers, local.headers)) differ(what);

		if (
			options.storyList &&
			account.status === 200 &&
			Array.isArray(account.json) &&
			!account.json.length
		) {
			const empty = expect.EMPTY_STORY_LIST;
			differ(
				`account 200 [] where the node and the sandbox expect ${empty.status} ${JSON.stringify(empty.body.error)}`,
			);
			return { account, local };
		}
		if (options.storyList && account.status === expect.EMPTY_STORY_LIST.status) {
			if (account.json?.error !== expect.EMPTY_STORY_LIST.body.error) {
				differ(
					`account ${briefAnswer(account)} where the node and the sandbox expect ${expect.EMPTY_STORY_LIST.status} ${JSON.stringify(expect.EMPTY_STORY_LIST.body.error)} for no match`,
				);
			}
			return { account, local };
		}
		// A refusal of the maintainer's own IDs (a wrong version, a Draft story) is the node check's
		// failure, not drift: the sandbox's twin request names other data.
		if (options.ownData && account.status >= 400 && account.status < 500) return { account, local };
		if (account.status !== local.status) {
			differ(`account ${briefAnswer(account)} where the sandbox answers ${briefAnswer(local)}`);
			return { account, local };
		}
		if (account.json === undefined) {
			differ(`the account's answer is not JSON: ${briefAnswer(account)}`);
			return { account, local };
		}

		const kind = options.kind;
		const shapeOptions = {
			nested: expect.NESTED[kind] ?? [],
			// The update answer's versionId has its own rule below.
			ignore: options.update ? ['versionId'] : [],
		};
		for (const what of compare.shapeDifferences(account.json, local.json, shapeOptions)) {
			differ(what);
		}
		const fieldKind = kind === 'events' ? 'event' : kind;
		const records = kind === 'events' ? account.json?.data : account.json;
		if (fieldKind) {
			for (const what of compare.fieldDifferences(records, fieldKind, options.known)) differ(what);
		}
		if (account.status >= 400) {
			for (const what of compare.fieldDifferences(account.json, 'error')) differ(what);
		}
		if (options.variableTypes) {
			for (const { type, variables } of compare.unknownVariableTypes(account.json)) {
				differ(
					`variable type ${JSON.stringify(type)} (${variables.join(', ')}), which the node does not know: it sends the value as text`,
				);
			}
		}
		if (options.update && account.status < 300) {
			const has = 'versionId' in (account.json ?? {});
			if (has !== expect.UPDATE_ANSWER_HAS_VERSION_ID) {
				differ(
					has
						? 'the update answer has versionId, which the node and the sandbox expect only in the create answer'
						: 'the update answer has no versionId, which the node and the sandbox expect in it',
				);
			}
		}
		return { account, local };
	};
}

// Without a key, nothing else loads: no engine, no sandbox.
if (!process.env.STORYDOC_API_KEY) console.log(NO_KEY);
else
	main().catch((error) => {
		console.log(`test:live: stopped: ${redact(error?.message ?? String(error))}`);
		process.exitCode = 1;
	});
