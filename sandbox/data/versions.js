'use strict';
/** The seed's versions, and those the seeded analytics events are spread over (see sandbox/seed.js). */
const { users } = require('./organization');
const { stories } = require('./stories');

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

module.exports = { EVENT_VERSION_KEYS, versions };
