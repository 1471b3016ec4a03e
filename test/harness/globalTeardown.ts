/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- jest's global teardown runs in Node, not in n8n's node sandbox */
/** Removes the n8n user folder that globalSetup.ts made (never one the caller gave). */
import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
	const folder = process.env.STORYDOC_TEST_USER_FOLDER;
	if (folder) fs.rmSync(folder, { recursive: true, force: true });
}
