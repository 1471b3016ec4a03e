/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox, and write fixture files */
/**
 * Which test files `npm run test:n8n-1` leaves out (test/harness/engineFreeTests.ts): over a
 * fixture tree, and over the repository's own tests, where every file that loads n8n stays in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { engineFreeTests } from '../harness/engineFreeTests';

const ROOT = path.resolve(__dirname, '..', '..');

function fixtureTree(files: Record<string, string>): string {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-free-'));
	for (const [name, text] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
		fs.writeFileSync(path.join(root, name), text);
	}
	return root;
}

test('a test is left out only when nothing it loads, however deep, is tied to the engine line', () => {
	const root = fixtureTree({
		'nodes/pure.ts': "import type { INode } from 'n8n-workflow';\nexport const two = 2;\n",
		'nodes/engine.ts':
			"import { NodeOperationError } from 'n8n-workflow';\nexport { NodeOperationError };\n",
		'nodes/viaEngine.ts': "export { NodeOperationError } from './engine';\n",
		'test/pure.unit.test.ts': "import { two } from '../nodes/pure';\n",
		'test/deep.unit.test.ts': "import { NodeOperationError } from '../nodes/viaEngine';\n",
		'test/core.test.ts': "const core = require('n8n-core');\n",
		'test/child.test.ts': "import { spawnSync } from 'node:child_process';\n",
		'test/line.test.ts': 'const line = process.env.STORYDOC_N8N_LINE;\n',
		'test/scoped.test.ts': "import { Container } from '@n8n/di';\n",
	});
	try {
		expect(engineFreeTests(root).map((file) => path.relative(root, file))).toEqual([
			path.join('test', 'pure.unit.test.ts'),
		]);
	} finally {
		fs.rmSync(root, { recursive: true });
	}
});

test("in this repository, every test that imports n8n's packages runs on both lines", () => {
	const left = engineFreeTests(ROOT);
	expect(left.length).toBeGreaterThan(10);
	for (const file of left)
		expect(fs.readFileSync(file, 'utf8')).not.toMatch(
			/^import (?!type )[^;]*from 'n8n-(core|workflow)'/m,
		);
	expect(left.map((file) => path.relative(ROOT, file))).not.toContain(
		path.join('test', 'nodes', 'Storydoc', 'helpers', 'validation.unit.test.ts'),
	);
});
