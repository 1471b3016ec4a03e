'use strict';
/**
 * The comparisons of `npm run test:live`: a real account's answer against the local sandbox's answer
 * to the same request and against the expectations (./expectations.js). Pure functions: each returns
 * the differences it found as short sentences, and run.js says which request they are about. Values
 * are never compared (the account's data is not the sandbox's), only shapes.
 */
const { FIELDS, RATE_LIMIT, SHAPES, VARIABLE_TYPES } = require('./expectations');

/** A JSON value's type as the report names it. */
function typeOf(value) {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	return typeof value;
}

const childPath = (where, key) => (where ? `${where}.${key}` : key);

/**
 * Keys and value types of two JSON values: an array by its first element, below the top level only
 * the keys named in `nested`. Null on either side is not a difference (a Draft version has no
 * link, a version at the root no folder): it says nothing about the type.
 * @param {unknown} account @param {unknown} sandbox
 * @param {{ nested?: string[], ignore?: string[] }} [options]
 */
function shapeDifferences(account, sandbox, { nested = [], ignore = [] } = {}) {
	const differences = [];
	const walk = (a, s, where, descend) => {
		const [aType, sType] = [typeOf(a), typeOf(s)];
		if (aType === 'null' || sType === 'null') return;
		if (aType !== sType) {
			differences.push(`${where || 'the answer'} is ${aType} where the sandbox sends ${sType}`);
			return;
		}
		if (aType === 'array') {
			if (a.length && s.length) walk(a[0], s[0], `${where}[0]`, descend);
			return;
		}
		if (aType !== 'object' || !descend) return;
		for (const key of Object.keys(s)) {
			if (!(key in a) && !ignore.includes(key)) {
				differences.push(`no ${childPath(where, key)} (the sandbox sends ${typeOf(s[key])})`);
			}
		}
		for (const key of Object.keys(a)) {
			if (!(key in s) && !ignore.includes(key)) {
				differences.push(
					`${childPath(where, key)} (${typeOf(a[key])}), which the node and the sandbox do not know`,
				);
			}
		}
		for (const key of Object.keys(s)) {
			if (key in a && !ignore.includes(key)) {
				walk(a[key], s[key], childPath(where, key), nested.includes(key));
			}
		}
	};
	walk(account, sandbox, '', true);
	return differences;
}

/**
 * ID, date and address shapes of the fields `FIELDS[kind]` names, in one answer object or in every
 * element of a list (reported once per field). Addresses must name the answer's own story and
 * version: `known` gives them when the answer does not (the create answer has no storyId).
 * @param {unknown} answer @param {keyof FIELDS} kind @param {{ storyId?: string, versionId?: string }} [known]
 */
function fieldDifferences(answer, kind, known = {}) {
	const records = (Array.isArray(answer) ? answer : [answer]).filter(
		(record) => typeOf(record) === 'object',
	);
	const differences = [];
	for (const [field, shapeName] of Object.entries(FIELDS[kind])) {
		const shape = SHAPES[shapeName];
		for (const record of records) {
			const value = record[field];
			if (value === null || value === undefined) continue;
			const match = typeof value === 'string' ? shape.pattern.exec(value) : null;
			const problem = !match
				? `is not ${shape.says}`
				: addressMismatch(match.groups, {
						storyId: known.storyId ?? record.storyId,
						versionId:
							known.versionId ?? record.versionId ?? (kind === 'version' ? record.id : undefined),
					});
			if (problem) {
				differences.push(`${field} ${problem} (e.g. ${JSON.stringify(value)})`);
				break;
			}
		}
	}
	return differences;
}

function addressMismatch(groups, own) {
	for (const name of ['storyId', 'versionId']) {
		if (groups?.[name] && own[name] && groups[name] !== own[name]) {
			return `names another ${name === 'storyId' ? 'story' : 'version'} than the answer's own ${name}`;
		}
	}
	return undefined;
}

/**
 * The rate-limit headers: each one the sandbox sends must be there, as a count, and the maximum must
 * be the published one. @param {Record<string, string>} account @param {Record<string, string>} sandbox
 */
function headerDifferences(account, sandbox) {
	const differences = [];
	for (const name of RATE_LIMIT.headers) {
		if (sandbox[name] === undefined) continue;
		if (account[name] === undefined) differences.push(`no ${name} header (the sandbox sends one)`);
		else if (!/^\d+$/.test(account[name])) {
			differences.push(`${name} is ${JSON.stringify(account[name])}, not a count`);
		}
	}
	const maximum = account['x-rate-limit-maximum'];
	if (/^\d+$/.test(maximum ?? '') && Number(maximum) !== RATE_LIMIT.maximum) {
		differences.push(
			`x-rate-limit-maximum ${maximum} where the node and the sandbox expect ${RATE_LIMIT.maximum}`,
		);
	}
	return differences;
}

/**
 * Variable types of a story the node does not know, as `{ type, variables }`: it sends their values
 * as text without a check. @param {{ dynamicVariables?: Record<string, { type?: string }> }} story
 */
function unknownVariableTypes(story) {
	const known = new Set([...VARIABLE_TYPES.handled, ...VARIABLE_TYPES.sentAsText]);
	const unknown = new Map();
	for (const [key, variable] of Object.entries(story?.dynamicVariables ?? {})) {
		const type = typeof variable?.type === 'string' ? variable.type : undefined;
		if (type === undefined || known.has(type.toLowerCase())) continue;
		unknown.set(type, [...(unknown.get(type) ?? []), key]);
	}
	return [...unknown].map(([type, variables]) => ({ type, variables }));
}

/**
 * A short text of an answer for the report, never its values: `200 []`, `200 [3 items]`,
 * `404 "No stories found"` (the error text), `200 {orgId, title}` (the keys), `502 <html>…`.
 */
function briefAnswer({ status, json, text }) {
	if (Array.isArray(json)) {
		return `${status} ${json.length ? `[${json.length} ${json.length === 1 ? 'item' : 'items'}]` : '[]'}`;
	}
	if (typeof json?.error === 'string') return `${status} ${JSON.stringify(json.error)}`;
	if (typeOf(json) === 'object') return `${status} {${Object.keys(json).join(', ')}}`;
	const body = String(text ?? '').replace(/\s+/g, ' ');
	return `${status} ${body.length > 60 ? `${body.slice(0, 60)}…` : body}`.trimEnd();
}

module.exports = {
	typeOf,
	shapeDifferences,
	fieldDifferences,
	headerDifferences,
	unknownVariableTypes,
	briefAnswer,
};
