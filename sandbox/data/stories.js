'use strict';
/** The seed's stories and their templates: dynamic variables and repeatable groups (see sandbox/seed.js). */
const { folders } = require('./organization');

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

module.exports = { stories };
