'use strict';
/**
 * The seed's organization: its API tokens, the organization itself, its users and its folders, all
 * with fixed ids (see sandbox/seed.js).
 */

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

module.exports = { FORMER_USER_EMAIL, GONE_ORG_ID, TOKENS, folders, org, users };
