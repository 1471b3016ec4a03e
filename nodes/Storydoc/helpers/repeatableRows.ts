import type { IDataObject } from 'n8n-workflow';

import type { ItemContext } from './fieldError';
import { valueGiven } from './fieldError';
import type { RowParameter } from './interfaces';
import type { GroupShape } from './storyFields';
import { describeRowKeys } from './storyFields';
import { hasOwn, isEmpty, isPlainObject, jsonArray, numberOf, numberValue } from './values';

type DataValue = IDataObject[string];

function cellValue(item: ItemContext, field: string, type: string, value: unknown): DataValue {
	if (type.toLowerCase() === 'number') return numberOf(item, field, value);
	if (value !== null && typeof value === 'object')
		throw item.error(field, 'must be a single value', valueGiven(value));
	return value as DataValue;
}

/** Checks rows against their group's shape: unknown keys fail, generated keys are dropped. */
export function groupRows(
	item: ItemContext,
	field: string,
	value: unknown,
	shape: GroupShape,
): IDataObject[] {
	return jsonArray(item, field, value).map((row, index) => {
		if (!isPlainObject(row))
			throw item.error(field, `row ${index + 1} must be an object`, valueGiven(row));
		const clean: IDataObject = {};
		for (const [key, cell] of Object.entries(row)) {
			if (shape.generated.includes(key) || isEmpty(cell)) continue;
			if (hasOwn(shape.children, key)) {
				clean[key] = groupRows(item, `${field} › ${key}`, cell, shape.children[key]);
			} else if (hasOwn(shape.fields, key)) {
				clean[key] = cellValue(item, `${field} › ${key}`, shape.fields[key], cell);
			} else {
				throw item.error(
					field,
					`row ${index + 1} has a key the group "${shape.name}" does not have: "${key}"`,
					`A row of "${shape.name}" holds: ${describeRowKeys(shape)}.`,
				);
			}
		}
		return clean;
	});
}

interface EnteredRow {
	index: number;
	path: string[];
	values: IDataObject;
	parentRow: unknown;
}

function groupAt(groups: Map<string, GroupShape>, path: string[]): GroupShape | undefined {
	let shape = groups.get(path[0]);
	for (const key of path.slice(1))
		shape = shape && hasOwn(shape.children, key) ? shape.children[key] : undefined;
	return shape;
}

function enteredRow(
	item: ItemContext,
	row: RowParameter,
	index: number,
	groups: Map<string, GroupShape>,
): EnteredRow {
	const label = `Repeatable Rows › Row ${index + 1}`;
	const cells = row.cells?.cell ?? [];
	if (cells.length === 0)
		throw item.error(
			label,
			'has no values',
			'Add at least one field and its value, or remove the row.',
		);
	let path: string[] | undefined;
	const values: IDataObject = {};
	for (const cell of cells) {
		const fieldPath = String(cell.field ?? '')
			.trim()
			.split('.');
		const groupPath = fieldPath.slice(0, -1);
		const key = fieldPath[fieldPath.length - 1];
		const shape = groupPath.length > 0 ? groupAt(groups, groupPath) : undefined;
		if (!shape) {
			throw item.error(
				label,
				`names a field of no repeatable group of this story: "${String(cell.field ?? '')}"`,
				groups.size
					? `Groups of the story: ${[...groups.keys()].join(', ')}. Pick the field from the list.`
					: "The story's groups come with its variables: open the node so Variables loads them, then pick the field from the list.",
			);
		}
		if (path && path.join('.') !== groupPath.join('.')) {
			throw item.error(
				label,
				`mixes fields of "${path.join(' › ')}" and "${groupPath.join(' › ')}"`,
				'One row belongs to one group.',
			);
		}
		path = groupPath;
		if (shape.generated.includes(key) || isEmpty(cell.value)) continue;
		if (!hasOwn(shape.fields, key)) {
			throw item.error(
				label,
				`has a key the group "${shape.name}" does not have: "${key}"`,
				`A row of "${shape.name}" holds: ${describeRowKeys(shape)}.`,
			);
		}
		values[key] = cellValue(item, `${label} › ${key}`, shape.fields[key], cell.value);
	}
	return { index, path: path as string[], values, parentRow: row.parentRow };
}

/** Each top-level group's rows as entered, nested rows inside their parent group's Parent Row-th row. */
export function enteredRows(
	item: ItemContext,
	rows: RowParameter[],
	groups: Map<string, GroupShape>,
): Map<string, IDataObject[]> {
	const entered = rows.map((row, index) => enteredRow(item, row, index, groups));
	// Parents first, so a nested row can name a parent entered below it.
	const byDepth = [...entered].sort((a, b) => a.path.length - b.path.length || a.index - b.index);
	const rowsOfGroup = new Map<string, IDataObject[]>();
	const topLevel = new Map<string, IDataObject[]>();
	for (const row of byDepth) {
		const groupKey = row.path.join('.');
		if (!rowsOfGroup.has(groupKey)) rowsOfGroup.set(groupKey, []);
		rowsOfGroup.get(groupKey)!.push(row.values);
		if (row.path.length === 1) {
			if (!topLevel.has(groupKey)) topLevel.set(groupKey, []);
			topLevel.get(groupKey)!.push(row.values);
			continue;
		}
		const parentPath = row.path.slice(0, -1);
		const parents = rowsOfGroup.get(parentPath.join('.')) ?? [];
		const number = numberValue(row.parentRow);
		const parent =
			number !== undefined && Number.isInteger(number) && number >= 1
				? parents[number - 1]
				: undefined;
		if (!parent) {
			throw item.error(
				`Repeatable Rows › Row ${row.index + 1} › Parent Row`,
				`must be the number of a row entered for "${parentPath.join(' › ')}" (1 to ${parents.length})`,
				valueGiven(row.parentRow),
			);
		}
		const childKey = row.path[row.path.length - 1];
		const children = Array.isArray(parent[childKey]) ? (parent[childKey] as IDataObject[]) : [];
		children.push(row.values);
		parent[childKey] = children;
	}
	return topLevel;
}
