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

/** Bearer tokens by name. Fixed, readable and long enough never to appear in data by accident. */
const TOKENS = Object.freeze({
	team: 'sd_sandbox_team_4f1c9e2a7b5d3086',
	pro: 'sd_sandbox_pro_8a2e6c4f1d7b9053',
	starter: 'sd_sandbox_starter_3c7a1e9f5b2d6048',
	revoked: 'sd_sandbox_revoked_9e5b3d7f1a2c4068',
	memberLeft: 'sd_sandbox_member_left_2d6f8a4c1e3b7095',
	storyScoped: 'sd_sandbox_story_scoped_7b3e5a9c2f1d8046',
	noAccount: 'sd_sandbox_no_account_5a9c1e3f7d2b6084',
	admin: 'sd_sandbox_admin_1f7d3b5e9a2c8064',
});

const org = Object.freeze({ id: '65a000000000000000000001', title: 'Acme Sales' });
/** The organization of the `noAccount` key: it no longer exists. */
const GONE_ORG_ID = '65a0000000000000000000ff';

const users = {
	alex: {
		id: '65b0000000000000000000a1',
		email: 'alex@acme.test',
		name: 'Alex Morgan',
		role: 'admin',
	},
	sam: {
		id: '65b0000000000000000000a2',
		email: 'sam@acme.test',
		name: 'Sam Rivera',
		role: 'member',
	},
	jo: { id: '65b0000000000000000000a3', email: 'jo@acme.test', name: 'Jo Chen', role: 'member' },
};
/** Created the `memberLeft` key, then left the organization (so is not among `users`). */
const FORMER_USER_EMAIL = 'lee@acme.test';

/**
 * Folders nest Sales › Enterprise › Board. Sam (who created the main keys) can open Sales (shared
 * with everyone) and Enterprise (listed member), but not Board: membership of a parent does not carry
 * over to its children.
 */
const folders = {
	sales: {
		id: '65c000000000000000000001',
		name: 'Sales',
		parentId: null,
		sharedWithEveryone: true,
		members: [],
	},
	enterprise: {
		id: '65c000000000000000000002',
		name: 'Enterprise',
		parentId: '65c000000000000000000001',
		sharedWithEveryone: false,
		members: [
			{ email: users.jo.email, role: 'Owner' },
			{ email: users.sam.email, role: 'Editor' },
		],
	},
	board: {
		id: '65c000000000000000000003',
		name: 'Board',
		parentId: '65c000000000000000000002',
		sharedWithEveryone: false,
		members: [{ email: users.jo.email, role: 'Owner' }],
	},
};

/** Builds a dynamic variable definition; `name` is the variable's key, as the 403 plan body names it. */
function variable(key, type, title, extra = {}) {
	return { type, name: key, title, default: '', tip: '', ...extra };
}

/**
 * The main template: every variable type the node has to map (including `richtext`, a type the spec
 * does not list) and both kinds of repeatable group (flat with a generated field, and nested).
 */
const proposalVariables = {
	first_name: variable('first_name', 'text', 'First name', {
		default: 'there',
		tip: 'First name of the prospect, used in the greeting',
		validation: { required: true, errorMessage: 'Enter the first name of the prospect' },
		mapping: 'contact.firstName',
	}),
	last_name: variable('last_name', 'text', 'Last name', { mapping: 'contact.lastName' }),
	company: variable('company', 'text', 'Company', {
		tip: 'Company name as it should appear on the cover',
		validation: { required: true, errorMessage: 'Enter the company name' },
		mapping: 'company.name',
	}),
	email: variable('email', 'text', 'Prospect email', { mapping: 'contact.email' }),
	position: variable('position', 'text', 'Job title', { mapping: 'contact.jobTitle' }),
	deal_value: variable('deal_value', 'number', 'Deal value', {
		default: '0',
		tip: 'Total in USD, without a currency sign',
		mapping: 'deal.amount',
	}),
	meeting_link: variable('meeting_link', 'link', 'Meeting link', {
		default: 'https://calendly.com/acme-sales/intro',
		tip: 'Where the "Book a meeting" button leads',
	}),
	proposal_date: variable('proposal_date', 'date', 'Proposal date', {
		tip: 'Any format; shown as written',
	}),
	company_logo: variable('company_logo', 'logo', 'Company logo', {
		tip: 'Send { "domain": "example.com", "theme": "dark" }; the logo is fetched from the domain',
		mapping: 'company.domain',
	}),
	products: variable('products', 'array', 'Products', { tip: 'Rows of { "name", "price" }' }),
	intro_note: variable('intro_note', 'richtext', 'Intro note', {
		tip: 'A formatted paragraph under the greeting',
	}),
};

