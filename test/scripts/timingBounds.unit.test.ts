/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests run in Node, not in n8n's node sandbox, and read the repository's files */
/**
 * No test bounds an elapsed time from above on a real clock, or on a worker's clock that runs faster
 * than real time: a busy machine breaks such a bound, not the code (docs/development.md › Tests on a
 * busy machine). A bound on how long something takes is checked in virtual time, where the clock is
 * the test's own (a simulation, jest's fake timers), and says so with a `// virtual time: <which
 * clock>` comment on its line or in the lines just above it; timings otherwise belong in the
 * benchmarks. Found with TypeScript's parser in test/ and e2e/: an `expect(…)` bounded from above
 * (toBeLessThan, toBeLessThanOrEqual, toBeCloseTo, toBeWithin, `.not.toBeGreaterThan…`), or a
 * comparison in `ensure`/`assert` or in `expect(…).toBe(true)`, whose bounded side names a time
 * (seconds, ms, elapsed, duration, took, time, now, gap, hrtime…); and a test's own timeout below
 * jest's default.
 */
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

import jestConfig from '../../jest.config';

import { filesUnder } from '../harness/repoFiles';

const ROOT = path.resolve(__dirname, '..', '..');
const FOLDERS = ['test', 'e2e'];
const SOURCE = /\.(?:ts|js|cjs|mjs)$/;
const SKIPPED = new Set(['node_modules', 'engines']);
const TIME_WORDS = new Set([
	'seconds',
	'secs',
	'ms',
	'millis',
	'milliseconds',
	'elapsed',
	'duration',
	'took',
	'time',
	'now',
	'gap',
	'gaps',
	'hrtime',
	'deadline',
	'remaining',
]);
const UPPER_MATCHERS = new Set([
	'toBeLessThan',
	'toBeLessThanOrEqual',
	'toBeCloseTo',
	'toBeWithin',
]);
const LOWER_MATCHERS = new Set(['toBeGreaterThan', 'toBeGreaterThanOrEqual']);
const TRUTH_MATCHERS = new Map([
	['toBe', undefined],
	['toBeTruthy', true],
	['toBeFalsy', false],
]);
const CONDITION_CALLS = new Set(['ensure', 'assert', 'assert.ok', 'ok']);
const MARKER = /\/\/\s*virtual time:\s*\S/;
/** A file that marks virtual time runs nothing on a real clock (no sandbox, engine, worker or app). */
const REAL_CLOCK_HARNESS = /\b(?:useSandbox|createSandbox|runWorkflow|runWorker|useApp)\(/;

/**
 * Bounds allowed anyway: the file, a piece of the bound's text, and why. Keep it to what cannot move
 * yet; an entry that no longer matches anything fails.
 */
const ALLOWED: Array<{ file: string; text: string; why: string }> = [];

interface Bound {
	file: string;
	line: number;
	text: string;
}

const sourceFiles = (folder: string) =>
	filesUnder(ROOT, folder, (name) => SOURCE.test(name), SKIPPED);

/** The words of an identifier: `lastAnswerMs` → last, answer, ms; `WINDOW_MS` → window, ms. */
const wordsOf = (name: string) =>
	name
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.split(/[^A-Za-z]+/)
		.map((word) => word.toLowerCase());

/** Whether an expression names a time, outside the functions inside it and its strings. */
function namesTime(expression: ts.Node): boolean {
	if (ts.isFunctionLike(expression)) return false;
	if (ts.isIdentifier(expression) || ts.isPrivateIdentifier(expression))
		return wordsOf(expression.text).some((word) => TIME_WORDS.has(word));
	return ts.forEachChild(expression, (child) => namesTime(child) || undefined) ?? false;
}

/** A time left (`deadline - Date.now()`): bounding it from below bounds the time spent from above. */
function namesTimeLeft(expression: ts.Node): boolean {
	if (ts.isFunctionLike(expression)) return false;
	if (
		ts.isBinaryExpression(expression) &&
		expression.operatorToken.kind === ts.SyntaxKind.MinusToken &&
		namesTime(expression.right)
	)
		return true;
	if (ts.isIdentifier(expression))
		return wordsOf(expression.text).some((word) => word === 'deadline' || word === 'remaining');
	return ts.forEachChild(expression, (child) => namesTimeLeft(child) || undefined) ?? false;
}

/** Whether a condition (`ensure`'s, or an expect's that must be true) holds a time below a bound. */
function boundsTime(condition: ts.Node, holds = true): boolean {
	if (
		ts.isPrefixUnaryExpression(condition) &&
		condition.operator === ts.SyntaxKind.ExclamationToken
	)
		return boundsTime(condition.operand, !holds);
	if (ts.isBinaryExpression(condition)) {
		const kind = condition.operatorToken.kind;
		const below = [ts.SyntaxKind.LessThanToken, ts.SyntaxKind.LessThanEqualsToken].includes(kind);
		const above = [ts.SyntaxKind.GreaterThanToken, ts.SyntaxKind.GreaterThanEqualsToken].includes(
			kind,
		);
		if (below || above) return namesTime(below === holds ? condition.left : condition.right);
	}
	return ts.forEachChild(condition, (child) => boundsTime(child, holds) || undefined) ?? false;
}

/** The matcher calls of `expect(actual)…matcher(args)`: actual, matcher, whether `.not`, args. */
function expectation(call: ts.CallExpression) {
	if (!ts.isPropertyAccessExpression(call.expression)) return undefined;
	const matcher = call.expression.name.text;
	let target = call.expression.expression;
	let negated = false;
	while (ts.isPropertyAccessExpression(target)) {
		if (target.name.text === 'not') negated = !negated;
		target = target.expression;
	}
	if (!ts.isCallExpression(target) || target.expression.getText() !== 'expect') return undefined;
	const [actual] = target.arguments;
	return actual ? { actual, matcher, negated, args: call.arguments } : undefined;
}

/** Whether a call bounds an elapsed time from above. */
function isTimeBound(call: ts.CallExpression): boolean {
	const expected = expectation(call);
	if (expected) {
		const { actual, matcher, negated, args } = expected;
		const upper = negated ? LOWER_MATCHERS.has(matcher) : UPPER_MATCHERS.has(matcher);
		const lower = negated ? UPPER_MATCHERS.has(matcher) : LOWER_MATCHERS.has(matcher);
		if (upper) return namesTime(actual);
		if (lower) return namesTimeLeft(actual);
		if (TRUTH_MATCHERS.has(matcher)) {
			const literal = args[0]?.kind;
			const wanted =
				TRUTH_MATCHERS.get(matcher) ??
				(literal === ts.SyntaxKind.TrueKeyword
					? true
					: literal === ts.SyntaxKind.FalseKeyword
						? false
						: undefined);
			return wanted !== undefined && boundsTime(actual, wanted !== negated);
		}
		return false;
	}
	const [condition] = call.arguments;
	return CONDITION_CALLS.has(call.expression.getText()) && !!condition && boundsTime(condition);
}

/** A test's or hook's own timeout (its last argument, a number), or jest.setTimeout's. */
function ownTimeout(call: ts.CallExpression): number | undefined {
	const callee = call.expression.getText();
	const isTest = /^(?:test|it)(?:\.(?:only|skip|concurrent|failing))?(?:\.each\b[\s\S]*)?$/.test(
		callee,
	);
	const isHook = /^(?:before|after)(?:All|Each)$/.test(callee);
	const argument =
		callee === 'jest.setTimeout'
			? call.arguments[0]
			: (isTest && call.arguments.length === 3) || (isHook && call.arguments.length === 2)
				? call.arguments[call.arguments.length - 1]
				: undefined;
	return argument ? numberOf(argument) : undefined;
}

function numberOf(node: ts.Node): number | undefined {
	if (ts.isNumericLiteral(node)) return Number(node.text.replace(/_/g, ''));
	if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) {
		const [left, right] = [numberOf(node.left), numberOf(node.right)];
		return left === undefined || right === undefined ? undefined : left * right;
	}
	return undefined;
}

