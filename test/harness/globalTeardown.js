'use strict';
/** Removes the n8n user folder that globalSetup.js made (never one the caller gave). */
const fs = require('node:fs');

module.exports = async () => {
	const folder = process.env.STORYDOC_TEST_USER_FOLDER;
	if (folder) fs.rmSync(folder, { recursive: true, force: true });
};