const proposalRepeatables = [
	{
		key: 'pricing_items',
		name: 'Pricing items',
		fields: [
			{ key: 'id', name: 'ID', type: 'text', generated: true },
			{ key: 'name', name: 'Item', type: 'text', generated: false },
			{ key: 'price', name: 'Price', type: 'number', generated: false },
			{ key: 'description', name: 'Description', type: 'text', generated: false },
		],
		children: [],
		exampleRow: {
			name: 'Onboarding package',
			price: 1200,
			description: 'Two workshops and a launch review',
		},
	},
	{
		key: 'team_members',
		name: 'Team members',
		fields: [
			{ key: 'name', name: 'Name', type: 'text', generated: false },
			{ key: 'role', name: 'Role', type: 'text', generated: false },
			{ key: 'photo', name: 'Photo', type: 'link', generated: false },
		],
		children: [
			{
				key: 'skills',
				name: 'Skills',
				fields: [{ key: 'skill', name: 'Skill', type: 'text', generated: false }],
				children: [],
				exampleRow: { skill: 'Negotiation' },
			},
		],
		exampleRow: {
			name: 'Dana Lee',
			role: 'Account executive',
			photo: 'https://acme.test/team/dana.jpg',
			skills: [{ skill: 'Negotiation' }],
		},
	},
];

const simpleVariables = {
	first_name: variable('first_name', 'text', 'First name', { default: 'there' }),
	company: variable('company', 'text', 'Company'),
	sender_name: variable('sender_name', 'text', 'Your name'),
};

/**
 * Stories. Internal fields beyond the API's Story: `folderId` (where it is filed), `hasAcceptButton`
 * (copied to its versions) and `createdDaysAgo` (turned into `createdAt`).
 */
const stories = {
	proposal: {
		id: '65d000000000000000000001',
		title: 'Sales proposal',
		status: 'Live',
		folderId: folders.sales.id,
		hasAcceptButton: true,
		createdDaysAgo: 400,
		dynamicVariables: proposalVariables,
		repeatables: proposalRepeatables,
	},
	intro: {
		id: '65d000000000000000000002',
		title: 'Intro one-pager',
		status: 'Live',
		folderId: null,
		hasAcceptButton: false,
		createdDaysAgo: 380,
		dynamicVariables: simpleVariables,
		repeatables: [],
	},
	caseStudy: {
		id: '65d000000000000000000003',
		title: 'Customer case study',
		status: 'Draft',
		folderId: folders.sales.id,
		hasAcceptButton: false,
		createdDaysAgo: 30,
		dynamicVariables: simpleVariables,
		repeatables: [],
	},
	pricing2023: {
		id: '65d000000000000000000004',
		title: '2023 pricing deck',
		status: 'Archived',
		folderId: folders.sales.id,
		hasAcceptButton: false,
		createdDaysAgo: 700,
		dynamicVariables: simpleVariables,
		repeatables: [],
	},
	premium: {
		id: '65d000000000000000000005',
		title: 'Product demo',
		status: 'Live',
		folderId: folders.enterprise.id,
		hasAcceptButton: false,
		createdDaysAgo: 300,
		dynamicVariables: {
			first_name: variable('first_name', 'text', 'First name', { default: 'there' }),
			intro_video: variable('intro_video', 'video', 'Personal intro video', { tip: 'Video URL' }),
			booking_calendar: variable('booking_calendar', 'calendar', 'Booking calendar', {
				tip: 'Calendar URL',
			}),
		},
		repeatables: [],
	},
	board: {
		id: '65d000000000000000000006',
		title: 'Board update',
		status: 'Live',
		folderId: folders.board.id,
		hasAcceptButton: false,
		createdDaysAgo: 260,
		dynamicVariables: simpleVariables,
		repeatables: [],
	},
};

