'use strict';
/**
 * The live check's checks, in order: the account, the story lists, the first story, analytics, then
 * (when given) a version by ID and by its addresses, and the only writes (versionChecks.js). `ctx`:
 * the config, the report, the seed, both ends (`account`, `local`), the relay, and `node` (a run
 * of the built node against the account through the relay).
 */
const { DAY_MS } = require('../../sandbox/dates');
const { comparer } = require('./comparer');
const { Failure, plural } = require('./report');
const { ask, answerOf, itemsOf, locator } = require('./requests');
const { checkVersion, checkWrites } = require('./versionChecks');

const ANALYTICS_DAYS = 7;
const ANALYTICS_LIMIT = 3;

async function runChecks(ctx) {
	const compare = comparer(ctx);
	if (!(await checkAccount(ctx, compare))) return;
	const stories = await checkStoryLists(ctx, compare);
	await checkFirstStory(ctx, compare, stories[0]);
	await checkAnalytics(ctx, compare);
	await checkVersion(ctx, compare);
	await checkWrites(ctx, compare);
}

/** First a plain request: when nothing answers, or the key is refused, one line says so (false). */
async function checkAccount(ctx, compare) {
	const { report } = ctx;
	const { briefAnswer } = require('./compare');
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
		return false;
	}
	await compare('GET /v2/account', { kind: 'account', accountAnswer: opening });
	await report.check('Account › Get', async () => {
		const [account] = itemsOf(await ctx.node({ resource: 'account', operation: 'get' }));
		if (!account) throw new Failure('no item');
		return `${JSON.stringify(account.title)} (organization ${account.orgId})`;
	});
	return true;
}

/** Story › Get Many without a status, then with each: the node's count must be the API's. */
async function checkStoryLists(ctx, compare) {
	const { report } = ctx;
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
	return stories;
}

async function checkFirstStory(ctx, compare, first) {
	const { report } = ctx;
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

module.exports = { runChecks };
