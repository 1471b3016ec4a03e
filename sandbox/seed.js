'use strict';
/**
 * The sandbox's seed: one organization ("Acme Sales"), its users, folders, stories, versions and API
 * keys, all with fixed ids so tests and docs can name them (`SEED.stories.proposal.id`). Dates are
 * stored as offsets from the sandbox clock and turned into timestamps by `seedState`, so statuses such
 * as Expired stay true whenever the sandbox starts.
 */
const { createRandom } = require('./random');
const { generateEvents } = require('./events');
const { DAY_MS } = require('./dates');
const {
	FORMER_USER_EMAIL,
	GONE_ORG_ID,
	TOKENS,
	folders,
	org,
	users,
} = require('./data/organization');
const { stories } = require('./data/stories');
const { dealStories, dealVersions } = require('./data/dealVersions');
const { EVENT_VERSION_KEYS, versions } = require('./data/versions');

/**
 * API keys by token name: the plan the sandbox applies, the organization, who created the key, and
 * what is special about it. `description` is what the CLI and README say about each.
 */
const API_KEYS = Object.freeze({
	team: {
		plan: 'team',
		orgId: org.id,
		creatorEmail: users.sam.email,
		description:
			'main key: Team plan, created by sam@acme.test (a member, so private folders matter)',
	},
	pro: {
		plan: 'pro',
		orgId: org.id,
		creatorEmail: users.sam.email,
		description: 'Pro plan: analytics 403, team-only story variables 403',
	},
	starter: {
		plan: 'starter',
		orgId: org.id,
		creatorEmail: users.sam.email,
		description: 'lowest plan: pro and team story variables 403',
	},
	revoked: {
		plan: 'team',
		orgId: org.id,
		creatorEmail: users.sam.email,
		revoked: true,
		description:
			'revoked: analytics 400 "Token has been revoked", everything else 403 "Access denied"',
	},
	memberLeft: {
		plan: 'team',
		orgId: org.id,
		creatorEmail: FORMER_USER_EMAIL,
		description: 'created by a member who left the organization: 403 "Access denied"',
	},
	storyScoped: {
		plan: 'team',
		orgId: org.id,
		creatorEmail: users.sam.email,
		storyId: stories.proposal.id,
		description: `scoped to the story "${stories.proposal.title}": any other story 403 "Access denied"`,
	},
	noAccount: {
		plan: 'team',
		orgId: GONE_ORG_ID,
		creatorEmail: users.sam.email,
		description:
			'organization deleted: GET /v2/account 404 "Account not found.", everything else 403',
	},
	admin: {
		plan: 'team',
		orgId: org.id,
		creatorEmail: users.alex.email,
		description: 'Team plan, created by alex@acme.test (an org admin: opens every folder)',
	},
});

/** Everything with a fixed id, for tests and docs. Deep-frozen: state gets its own copies. */
const SEED = deepFreeze({
	org,
	goneOrgId: GONE_ORG_ID,
	users,
	formerUserEmail: FORMER_USER_EMAIL,
	folders,
	stories,
	versions,
	tokens: TOKENS,
});

function deepFreeze(value) {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const child of Object.values(value)) deepFreeze(child);
	}
	return value;
}

/**
 * A fresh, mutable copy of the seed with dates resolved against `now`.
 * @param {{ seed: number, now: number, events: number, eventSpanDays: number, eventsEvenly?: boolean, dealVersions?: number, dealStories?: number }} options
 */
function seedState({
	seed,
	now,
	events,
	eventSpanDays,
	eventsEvenly = false,
	dealVersions: deals = 0,
	dealStories: dealStoryCount = 0,
}) {
	const iso = (daysFromNow) => new Date(now + daysFromNow * DAY_MS).toISOString();
	const optionalIso = (daysFromNow) => (daysFromNow === undefined ? null : iso(daysFromNow));
	const allStories = [...Object.values(stories), ...dealStories(dealStoryCount)];
	const storyById = new Map(allStories.map((story) => [story.id, story]));
	const allVersions = [...Object.values(versions), ...dealVersions(deals, dealStoryCount)];

	const state = {
		orgs: [{ ...org }],
		users: Object.values(users).map((user) => ({ ...user })),
		folders: Object.values(folders).map((folder) => structuredClone(folder)),
		stories: allStories.map(({ createdDaysAgo, ...story }) => ({
			...structuredClone(story),
			createdAt: iso(-createdDaysAgo),
		})),
		versions: allVersions.map((version) => ({
			id: version.id,
			storyId: version.storyId,
			senderEmail: version.senderEmail,
			source: version.source,
			primary: version.primary === true,
			draft: version.draft === true,
			manuallyEdited: version.manuallyEdited === true,
			hasAcceptButton: storyById.get(version.storyId).hasAcceptButton,
			createdAt: iso(-version.createdDaysAgo),
			updatedAt: iso(-version.updatedDaysAgo),
			expireAt: optionalIso(version.expiresInDays),
			acceptedAt: version.acceptedDaysAgo === undefined ? null : iso(-version.acceptedDaysAgo),
			data: structuredClone(version.data),
		})),
		events: [],
	};
	const eventVersionIds = new Set([
		...EVENT_VERSION_KEYS.map((key) => versions[key].id),
		...dealVersions(deals)
			.filter((version) => !version.neverOpened)
			.map((version) => version.id),
	]);
	state.events = generateEvents({
		random: createRandom(seed),
		versions: state.versions.filter((version) => eventVersionIds.has(version.id)),
		stories: state.stories,
		count: events,
		now,
		spanMs: eventSpanDays * DAY_MS,
		evenly: eventsEvenly,
	});
	return state;
}

module.exports = { SEED, TOKENS, API_KEYS, EVENT_VERSION_KEYS, seedState };
