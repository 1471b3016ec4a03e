'use strict';
/**
 * The settings a recipe's Set up note tells the user to set, read from the note itself: each item
 * written `In *Node* › **Field**, …` names one node and one of its fields. fillUserChoices sets those
 * that the recipe leaves empty to what the stand-ins hold, and nothing else, so a real-app run of the
 * filled recipe is the run of a user who followed the note (test/examples/recipeSettings.unit.test.ts
 * checks that nothing is left to choose once they are set).
 */
const { PROPOSAL_STORY_ID, PROPOSAL_STORY_TITLE } = require('../../scripts/examples/sandboxValues');
const { SELLER_SLACK_ID, WEEKLY_SPREADSHEET_ID } = require('./seed');
const { channelIdOf } = require('./slack');

const SETTING = /\bin \*([^*]+)\* › \*\*([^*]+)\*\*/gi;

/** The Set up note's settings, in the note's order: [{ node, field }]. */
function namedSettings(workflow) {
	const notes = workflow.nodes
		.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
		.map((node) => String(node.parameters.content))
		.filter((content) => content.includes('### Set up'));
	return notes.flatMap((content) =>
		[...content.matchAll(SETTING)].map(([, node, field]) => ({ node, field })),
	);
}

/** A resource locator set to `value` (by ID), or the plain value where the field is a string. */
const locator = (current, value) =>
	current && typeof current === 'object' ? { __rl: true, mode: 'id', value } : value;

/**
 * Where each field a note may name is, by node type and the field's label in n8n's editor: its
 * parameter path, and what the stand-ins need where the recipe leaves it empty (none: a setting
 * to check, whose default the stand-ins take).
 */
const FIELDS = {
	'n8n-nodes-base.slack': {
		'Channel Name or ID': () => ({
			path: ['options', 'channelId'],
			fill: (current) => locator(current, channelIdOf('story-reports')),
		}),
		Channel: () => ({
			path: ['channelId'],
			fill: (current) => locator(current, channelIdOf('story-reports')),
		}),
		User: () => ({ path: ['user'], fill: (current) => locator(current, SELLER_SLACK_ID) }),
	},
	'n8n-nodes-base.googleSheets': {
		Document: () => ({
			path: ['documentId'],
			fill: (current) => locator(current, WEEKLY_SPREADSHEET_ID),
		}),
	},
	'n8n-nodes-storydoc.storydoc': {
		Story: () => ({
			path: ['storyId'],
			fill: () => ({
				__rl: true,
				mode: 'list',
				value: PROPOSAL_STORY_ID,
				cachedResultName: PROPOSAL_STORY_TITLE,
			}),
		}),
	},
	'n8n-nodes-base.hubspot': {
		/** The deal search's `dealstage` filter: its value is the stage. */
		'Filter Groups': (node) => {
			const filters = node.parameters.filterGroupsUi.filterGroupsValues[0].filtersUi.filterValues;
			const index = filters.findIndex((filter) => filter.propertyName === 'dealstage');
			if (index < 0) return undefined;
			const path = ['filterGroupsUi', 'filterGroupsValues', 0, 'filtersUi', 'filterValues'];
			return { path: [...path, index, 'value'] };
		},
	},
	'n8n-nodes-base.dataTable': {
		/** The table the recipe names (its locator's cachedResultName): the scenario's, by that name. */
		'Data table': (node) => ({
			path: ['dataTableId'],
			fill: (current, choices) => {
				const name = node.parameters.dataTableId.cachedResultName;
				return locator(current, choices.dataTables?.[name] ?? name);
			},
		}),
	},
	'n8n-nodes-base.pipedrive': { Type: () => ({ path: ['type'] }) },
	'n8n-nodes-base.salesforce': { 'Additional Fields': () => ({ path: ['additionalFields'] }) },
};

/** A Set node's field is one of its assignments, by name. */
function assignmentOf(node, field) {
	const index = (node.parameters.assignments?.assignments ?? []).findIndex(
		(assignment) => assignment.name === field,
	);
	return index < 0 ? undefined : { path: ['assignments', 'assignments', index, 'value'] };
}

/** The node and the field's place a named setting stands for; an error naming it if there is none. */
function settingIn(workflow, { node: name, field }) {
	const node = workflow.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`${workflow.name}: the Set up note names "${name}", not a node`);
	const setting =
		node.type === 'n8n-nodes-base.set'
			? assignmentOf(node, field)
			: FIELDS[node.type]?.[field]?.(node);
	if (!setting)
		throw new Error(`${workflow.name}: "${name}" (${node.type}) has no field "${field}"`);
	return { node, ...setting };
}

const valueAt = (parameters, path) => path.reduce((value, key) => value?.[key], parameters);
const isEmpty = (value) =>
	value === '' || (value !== null && typeof value === 'object' && value.__rl && value.value === '');

/**
 * What a user who follows the note sets: each named field the recipe leaves empty, to what the
 * stand-ins hold (the story, the spreadsheet, the Slack channel or member) or `choices` give (the
 * IDs of the Data Tables a scenario made, by name). Nothing else.
 */
function fillUserChoices(workflow, choices = {}) {
	for (const named of namedSettings(workflow)) {
		const { node, path, fill } = settingIn(workflow, named);
		const current = valueAt(node.parameters, path);
		if (!isEmpty(current)) continue;
		if (!fill)
			throw new Error(`${workflow.name}: no stand-in value for ${named.node} › ${named.field}`);
		const parent = valueAt(node.parameters, path.slice(0, -1));
		parent[path.at(-1)] = fill(current, choices);
	}
	return workflow;
}

module.exports = { fillUserChoices, namedSettings, settingIn, valueAt };