/** Whether a `// virtual time:` comment is on the call's lines or in the lines just above it (up to a blank one). */
function markedVirtual(lines: string[], first: number, last: number): boolean {
	let start = first;
	while (start > 0 && lines[start - 1].trim() !== '') start--;
	return lines.slice(start, last + 1).some((line) => MARKER.test(line));
}

/** The bounds on elapsed time in one source file, and its timeouts below jest's default. */
function timingBounds(file: string, text: string, defaultTimeoutMs: number) {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const lines = text.split('\n');
	const bounds: Bound[] = [];
	const timeouts: Bound[] = [];
	const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line;
	const visit = (node: ts.Node) => {
		if (ts.isCallExpression(node)) {
			const first = at(node);
			const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			const bound = { file, line: first + 1, text: node.getText().replace(/\s+/g, ' ') };
			if (isTimeBound(node) && !markedVirtual(lines, first, last)) bounds.push(bound);
			const timeout = ownTimeout(node);
			if (timeout !== undefined && timeout < defaultTimeoutMs)
				timeouts.push({ ...bound, text: `timeout ${timeout} ms` });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	const realClock = MARKER.test(text) && REAL_CLOCK_HARNESS.test(text);
	return { bounds, timeouts, realClock };
}

const allowedBy = (bound: Bound) =>
	ALLOWED.find((entry) => entry.file === bound.file && bound.text.includes(entry.text));

const DEFAULT_TIMEOUT_MS = jestConfig.testTimeout ?? 5000;
const files = FOLDERS.flatMap(sourceFiles);
const found = files.map((file) =>
	timingBounds(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), DEFAULT_TIMEOUT_MS),
);
const bounds = found.flatMap((result) => result.bounds);
const where = (bound: Bound) => `${bound.file}:${bound.line}  ${bound.text}`;

describe('the check itself', () => {
	const check = (code: string) => timingBounds('example.test.ts', code, 30_000);

	test.each([
		'expect(run.seconds).toBeLessThan(180);',
		'expect(Date.now() - started).toBeLessThan(10_000);',
		'expect(\n\tDate.now() - started,\n).toBeLessThanOrEqual(500);',
		'expect(perItemMs).toBeLessThan(1);',
		'expect(process.hrtime.bigint() - started).not.toBeGreaterThan(5n);',
		'expect(deadline - Date.now()).toBeGreaterThan(0);',
		'expect(elapsed < 100).toBe(true);',
		'ensure(seconds / ideal <= 1.15, "too slow");',
		'ensure(gaps.every((gap) => gap >= 50 && gap <= 70), "polls");',
		'test("waits", async () => {}, 10_000);',
	])('finds %s', (code) => {
		const { bounds: offences, timeouts } = check(code);
		expect([...offences, ...timeouts]).toHaveLength(1);
	});

	test.each([
		'expect(run.seconds).toBeGreaterThanOrEqual(120);',
		'expect(Date.parse(cursor.timestamp)).toBeLessThanOrEqual(Date.now());',
		'ensure(cursorAt >= activatedFrom && cursorAt <= Date.now(), "the cursor");',
		'expect(posts.length).toBeLessThan(40);',
		'expect(text.length).toBeLessThan(320); // "seconds" in a comment',
		"expect(entries.filter((entry) => entry.time > 'x').length).toBeLessThan(3);",
		"// virtual time: the simulation's clock\nexpect(result.lastAnswerMs).toBeLessThan(9);",
		"expect(ms).toBeLessThan(9); // virtual time: jest's fake clock",
		'test("waits", async () => {}, 60_000);',
	])('lets %s be', (code) => {
		const { bounds: offences, timeouts } = check(code);
		expect([...offences, ...timeouts]).toEqual([]);
	});

	test('a blank line ends what a marker covers', () => {
		const code = '// virtual time: fake timers\nexpect(a).toBe(1);\n\nexpect(ms).toBeLessThan(9);';
		expect(check(code).bounds.map((bound) => bound.line)).toEqual([4]);
	});
});

test('test/ and e2e/ hold the sources to check', () => {
	expect(files.filter((file) => file.startsWith('test/')).length).toBeGreaterThan(50);
	expect(files.filter((file) => file.startsWith('e2e/')).length).toBeGreaterThan(10);
});

test('no test bounds an elapsed time from above on a real clock (or mark it `// virtual time: <clock>`)', () => {
	expect(bounds.filter((bound) => !allowedBy(bound)).map(where)).toEqual([]);
});

test('every allowed bound is still there, and says why', () => {
	for (const entry of ALLOWED) expect(entry.why.length).toBeGreaterThan(20);
	expect(ALLOWED.filter((entry) => !bounds.some((bound) => allowedBy(bound) === entry))).toEqual(
		[],
	);
});

test(`no test lowers jest's timeout below its default (${DEFAULT_TIMEOUT_MS} ms)`, () => {
	expect(found.flatMap((result) => result.timeouts).map(where)).toEqual([]);
});

test('a file marking virtual time runs nothing on a real clock (sandbox, engine, worker, app)', () => {
	expect(files.filter((_, index) => found[index].realClock)).toEqual([]);
});
