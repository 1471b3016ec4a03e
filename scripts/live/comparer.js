'use strict';
/**
 * Sends a request to the account and to the local sandbox and notes how the account's answer differs
 * from what the node and the sandbox assume (./expectations.js).
 */
const { Failure } = require('./report');
const { answerOf, ask } = require('./requests');

const compare = require('./compare');
const expect = require('./expectations');

const { briefAnswer } = compare;

/**
 * Sends a request to the account and the same one (or its `localPath` twin, for data only the
 * account has) to the sandbox, and notes how the account's answer differs. A write is never sent to
 * the account again: its `accountAnswer` is what the relay recorded for the node. Returns both
 * answers, `{ account, local }`, or undefined when a request failed (then that is a failed check).
 */
function comparer(ctx) {
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
		noteDifferences(account, local, options, (what) => report.difference(where, what));
		return { account, local };
	};
}

/** Each way the account's answer differs from the sandbox's and from what the node assumes, to `differ`. */
function noteDifferences(account, local, options, differ) {
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
		return;
	}
	if (options.storyList && account.status === expect.EMPTY_STORY_LIST.status) {
		if (account.json?.error !== expect.EMPTY_STORY_LIST.body.error) {
			differ(
				`account ${briefAnswer(account)} where the node and the sandbox expect ${expect.EMPTY_STORY_LIST.status} ${JSON.stringify(expect.EMPTY_STORY_LIST.body.error)} for no match`,
			);
		}
		return;
	}
	// A refusal of the maintainer's own IDs (a wrong version, a Draft story) is the node check's
	// failure, not drift: the sandbox's twin request names other data.
	if (options.ownData && account.status >= 400 && account.status < 500) return;
	if (account.status !== local.status) {
		differ(`account ${briefAnswer(account)} where the sandbox answers ${briefAnswer(local)}`);
		return;
	}
	if (account.json === undefined) {
		differ(`the account's answer is not JSON: ${briefAnswer(account)}`);
		return;
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
}

module.exports = { comparer };
