'use strict';
/**
 * The account-specific values the example files leave for the user to set, as the sandbox's seed
 * has them. Each: the node, what the demo says it filled in, and how.
 */

const PROPOSAL_STORY_ID = '65d000000000000000000001';
const PROPOSAL_STORY_TITLE = 'Sales proposal';
const SENDER_EMAIL = 'sam@acme.test';
const DEAL_VERSION_ID = '65e000000000000000000001';

function nodeNamed(workflow, nodeName) {
	const node = workflow.nodes.find((candidate) => candidate.name === nodeName);
	if (!node) throw new Error(`the workflow "${workflow.name}" has no node "${nodeName}"`);
	return node;
}

const fillStory = (nodeName) => ({
	node: nodeName,
	what: `Story = "${PROPOSAL_STORY_TITLE}" (${PROPOSAL_STORY_ID})`,
	apply: (node) => {
		node.parameters.storyId = {
			__rl: true,
			mode: 'list',
			value: PROPOSAL_STORY_ID,
			cachedResultName: PROPOSAL_STORY_TITLE,
		};
	},
});
const fillSender = (nodeName) => ({
	node: nodeName,
	what: `Sender Email = ${SENDER_EMAIL}`,
	apply: (node) => {
		node.parameters.senderEmail = SENDER_EMAIL;
	},
});
const fillAssignment = (nodeName, name, value) => ({
	node: nodeName,
	what: `${name} = ${value}`,
	apply: (node) => {
		const assignment = node.parameters.assignments.assignments.find(
			(candidate) => candidate.name === name,
		);
		assignment.value = value;
	},
});

/** A copy of an example workflow with the sandbox's values where the file leaves them to the user. */
function forSandbox(workflow, sandboxValues) {
	const copy = structuredClone(workflow);
	for (const value of sandboxValues) value.apply(nodeNamed(copy, value.node));
	return copy;
}

module.exports = {
	DEAL_VERSION_ID,
	PROPOSAL_STORY_ID,
	PROPOSAL_STORY_TITLE,
	SENDER_EMAIL,
	fillAssignment,
	fillSender,
	fillStory,
	forSandbox,
};
