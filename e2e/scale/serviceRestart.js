'use strict';
/**
 * Redis or PostgreSQL restarted in the middle of a batch (./batchFaults.js), once `FAULT_AFTER`
 * versions exist, started again 5 s later: Redis killed (SIGKILL) and empty after (no persistence:
 * what the queue held is gone), PostgreSQL shut down at once (SIGQUIT, as a crash: recovered at its
 * next start). While it is down, a second webhook call brings 5 more deals. Measured: what n8n does
 * with the running execution, the versions against the deals, and what the second call got.
 */
const {
	FAULT_AFTER,
	createExecutions,
	executionEnded,
	postDeals,
	ranBy,
	sendBatch,
	versionsOf,
	waitFor,
	whatIsLeft,
} = require('./batchFaults');

const RESTARTS = { Redis: 'restartRedis', PostgreSQL: 'restartPostgres' };

/**
 * Sends the batch `label` and restarts `service` once `FAULT_AFTER` versions exist; while it is down,
 * a second webhook call brings `label`late's deals. Waits for n8n to end the first execution (or says
 * where it stands after 4 minutes) and the second's.
 */
async function restartMidBatch({ n8n, sandbox, cluster }, label, service, downMs = 5000) {
	const mine = () => versionsOf(sandbox, label);
	const execution = await sendBatch(cluster, label);
	await waitFor(() => mine().length >= FAULT_AFTER, `${FAULT_AFTER} versions of ${label}`, 120_000);
	const createdWhenKilled = mine().length;
	const lostAt = Date.now();
	// Sent while it is down, answered whenever n8n answers: the restart does not wait for it.
	let late;
	await cluster[RESTARTS[service]](downMs, async () => {
		late = postDeals(cluster, `${label}late`, 5).then(
			async (answer) => ({ status: answer.status, body: (await answer.text()).slice(0, 120) }),
			(error) => ({ status: error.message, body: '' }),
		);
	});
	const current = (id) => createExecutions(cluster).find((candidate) => candidate.id === id);
	const ended = await executionEnded(cluster, execution.id, 240_000).catch(() =>
		current(execution.id),
	);
	const lateAnswer = await late;
	// The late call's execution, if n8n recorded one: given as long again to end, or left as it is.
	const lateExecution = createExecutions(cluster).find(
		(candidate) => Number(candidate.id) > Number(execution.id),
	);
	const lateEnded = lateExecution
		? await executionEnded(cluster, lateExecution.id, 120_000).catch(() =>
				current(lateExecution.id),
			)
		: undefined;
	return {
		label,
		service,
		executionId: execution.id,
		status: ended?.status,
		seconds: Math.round((Date.now() - lostAt) / 1000),
		ranOn: ranBy(cluster, execution.id).map((candidate) => candidate.number),
		createdWhenKilled,
		lateAnswer: lateAnswer.status,
		lateBody: lateAnswer.body,
		lateStatus: lateEnded?.status ?? 'no execution',
		lateVersions: versionsOf(sandbox, `${label}late`).length,
		...whatIsLeft(n8n, cluster, execution.id, mine()),
	};
}

/** One line of figures, as `npm run test:scale` prints them. */
function describeRestart(version, f) {
	return (
		`${f.service} restarted: n8n ${version}, batch ${f.label}: at ${f.createdWhenKilled} versions; ` +
		`execution ${f.executionId} ${f.status} ${f.seconds} s later (run on workers ${f.ranOn.join(', ')}); ` +
		`${f.versions} versions for ${f.dealsWithAVersion} deals, ${f.dealsTwice} deals twice, ${f.named} named in its data; ` +
		`a webhook call while ${f.service} was down: answered ${f.lateAnswer} ${JSON.stringify(f.lateBody)}, its execution ${f.lateStatus}, ${f.lateVersions} of its 5 versions made`
	);
}

module.exports = { describeRestart, restartMidBatch };
