/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- jest's global setup runs in Node, not in n8n's node sandbox */
/**
 * One throwaway n8n user folder for the whole jest run (n8n-core writes its instance config there),
 * set before the workers start so they all use it; removed by globalTeardown.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default async function globalSetup(): Promise<void> {
	if (process.env.N8N_USER_FOLDER) return;
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-n8n-'));
	process.env.STORYDOC_TEST_USER_FOLDER = process.env.N8N_USER_FOLDER;
}
