'use strict';
/**
 * A token changed in the credential while the Storydoc Trigger is active is used from the next
 * scheduled poll on, without publishing the workflow again: n8n keeps one poll context for every poll
 * of an activation, and each poll reads the credential afresh (docs/development.md › The credential,
 * read once per run). The credential is changed as a user changes it in the editor (n8n's REST API),
 * from the sandbox's main key to a second key of the organization, which the sandbox's log tells
 * apart; a click added after it is read and looked up with the new key, once. Then the harness's
 * owner session, signed out, signs in again (e2e/harness/ownerSession.js). About 2 minutes.
 */
const { SEED } = require('../../sandbox/seed');
const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { CREDENTIALS } = require('../harness/credentials');
const { ownerSession } = require('../harness/ownerSession');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');
const { pause } = require('../harness/waiting');
const { clickWorkflow } = require('../harness/workflows');
const { click, clickWorkflowLog, lastSeq, pollQueries, waitFor } = require('../triggers/pollLog');

const app = useApp();
/** The sandbox's names of the two keys (its log's `token`). */
const OLD_KEY = 'team';
const NEW_KEY = 'admin';

/** The requests made with `key` after log position `mark`: polls answered, versions looked up. */
const withKey = (key, mark) => clickWorkflowLog(app.sandbox, mark, key);

/** The account credential given the second key, as the editor saves it. */
async function changeToken(session) {
	const { id, name } = CREDENTIALS.account;
	await session.request('PATCH', `/rest/credentials/${id}`, {
		name,
		type: 'storydocApi',
		data: { accessToken: app.tokens().secondKey, baseUrl: app.url },
	});
}

/** `n8n start`, stopped by the last test (or, on a failure, by useApp). */
let running;
/** The owner's session, which changed the token. */
let owner;

test('a token changed in the credential while the trigger is active is used by the next poll; the click after it is emitted once', async () => {
	await app.importCredentials(['account']);
	await app.cli.importAndActivate([clickWorkflow()]);
	app.sandbox.clearLog();
	running = await app.start();
	await waitFor(() => withKey(OLD_KEY, 0).polls()[0], 'the activation poll with the first key');

	owner = await ownerSession(running.url);
	await changeToken(owner);
	const changedAt = lastSeq(app.sandbox);
	const changedTime = Date.now();
	const [added] = app.sandbox.addEvents([
		click(SEED.versions.live.id, 'CTA click: after the token changed'),
	]);

	const newKey = withKey(NEW_KEY, changedAt);
	const reading = await waitFor(
		() => newKey.polls().find((entry) => entry.query.dateTo >= added.timestamp),
		() =>
			`a poll with the new key that reads the click (polls since the change with the old key: ${show(pollQueries(withKey(OLD_KEY, changedAt).polls()))})`,
	);
	await waitFor(() => newKey.lookedUp().length >= 1, 'the workflow run for the click', 30_000);
	await waitFor(() => newKey.polls().find((entry) => entry.seq > reading.seq), 'the poll after');
	await pause(2000);

	// A poll n8n began as the change was saved may still carry the first key; none later does.
	const lateOldKey = withKey(OLD_KEY, changedAt)
		.all()
		.filter((entry) => Date.parse(entry.time) > changedTime + 2000);
	ensure(
		lateOldKey.length === 0,
		`requests with the first key after it was changed: ${show(lateOldKey.map(({ seq, time, path }) => ({ seq, time, path })))}`,
	);
	expectEqual(
		newKey.lookedUp(),
		[SEED.versions.live.id],
		'the versions looked up (the click once)',
	);
	expectEqual(
		withKey(OLD_KEY, changedAt).lookedUp(),
		[],
		'versions looked up with the first key after the change',
	);
});

test("the harness's owner session, signed out by n8n, signs in again on its next request (as the editor sends its user to sign in)", async () => {
	ensure(owner, 'the first test set up the owner');
	await owner.request('POST', '/rest/logout');
	const log = jest.spyOn(console, 'log');
	try {
		const credential = await owner.request('GET', `/rest/credentials/${CREDENTIALS.account.id}`);
		expectEqual(
			credential.name,
			CREDENTIALS.account.name,
			'the credential read after signing in again',
		);
		ensure(
			log.mock.calls.some(([line]) => String(line).includes('signing in again')),
			'the session said it signed in again',
		);
	} finally {
		log.mockRestore();
	}
});

test("the harness's owner session, its owner gone from n8n's database (`n8n user-management:reset`): set up again on n8n 2.x; on 1.x, which keeps the owner as set up in memory, an error with both of n8n's answers", async () => {
	ensure(owner, 'the first test set up the owner');
	const reset = await app.cli.run(['user-management:reset']);
	expectEqual(
		reset.code,
		0,
		`n8n user-management:reset's exit code\n${reset.stdout}\n${reset.stderr}`,
	);
	const log = jest.spyOn(console, 'log');
	try {
		const read = owner.request('GET', `/rest/credentials/${CREDENTIALS.account.id}`);
		if (app.n8n.major >= 2) {
			expectEqual((await read).name, CREDENTIALS.account.name, 'the credential read after');
			ensure(
				log.mock.calls.some(([line]) => String(line).includes('had no owner: set up again')),
				'the session said it set the owner up again',
			);
		} else {
			await expect(read).rejects.toThrow(
				/signing in again answered 401: .*Wrong username or password.*; setting the owner up again answered 400: .*Instance owner already setup/,
			);
		}
	} finally {
		log.mockRestore();
	}
});

test(NO_TOKEN_LEAKED, async () => {
	await running?.stop();
	await app.expectNoTokenLeaked();
});
