'use strict';
/**
 * Versions made in bulk from the proposal template, as a CRM sync makes one per deal (the sandbox's
 * `dealVersions` option; none by default): what benchmarks of many versions read. Every tenth is
 * never opened: no seeded event names it, as 15–25% of real proposals are never read.
 */
const { users } = require('./organization');
const { stories } = require('./stories');

const UNREAD_EVERY = 10;

/** The i-th deal's version ID: 24 hex digits, apart from every seeded ID (`66d` + its index). */
const dealVersionId = (index) => `66d${index.toString(16).padStart(21, '0')}`;

/** The i-th deal story's ID: `66e` + its index, apart from every seeded ID. */
const dealStoryId = (index) => `66e${index.toString(16).padStart(21, '0')}`;

/**
 * The stories deal versions are spread over (the `dealStories` option; none: all on the proposal),
 * copies of the proposal template as an account keeps one per product or segment.
 */
function dealStories(count) {
	return Array.from({ length: count }, (_, index) => ({
		...stories.proposal,
		id: dealStoryId(index),
		title: `Sales proposal ${index + 2}`,
	}));
}

/**
 * @param {number} count versions, one per deal
 * @param {number} [storyCount] deal stories they take turns on (0: all on the proposal)
 * @returns {Array<object>} seed-shaped versions (see data/versions.js), dates as day offsets
 */
function dealVersions(count, storyCount = 0) {
	return Array.from({ length: count }, (_, index) => {
		const company = `Deal ${index + 1} Inc`;
		const domain = `deal${index + 1}.test`;
		return {
			id: dealVersionId(index),
			storyId: storyCount ? dealStoryId(index % storyCount) : stories.proposal.id,
			senderEmail: users.sam.email,
			source: 'API',
			createdDaysAgo: 120,
			updatedDaysAgo: 120,
			neverOpened: index % UNREAD_EVERY === UNREAD_EVERY - 1,
			data: {
				title: `Proposal for ${company}`,
				first_name: 'Pat',
				last_name: `Buyer${index + 1}`,
				company,
				email: `pat@${domain}`,
				position: 'VP Sales',
				deal_value: 12000 + index,
				company_logo: { domain, theme: 'dark' },
			},
		};
	});
}

module.exports = { UNREAD_EVERY, dealStories, dealVersionId, dealVersions };
