'use strict';
/**
 * Redis restarted in the middle of a batch (./batchFaults.js): killed (SIGKILL) once `FAULT_AFTER`
 * versions exist and started again 5 s later, empty (no persistence: what the queue held is gone);
 * while it is down, a second webhook call brings 5 more deals. Measured: what n8n does with the
 * running execution, the versions against the deals, and what the second call got.
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

/**
 * Sends the batch `label` and restarts Redis (empty after) once `FAULT_AFTER` versions exist; while it
 * is down, a second webhook call brings `label`-late's deals. Waits for n8n to end the first execution.
 */
async function restartRedisMidBatch({ n8n, sandbox, cluster }, label, downMs = 5000) {
	const mine = () => versionsOf(sandbox, label);
	const execution = await sendBatch(cluster, label);
	await waitFor(() => mine().length >= FAULT_AFTER, `${FAULT_AFTER} versions of ${label}`, 120_000);
	const createdWhenKilled = mine().length;
	const lostAt = Date.now();
	// Sent while Redis is down, answered whenever n8n answers: the restart does not wait for it.
	let late;
	await cluster.restartRedis(downMs, async () => {
		late = postDeals(cluster, `${label}late`, 5).then(
			(answer) => answer.status,
			(error) => error.message,
		);
	});
	const ended = await executionEnded(cluster, execution.id);
	const lateAnswer = await late;
	// The late call's execution, if n8n recorded one: given as long again to end, or left as it is.
	const lateExecution = createExecutions(cluster).find(
		(candidate) => Number(candidate.id) > Number(execution.id),
	);
	const lateEnded = lateExecution
		? await executionEnded(cluster, lateExecution.id, 120_000).catch(() =>
				createExecutions(cluster).find((candidate) => candidate.id === lateExecution.id),
			)
		: undefined;
	return {
		label,
		executionId: execution.id,
		status: ended.status,
		seconds: Math.round((Date.now() - lostAt) / 1000),
		ranOn: ranBy(cluster, execution.id).map((candidate) => candidate.number),
		createdWhenKilled,
		lateAnswer,
		lateStatus: lateEnded?.status ?? 'no execution',
		lateVersions: versionsOf(sandbox, `${label}late`).length,
		...whatIsLeft(n8n, cluster, execution.id, mine()),
	};
}

/** One line of figures, as `npm run test:scale` prints them. */
function describeRestart(version, f) {
	return (
		`redis restarted: n8n ${version}, batch ${f.label}: at ${f.createdWhenKilled} versions; ` +
		`execution ${f.executionId} ${f.status} ${f.seconds} s later (run on workers ${f.ranOn.join(', ')}); ` +
		`${f.versions} versions for ${f.dealsWithAVersion} deals, ${f.dealsTwice} deals twice, ${f.named} named in its data; ` +
		`a webhook call while Redis was down: answered ${f.lateAnswer}, its execution ${f.lateStatus}, ${f.lateVersions} of its 5 versions made`
	);
}

module.exports = { describeRestart, restartRedisMidBatch };
