'use strict';
/**
 * n8n 2.x's durable scheduler (its four settings on, e2e/triggers/durableScheduler.js): the two
 * trigger workflows side by side as in pollScenarios.test.js, then the cursors n8n committed, n8n stopped
 * and started again (e2e/triggers/restart.js), and the click workflow edited and republished while
 * n8n runs (e2e/triggers/republish.js). About 6 minutes; not on n8n 1.x, which has no such scheduler.
 */
const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { requestedVersion } = require('../n8n-app');
const { useApp } = require('../harness/useApp');
const { DURABLE_SCHEDULER_ENV, pollerStateRows } = require('../triggers/durableScheduler');
const { republishScenario } = require('../triggers/republish');
const { restartScenario } = require('../triggers/restart');
const { triggersSideBySide } = require('../triggers/sideBySide');

/** n8n 1.x has no durable scheduler: there the file's tests are skipped (and nothing starts). */
const testOnN8n2 = Number(requestedVersion().split('.')[0]) >= 2 ? test : test.skip;

const app = useApp({ extraEnv: DURABLE_SCHEDULER_ENV });
let triggers;

beforeAll(async () => {
	await app.importCredentials(['account', 'secondKey']);
	triggers = triggersSideBySide(app);
});
afterAll(() => triggers?.stop());

testOnN8n2(
	'durable scheduler (the four N8N_SCHEDULER_* / durable cursor settings): from activation on, each new click once, the cursor committed between polls',
	() => triggers.clicks,
);

testOnN8n2(
	'durable scheduler: First View once for a version created and viewed after activation, through a failed poll; none for a version viewed before',
	() => triggers.firstView,
);

testOnN8n2(
	"durable scheduler: n8n kept both triggers' cursors in its poller state (the mode was in force)",
	async () => {
		await triggers.stop();
		const rows = pollerStateRows(app.n8n, app.userFolder);
		expectEqual(rows.length, 2, 'poller_state rows (one per trigger)');
		for (const row of rows)
			ensure(
				/"cursor"/.test(row.cursor ?? ''),
				`a poller_state row without the trigger's cursor: ${show(row)}`,
			);
	},
);

testOnN8n2(
	'durable scheduler: n8n stopped between polls and started again: the click while it was down is emitted once, read from the committed cursor',
	async () => {
		await triggers.stop();
		await restartScenario(app);
	},
);

testOnN8n2(
	"durable scheduler: the trigger's schedule edited and the workflow republished while n8n runs: a click just before and one just after, each emitted once",
	() => republishScenario(app),
);

testOnN8n2('durable scheduler: no access token in its user folder', () =>
	app.expectNoTokenLeaked(),
);
