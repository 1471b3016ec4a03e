'use strict';
/**
 * The Google Sheets API v4 as n8n's Google Sheets node (4.7) calls it for Append or Update Row and
 * Append Row, from Google's public reference: a spreadsheet's sheet properties; values read by range
 * (trailing empty rows and cells left out, as Google answers, so the node's "first empty row" is
 * right); cells written by values:batchUpdate, rows by a PUT at a row range or values:append; rows
 * added by batchUpdate's appendDimension, with the grid's row limit enforced as Google does. Errors
 * in Google's shape `{ error: { code, message, status } }`.
 */
const { StandInError, createStandIn } = require('./standIn');

const googleError = (code, status, message) =>
	new StandInError(code, { error: { code, message, status } });

/** Google's answer to a missing or wrong token, for its every API. */
const GOOGLE_UNAUTHORIZED = {
	error: {
		code: 401,
		message: 'Request had invalid authentication credentials.',
		status: 'UNAUTHENTICATED',
	},
};

/** A1 column letters to a 0-based index (A → 0, AA → 26). */
function columnIndex(letters) {
	let index = 0;
	for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
	return index - 1;
}

/**
 * A range as the node sends it: `'Title'` (the whole sheet), `Title!3:4` (rows) or `Title!B3`
 * (a cell), URL-decoded. Rows and columns 0-based; `toRow` inclusive, undefined for "to the end".
 */
function parseRange(text) {
	const decoded = decodeURIComponent(text);
	const bang = decoded.lastIndexOf('!');
	const title = (bang === -1 ? decoded : decoded.slice(0, bang)).replace(/^'(.*)'$/, '$1');
	if (bang === -1) return { title, fromRow: 0, toRow: undefined, column: 0 };
	const part = decoded.slice(bang + 1);
	const rows = /^(\d+):(\d+)$/.exec(part);
	if (rows) return { title, fromRow: Number(rows[1]) - 1, toRow: Number(rows[2]) - 1, column: 0 };
	const cell = /^([A-Za-z]+)(\d+)$/.exec(part);
	if (cell)
		return {
			title,
			fromRow: Number(cell[2]) - 1,
			toRow: Number(cell[2]) - 1,
			column: columnIndex(cell[1]),
		};
	throw googleError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${decoded}`);
}

/** The rows as Google answers them: trailing empty cells and rows left out. */
function trimmed(rows) {
	const kept = rows.map((row) => {
		const copy = [...row];
		while (copy.length && (copy[copy.length - 1] === '' || copy[copy.length - 1] == null))
			copy.pop();
		return copy;
	});
	while (kept.length && kept[kept.length - 1].length === 0) kept.pop();
	return kept;
}

/** FORMATTED_VALUE shows every cell as text; UNFORMATTED_VALUE numbers as numbers. */
const rendered = (rows, option) =>
	option === 'UNFORMATTED_VALUE'
		? rows
		: rows.map((row) => row.map((cell) => (cell == null ? '' : String(cell))));

/** USER_ENTERED parses numbers typed as text; RAW keeps what was sent. */
const entered = (value, option) =>
	option === 'USER_ENTERED' && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
		? Number(value)
		: (value ?? '');

/** The stand-in's spreadsheets: find one, find a sheet by title, write cells. */
function workbook(state) {
	const spreadsheet = (id) => {
		const found = state.spreadsheets[id];
		if (!found) throw googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
		return found;
	};
	const sheetOf = (id, title) => {
		const sheet = spreadsheet(id).find((candidate) => candidate.title === title);
		if (!sheet) throw googleError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${title}`);
		return sheet;
	};
	const write = (sheet, fromRow, column, values, option) => {
		if (fromRow + values.length > sheet.rowCount)
			throw googleError(
				400,
				'INVALID_ARGUMENT',
				`Range ('${sheet.title}'!A${fromRow + values.length}) exceeds grid limits. Max rows: ${sheet.rowCount}, max columns: ${sheet.columnCount}`,
			);
		values.forEach((row, offset) => {
			const target = (sheet.rows[fromRow + offset] ??= []);
			row.forEach((value, index) => {
				while (target.length < column + index) target.push('');
				target[column + index] = entered(value, option);
			});
		});
		for (let index = 0; index < sheet.rows.length; index++) sheet.rows[index] ??= [];
	};
	return { spreadsheet, sheetOf, write };
}