/** Version data for the proposal template: what a CRM record typically fills in. */
function proposalData(title, first, last, company, domain, position, extra = {}) {
	return {
		title,
		first_name: first,
		last_name: last,
		company,
		email: `${first.toLowerCase()}@${domain}`,
		position,
		deal_value: 24000,
		company_logo: { domain, theme: 'dark' },
		...extra,
	};
}

/**
 * Versions. Internal fields: `primary` (the story's own primary version, never returned), `draft`
 * (link off), `manuallyEdited` (an update needs force=true), `senderEmail`, and day offsets from the
 * sandbox clock for the dates. The data of `expiring` holds a password that GET must never return.
 */
const versions = {
	live: {
		id: '65e000000000000000000001',
		storyId: stories.proposal.id,
		senderEmail: users.sam.email,
		source: 'API',
		createdDaysAgo: 240,
		updatedDaysAgo: 235,
		data: proposalData('Proposal for Globex', 'Hank', 'Scorpio', 'Globex', 'globex.test', 'CEO', {
			phone: '+1 555 0100',
			deal_value: 48000,
			meeting_link: 'https://calendly.com/acme-sales/globex',
			proposal_date: '1 May 2025',
			products: [
				{ name: 'Platform licence', price: 30000 },
				{ name: 'Onboarding', price: 18000 },
			],
			pricing_items: [
				{
					id: '65f000000000000000000001',
					name: 'Platform licence',
					price: 30000,
					description: 'Annual, 50 seats',
				},
				{
					id: '65f000000000000000000002',
					name: 'Onboarding',
					price: 18000,
					description: 'Six weeks',
				},
			],
			team_members: [
				{ name: 'Dana Lee', role: 'Account executive', skills: [{ skill: 'Negotiation' }] },
			],
			intro_note: '<p>Thanks for your time last week, <b>Hank</b>.</p>',
		}),
	},
	edited: {
		id: '65e000000000000000000002',
		storyId: stories.proposal.id,
		senderEmail: users.sam.email,
		source: 'API',
		manuallyEdited: true,
		createdDaysAgo: 235,
		updatedDaysAgo: 100,
		data: proposalData(
			'Proposal for Initech',
			'Bill',
			'Lumbergh',
			'Initech',
			'initech.test',
			'VP Operations',
		),
	},
	expired: {
		id: '65e000000000000000000003',
		storyId: stories.proposal.id,
		senderEmail: users.sam.email,
		source: 'API',
		createdDaysAgo: 230,
		updatedDaysAgo: 230,
		expiresInDays: -10,
		data: proposalData(
			'Proposal for Umbrella',
			'Albert',
			'Wesker',
			'Umbrella',
			'umbrella.test',
			'Head of Research',
		),
	},
	accepted: {
		id: '65e000000000000000000004',
		storyId: stories.proposal.id,
		senderEmail: users.sam.email,
		source: 'Manual',
		createdDaysAgo: 225,
		updatedDaysAgo: 220,
		acceptedDaysAgo: 20,
		data: proposalData('Proposal for Hooli', 'Gavin', 'Belson', 'Hooli', 'hooli.test', 'CEO', {
			gatedContent: {
				gatedContent: true,
				name: true,
				nameRequired: true,
				logo: false,
				title: 'Tell us who you are',
			},
		}),
	},
	expiring: {
		id: '65e000000000000000000005',
		storyId: stories.proposal.id,
		senderEmail: users.sam.email,
		source: 'API',
		createdDaysAgo: 220,
		updatedDaysAgo: 220,
		expiresInDays: 30,
		data: proposalData(
			'Proposal for Soylent',
			'Sol',
			'Roth',
			'Soylent',
			'soylent.test',
			'Procurement lead',
			{
				password: 'green-2030',
			},
		),
	},
	draft: {
		id: '65e000000000000000000006',
		storyId: stories.proposal.id,
		senderEmail: users.sam.email,
		source: 'Manual',
		draft: true,
		createdDaysAgo: 5,
		updatedDaysAgo: 5,
		data: proposalData(
			'Proposal for Stark',
			'Tony',
			'Stark',
			'Stark Industries',
			'stark.test',
			'CTO',
		),
	},
	primary: {
		id: '65e000000000000000000007',
		storyId: stories.proposal.id,
		senderEmail: users.alex.email,
		source: 'Manual',
		primary: true,
		createdDaysAgo: 400,
		updatedDaysAgo: 300,
		data: { title: 'Sales proposal' },
	},
	intro: {
		id: '65e000000000000000000008',
		storyId: stories.intro.id,
		senderEmail: users.alex.email,
		source: 'API',
		createdDaysAgo: 250,
		updatedDaysAgo: 250,
		data: {
			title: 'Intro for Wayne Enterprises',
			first_name: 'Lucius',
			last_name: 'Fox',
			company: 'Wayne Enterprises',
			email: 'lucius@wayne.test',
			position: 'CTO',
			sender_name: 'Alex Morgan',
		},
	},
	premium: {
		id: '65e000000000000000000009',
		storyId: stories.premium.id,
		senderEmail: users.jo.email,
		source: 'API',
		createdDaysAgo: 245,
		updatedDaysAgo: 245,
		data: {
			title: 'Demo for Tyrell',
			first_name: 'Eldon',
			last_name: 'Tyrell',
			company: 'Tyrell Corporation',
			email: 'eldon@tyrell.test',
			position: 'Founder',
			intro_video: 'https://video.acme.test/tyrell',
			booking_calendar: 'https://calendly.com/acme-sales/tyrell',
		},
	},
	hidden: {
		id: '65e00000000000000000000a',
		storyId: stories.board.id,
		senderEmail: users.jo.email,
		source: 'API',
		createdDaysAgo: 250,
		updatedDaysAgo: 250,
		data: {
			title: 'Board update Q3',
			first_name: 'Board',
			company: 'Acme Sales',
			sender_name: 'Jo Chen',
		},
	},
	archived: {
		id: '65e00000000000000000000b',
		storyId: stories.pricing2023.id,
		senderEmail: users.sam.email,
		source: 'API',
		createdDaysAgo: 650,
		updatedDaysAgo: 650,
		data: { title: 'Pricing for Cyberdyne', first_name: 'Miles', company: 'Cyberdyne' },
	},
	draftStory: {
		id: '65e00000000000000000000c',
		storyId: stories.caseStudy.id,
		senderEmail: users.sam.email,
		source: 'API',
		createdDaysAgo: 20,
		updatedDaysAgo: 20,
		data: {
			title: 'Case study for Massive Dynamic',
			first_name: 'Nina',
			company: 'Massive Dynamic',
		},
	},
};

