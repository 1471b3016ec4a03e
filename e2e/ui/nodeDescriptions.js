'use strict';
/** The node and the trigger as built (dist/): the option names and texts the editor must show. */
const path = require('node:path');

const { PACKAGE_ROOT } = require('../n8n-app');

function builtNodeDescription() {
	const { Storydoc } = require(
		path.join(PACKAGE_ROOT, 'dist', 'nodes', 'Storydoc', 'Storydoc.node.js'),
	);
	return new Storydoc().description;
}

function builtTriggerDescription() {
	const { StorydocTrigger } = require(
		path.join(PACKAGE_ROOT, 'dist', 'nodes', 'StorydocTrigger', 'StorydocTrigger.node.js'),
	);
	return new StorydocTrigger().description;
}

function optionNames(description, name, resource) {
	const property = description.properties.find(
		(p) => p.name === name && (!resource || p.displayOptions?.show?.resource?.includes(resource)),
	);
	return (property?.options ?? []).map((option) => option.name);
}

/** The text of a notice or hint as the node description has it (HTML tags as the editor renders them: text only). */
const plainText = (html) => html.replace(/<[^>]+>/g, '');

module.exports = { builtNodeDescription, builtTriggerDescription, optionNames, plainText };
