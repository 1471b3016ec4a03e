'use strict';
/**
 * The live check's version checks: Version › Get of STORYDOC_LIVE_VERSION and its addresses in the
 * "By URL" mode, and the only writes, one Version › Create and one Version › Update of it, when
 * STORYDOC_LIVE_STORY and STORYDOC_LIVE_SENDER are both given.
 */
const { Failure } = require('./report');
const { answerOf, itemsOf, locator, nodeError, requestLines } = require('./requests');

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
	const { report, config } = ctx;
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
	const { created, localCreated } = await checkCreate(ctx, compare, title);
	if (!created) {
		report.skip('Version › Update: Version › Create made no version to update');
		return;
	}
	await checkUpdate(ctx, compare, { id: created.versionId, title, localCreated });
}

/** The addresses of a create or update answer, for the report. */
const fields = (answer) =>
	['versionId', 'url', 'shortUrl', 'editorUrl', 'versionUrl']
		.filter((key) => key in (answer ?? {}))
		.map((key) => `${key} ${answer[key]}`)
		.join(', ');
/** The write the relay recorded in a node run. */
const writeOf = (run, method, path) =>
	run.requests.find((request) => request.method === method && request.path.split('?')[0] === path);

async function checkCreate(ctx, compare, title) {
	const { report, config, SEED } = ctx;
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
	let localCreated;
	if (createAnswer) {
		localCreated = await compare('POST /v2/versions', {
			accountAnswer: createAnswer,
			localBody: {
				storyId: SEED.stories.proposal.id,
				senderEmail: SEED.users.sam.email,
				data: { title },
			},
			kind: 'versionResult',
			ownData: true,
			known: { storyId: config.story },
		});
	}
	return { created, localCreated };
}

async function checkUpdate(ctx, compare, { id, title, localCreated }) {
	const { report, config, SEED } = ctx;
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
			localBody: { senderEmail: SEED.users.sam.email, data: { title: newTitle } },
			kind: 'versionResult',
			ownData: true,
			known: { storyId: config.story, versionId: id },
			update: true,
		});
	}
}

module.exports = { checkVersion, checkWrites };
