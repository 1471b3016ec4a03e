'use strict';
/**
 * One throwaway n8n user folder for the whole jest run (n8n-core writes its instance config there),
 * set before the workers start so they all use it; removed by globalTeardown.js.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async () => {
	if (process.env.N8N_USER_FOLDER) return;
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-n8n-'));
	process.env.STORYDOC_TEST_USER_FOLDER = process.env.N8N_USER_FOLDER;
};
