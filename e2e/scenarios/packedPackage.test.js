'use strict';
/**
 * The package as npm would publish it, in the real app: `npm pack` of this checkout unpacked where
 * n8n installs a community package (`.n8n/nodes/node_modules/n8n-nodes-storydoc`), in place of the
 * link to the repository the other scenarios use. n8n lists its node, trigger and credential from
 * the tarball's files, and two examples run on them as examples.test.js checks them: the release
 * workflow's steps short of publishing (build, pack, scan, install) on each n8n line.
 */
const fs = require('node:fs');
const path = require('node:path');

const { ensure, expectEqual, show } = require('../../scripts/lib/assertions');
const { loadExamples } = require('../../scripts/examples');
const { packAndUnpack } = require('../../scripts/lib/pack');
const { runExample } = require('../harness/exampleRun');
const { NODE_TYPE, PACKAGE_NAME, PACKAGE_ROOT, TRIGGER_TYPE } = require('../n8n-app');
const { NO_TOKEN_LEAKED, useApp } = require('../harness/useApp');

const app = useApp();
const EXAMPLES = ['account-check.json', 'crm-create-version.json'];
const examples = [...loadExamples().values()].filter((example) => EXAMPLES.includes(example.file));

let packedFiles;
let installed;

beforeAll(async () => {
	// Without scripts: the tarball of the dist/ this run built, as `npm run scan` packs it in CI.
	const { files, unpacked } = packAndUnpack(PACKAGE_ROOT, app.workDir, { runScripts: false });
	packedFiles = files;
	installed = path.join(app.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	fs.rmSync(installed, { force: true });
	fs.cpSync(unpacked, installed, { recursive: true });
	await app.importCredentials(['account']);
	await app.cli.importWorkflows(examples.map((example) => example.workflow));
});

test("the tarball's files, and nothing else, are where n8n installs the package", () => {
	ensure(!fs.lstatSync(installed).isSymbolicLink(), `${installed} is still a link`);
	const onDisk = (dir) =>
		fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
			const full = path.join(dir, entry.name);
			return entry.isDirectory() ? onDisk(full) : [path.relative(installed, full)];
		});
	expectEqual(onDisk(installed).sort(), packedFiles, 'the installed files');
	ensure(
		packedFiles.some((file) => file.startsWith('dist/nodes/Storydoc/')),
		`no node in the tarball: ${show(packedFiles)}`,
	);
});

test(`n8n loads the packed package: ${NODE_TYPE}, ${TRIGGER_TYPE} and the credential storydocApi`, async () => {
	const nodesFile = path.join(app.workDir, 'nodes.json');
	const exported = await app.cli.run(['export:nodes', `--output=${nodesFile}`]);
	ensure(exported.code === 0, `export:nodes exited ${exported.code}\n${exported.stderr}`);
	const types = JSON.parse(fs.readFileSync(nodesFile, 'utf8'));
	const loaded = (name) => types.find((type) => type.name === name);
	expectEqual(
		[NODE_TYPE, TRIGGER_TYPE].map((name) => ({
			name,
			credentials: loaded(name)?.credentials.map((credential) => credential.name),
		})),
		[NODE_TYPE, TRIGGER_TYPE].map((name) => ({ name, credentials: ['storydocApi'] })),
		'the node types n8n loaded',
	);
});

for (const example of examples) {
	test(`examples/${example.file} runs on the packed package: ${example.title}`, () =>
		runExample(app, example));
}

test('both examples are found', () => expect(examples).toHaveLength(EXAMPLES.length));

test(NO_TOKEN_LEAKED, () => app.expectNoTokenLeaked());
