'use strict';
/**
 * A scenario's n8n database starts with the owner already set up: n8n set it up itself (`POST
 * /rest/owner/setup` on an `n8n start` with no workflows), once per n8n install, and each user folder
 * gets a copy before its first n8n command. Setting the owner up while workflows run could lose it:
 * a workflow's first production run saves the owner row it read before (docs/development.md › The
 * real-app scenarios › The owner).
 *
 *   node e2e/harness/ownerDatabase.js VERSION   builds the copy for that n8n (under a lock)
 */
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ensure } = require('../../scripts/lib/assertions');
const app = require('../n8n-app');

const DATABASE = 'database.sqlite';
/** n8n 2.x keeps data encrypted with the instance's key in the database: the copies use that key. */
const KEY_FILE = 'encryption-key';

/** Where the database with the owner lives for an n8n install: named for the owner it holds. */
function ownerDirectory(n8n) {
	const owner = crypto.createHash('sha256').update(JSON.stringify(app.OWNER)).digest('hex');
	return path.join(n8n.dir, `storydoc-owner-${owner.slice(0, 12)}`);
}

/** Built, and whole: the copy is renamed into place with its key, so both are there or neither. */
const built = (directory) =>
	fs.existsSync(path.join(directory, DATABASE)) && fs.existsSync(path.join(directory, KEY_FILE));

/**
 * Copies the owner's database into `userFolder`'s .n8n, built first if this install has none;
 * returns the encryption key n8n must run with on that folder.
 */
function seedOwner(n8n, userFolder) {
	const source = ownerDirectory(n8n);
	if (!built(source)) {
		// flock: jest's workers may all ask at once; the first builds, the others then find it.
		const build = spawnSync(
			'flock',
			[`${source}.lock`, process.execPath, __filename, n8n.n8nVersion],
			{ stdio: ['ignore', 'inherit', 'inherit'] },
		);
		ensure(build.status === 0, `building n8n ${n8n.n8nVersion}'s owner database failed`);
	}
	const target = path.join(userFolder, '.n8n');
	fs.mkdirSync(target, { recursive: true });
	for (const file of databaseFiles(source))
		fs.copyFileSync(path.join(source, file), path.join(target, file));
	return fs.readFileSync(path.join(source, KEY_FILE), 'utf8');
}

/** The database and, on n8n 2.x (WAL mode, not checkpointed on stopping), its write-ahead log. */
const databaseFiles = (directory) =>
	fs.readdirSync(directory).filter((file) => file === DATABASE || file === `${DATABASE}-wal`);

/** `n8n start` on an empty user folder, the owner set up through n8n's REST API, n8n stopped. */
async function buildOwnerDatabase(version) {
	const n8n = app.installN8n(version);
	const directory = ownerDirectory(n8n);
	if (built(directory)) return;
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'storydoc-owner-'));
	const encryptionKey = crypto.randomBytes(24).toString('hex');
	try {
		const env = app.n8nEnv(n8n, {
			userFolder,
			encryptionKey,
			brokerPort: await app.freePort(),
			extra: { N8N_PORT: String(await app.freePort()), N8N_LISTEN_ADDRESS: '127.0.0.1' },
		});
		const log = path.join(userFolder, 'n8n-start.log');
		const { child, url } = await app.startN8n(n8n, env, log);
		try {
			const setup = await fetch(`${url}/rest/owner/setup`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(app.OWNER),
			});
			ensure(setup.ok, `owner setup answered ${setup.status}: ${await setup.text()}`);
		} finally {
			await app.stopN8n(child);
		}
		// Written beside, then renamed: a database half copied is never found.
		const partial = `${directory}.partial`;
		fs.rmSync(partial, { recursive: true, force: true });
		fs.mkdirSync(partial);
		for (const file of databaseFiles(path.join(userFolder, '.n8n')))
			fs.copyFileSync(path.join(userFolder, '.n8n', file), path.join(partial, file));
		fs.writeFileSync(path.join(partial, KEY_FILE), encryptionKey);
		fs.rmSync(directory, { recursive: true, force: true });
		fs.renameSync(partial, directory);
		console.error(`e2e: n8n ${n8n.n8nVersion}'s owner database built in ${directory}`);
	} finally {
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

if (require.main === module) {
	buildOwnerDatabase(process.argv[2]).catch((error) => {
		console.error(error);
		process.exit(1);
	});
}

module.exports = { seedOwner };
