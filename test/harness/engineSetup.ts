/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the harness runs in Node (jest, scripts, worker processes), not in n8n's node sandbox */
/**
 * What must hold before n8n-core loads; imported first by n8n.ts, for its side effects.
 *
 * n8n-core's InstanceSettings writes a config file (with an encryption key) into the user folder
 * when it loads; keep it out of the home folder and quiet. Under jest, globalSetup.ts gives one for
 * the run; a script without one gets a throwaway folder, removed when it exits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { redirectRequire } from './engineLine';

if (!process.env.N8N_USER_FOLDER) {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-n8n-'));
	process.env.N8N_USER_FOLDER = userFolder;
	process.once('exit', () => fs.rmSync(userFolder, { recursive: true, force: true }));
}
process.env.N8N_ENCRYPTION_KEY = process.env.N8N_ENCRYPTION_KEY || 'storydoc-test-harness';

// STORYDOC_N8N_LINE=1.x runs everything on n8n 1.x's engine (see engineLine.ts); under jest the
// mapping is jest.config.ts's, in scripts and worker processes it is this redirect.
redirectRequire();