/** The reads: sheet properties, values by range. */
function readRoutes({ spreadsheet, sheetOf }) {
	return [
		[
			'GET',
			/^\/v4\/spreadsheets\/([-\w]+)$/,
			({ params: [id] }) => ({
				sheets: spreadsheet(id).map(({ sheetId, title, rowCount, columnCount }, index) => ({
					properties: {
						sheetId,
						title,
						index,
						sheetType: 'GRID',
						gridProperties: { rowCount, columnCount },
					},
				})),
			}),
		],
		[
			'GET',
			/^\/v4\/spreadsheets\/([-\w]+)\/values\/(.+)$/,
			({ params: [id, range], query }) => {
				const { title, fromRow, toRow } = parseRange(range);
				const rows = trimmed(sheetOf(id, title).rows).slice(
					fromRow,
					toRow === undefined ? undefined : toRow + 1,
				);
				const values = rendered(rows, query.get('valueRenderOption'));
				return {
					range: decodeURIComponent(range),
					majorDimension: 'ROWS',
					...(values.length ? { values } : {}),
				};
			},
		],
	];
}

/** The writes: cells, rows added, rows written at a range or appended. */
function writeRoutes({ spreadsheet, sheetOf, write }) {
	return [
		[
			'POST',
			/^\/v4\/spreadsheets\/([-\w]+)\/values:batchUpdate$/,
			({ params: [id], body }) => {
				for (const { range, values } of body?.data ?? []) {
					const { title, fromRow, column } = parseRange(range);
					write(sheetOf(id, title), fromRow, column, values, body.valueInputOption);
				}
				return { spreadsheetId: id, totalUpdatedCells: (body?.data ?? []).length };
			},
		],
		[
			'POST',
			/^\/v4\/spreadsheets\/([-\w]+):batchUpdate$/,
			({ params: [id], body }) => {
				for (const request of body?.requests ?? []) {
					const grow = request.appendDimension;
					if (!grow || grow.dimension !== 'ROWS')
						throw googleError(
							400,
							'INVALID_ARGUMENT',
							'Only appendDimension of ROWS is stood in for',
						);
					const sheet = spreadsheet(id).find((each) => each.sheetId === Number(grow.sheetId));
					if (!sheet)
						throw googleError(400, 'INVALID_ARGUMENT', `No grid with id: ${grow.sheetId}`);
					sheet.rowCount += grow.length;
				}
				return { spreadsheetId: id, replies: (body?.requests ?? []).map(() => ({})) };
			},
		],
		[
			'POST',
			/^\/v4\/spreadsheets\/([-\w]+)\/values\/(.+):append$/,
			({ params: [id, range], query, body }) => {
				const { title } = parseRange(range);
				const sheet = sheetOf(id, title);
				const fromRow = trimmed(sheet.rows).length;
				sheet.rowCount = Math.max(sheet.rowCount, fromRow + body.values.length);
				write(sheet, fromRow, 0, body.values, query.get('valueInputOption'));
				return { spreadsheetId: id, updates: { updatedRows: body.values.length } };
			},
		],
		[
			'PUT',
			/^\/v4\/spreadsheets\/([-\w]+)\/values\/(.+)$/,
			({ params: [id, range], query, body }) => {
				const { title, fromRow, column } = parseRange(range);
				write(sheetOf(id, title), fromRow, column, body.values, query.get('valueInputOption'));
				return { spreadsheetId: id, updatedRows: body.values.length };
			},
		],
	];
}

/** @param {{ token: string, spreadsheets: Record<string, Array<{ sheetId: number, title: string, rows: unknown[][] }>> }} options */
function createGoogleSheets({ token, spreadsheets }) {
	const state = { spreadsheets: {} };
	const reset = () => {
		state.spreadsheets = structuredClone(
			Object.fromEntries(
				Object.entries(spreadsheets).map(([id, sheets]) => [
					id,
					sheets.map((sheet) => ({ rowCount: 1000, columnCount: 26, ...sheet })),
				]),
			),
		);
	};
	reset();
	const book = workbook(state);
	const routes = [...readRoutes(book), ...writeRoutes(book)];
	const standIn = createStandIn({
		name: 'Google Sheets',
		hosts: ['sheets.googleapis.com'],
		token,
		routes,
		unauthorized: GOOGLE_UNAUTHORIZED,
		faultBody: (status) => ({
			error: {
				code: status,
				message: status === 429 ? 'Quota exceeded' : 'Internal error encountered.',
				status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL',
			},
		}),
	});
	return Object.assign(standIn, { state, reset });
}

module.exports = { GOOGLE_UNAUTHORIZED, googleError, createGoogleSheets };
