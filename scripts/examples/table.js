'use strict';
/** A plain-text table: columns padded to their widest cell. */
function table(headers, rows) {
	const widths = headers.map((header, column) =>
		Math.max(header.length, ...rows.map((row) => String(row[column]).length)),
	);
	const line = (cells) =>
		cells
			.map((cell, column) => String(cell).padEnd(widths[column]))
			.join('  ')
			.trimEnd();
	return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

module.exports = { table };
