'use strict';
/**
 * A test, first in a trigger recipe's scenario file: each trigger recipe as n8n imported it (before
 * any test activates one) polls as filed, the setting its note prices. The scenarios then activate
 * them polling every minute (useRecipes.js › activateAsIfAnHourAgo).
 */
const fs = require('node:fs');
const path = require('node:path');

const { ensure, expectEqual } = require('../../scripts/lib/assertions');

function pollTimesAsFiled({ app, recipes }) {
	test('each trigger recipe, as n8n imports it, polls as filed (the setting its note prices)', async () => {
		const file = path.join(app.workDir, 'exported.json');
		const exported = await app.cli.run(['export:workflow', '--all', `--output=${file}`]);
		ensure(exported.code === 0, `n8n export:workflow exited ${exported.code}: ${exported.stderr}`);
		const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
		fs.rmSync(file);
		const pollTimes = (workflow) =>
			workflow.nodes.find((node) => node.type.endsWith('.storydocTrigger'))?.parameters.pollTimes;
		const triggers = [...recipes.values()].filter(({ asFiled }) => pollTimes(asFiled));
		ensure(triggers.length >= 3, `${triggers.length} trigger recipes`);
		expectEqual(
			triggers.map(({ asFiled }) => [
				asFiled.name,
				pollTimes(stored.find((workflow) => workflow.id === asFiled.id)),
			]),
			triggers.map(({ asFiled }) => [asFiled.name, pollTimes(asFiled)]),
			"the trigger recipes' Poll Times in n8n's database",
		);
	});
}

module.exports = { pollTimesAsFiled };