/** Versions the seeded analytics events are spread over: those the main key can read, link on. */
const EVENT_VERSION_KEYS = [
	'live',
	'edited',
	'expired',
	'accepted',
	'expiring',
	'intro',
	'premium',
];

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
 * @param {{ seed: number, now: number, events: number, eventSpanDays: number }} options
 */
function seedState({ seed, now, events, eventSpanDays }) {
	const iso = (daysFromNow) => new Date(now + daysFromNow * DAY_MS).toISOString();
	const optionalIso = (daysFromNow) => (daysFromNow === undefined ? null : iso(daysFromNow));
	const storyById = new Map(Object.values(stories).map((story) => [story.id, story]));

	const state = {
		orgs: [{ ...org }],
		users: Object.values(users).map((user) => ({ ...user })),
		folders: Object.values(folders).map((folder) => structuredClone(folder)),
		stories: Object.values(stories).map(({ createdDaysAgo, ...story }) => ({
			...structuredClone(story),
			createdAt: iso(-createdDaysAgo),
		})),
		versions: Object.values(versions).map((version) => ({
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
	const eventVersionIds = new Set(EVENT_VERSION_KEYS.map((key) => versions[key].id));
	state.events = generateEvents({
		random: createRandom(seed),
		versions: state.versions.filter((version) => eventVersionIds.has(version.id)),
		stories: state.stories,
		count: events,
		now,
		spanMs: eventSpanDays * DAY_MS,
	});
	return state;
}

module.exports = { SEED, TOKENS, API_KEYS, EVENT_VERSION_KEYS, seedState };
